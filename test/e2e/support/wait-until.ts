// Polling a condition in the e2e tests that drive real tmux servers and wrapped programs.

/** Hang guard for one wait (not a performance bound). */
export const WAIT_MS = 30_000;

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `check()` holds (polled every 50 ms); rejects naming `what` (and `detail()`) after WAIT_MS. */
export async function waitUntil(check: () => boolean, what: string, detail: () => string = () => ''): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${detail()}`);
    await sleep(50);
  }
}
