// A PtySession running `sh -c script` in `cwd`, for the PtySession tests.
import { PtySession, type PtySpawnOptions } from '../../../src/pty/pty-session.js';

export function shSession(script: string, cwd: string, reads?: PtySpawnOptions['reads']): PtySession {
  return new PtySession({
    file: '/bin/sh',
    args: ['-c', script],
    cols: 80,
    rows: 24,
    cwd,
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' },
    term: 'xterm',
    ...(reads === undefined ? {} : { reads }),
  });
}
