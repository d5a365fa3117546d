// kitty exports no version to its programs: `kitty --version` says it (`kitty 0.47.0 created by Kovid Goyal`).
import { execFile } from 'node:child_process';

/** Longest wait for `kitty --version` (ms): the bar starts when it answers, the session never waits on it. */
const KITTY_VERSION_TIMEOUT_MS = 2_000;

/** The first line `kitty --version` prints (the kitty on PATH), or undefined when it cannot be run or fails. */
export function kittyVersion(env: NodeJS.ProcessEnv): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('kitty', ['--version'], { env, timeout: KITTY_VERSION_TIMEOUT_MS, encoding: 'utf8' }, (error, stdout) => {
      resolve(error === null ? stdout.split('\n')[0] : undefined);
    });
  });
}
