// Running npm from the harness (installing agents into their caches), and telling "the registry cannot be
// reached" from any other failure, so that tests skip with a reason instead of failing.
import { execFile } from 'node:child_process';

/** npm's words for "the registry cannot be reached" (offline CI, no proxy). */
const NO_REGISTRY =
  /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ERR_SOCKET_TIMEOUT|network request to .* failed|request to .* failed)\b/;

/** Runs npm; resolves to { error, stdout, output } (never rejects). */
export function runNpm(args, timeoutMs) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  return new Promise((resolve) => {
    execFile(npm, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ error, stdout: String(stdout), output: `${error ? error.message : ''}\n${stdout}\n${stderr}` }),
    );
  });
}

/** Why npm could not reach the registry (a short phrase), or undefined when that was not the problem. */
export function registryProblem(result, timeoutMs) {
  if (!result.error) return undefined;
  if (result.error.killed === true || result.error.signal === 'SIGTERM') return `npm did not finish in ${timeoutMs / 1000} s`;
  return NO_REGISTRY.exec(result.output)?.[0];
}
