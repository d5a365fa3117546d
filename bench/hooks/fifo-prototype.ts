// PROTOTYPE, measured by the benchmark, not used by the shim: the hook as plain POSIX sh writing one line
// to a FIFO (no node start-up). The line is `<token> <event> <payload, cut, newlines removed>`; the
// server would map the payload itself (map-event.ts). See run.ts's notes for why it is not the default.
import { execFileSync } from 'node:child_process';
import { constants, openSync } from 'node:fs';
import { Socket } from 'node:net';
import { join } from 'node:path';

/** Linux's PIPE_BUF is 4096: a write up to it is never interleaved with another hook's. macOS's is 512. */
const PAYLOAD_CUT_BYTES = 3000;

/** The hook command Claude Code would run with /bin/sh -c for `event` (the FIFO and token come from the env). */
export function fifoHookCommand(event: string): string {
  const read = event === 'UserPromptSubmit' || event === 'Stop' ? "p='{}'" : `p=$(head -c ${PAYLOAD_CUT_BYTES} | tr -d '\\n')`;
  return `f=$OSF7501_HOOK_FIFO; if [ -n "$f" ] && [ -p "$f" ]; then ${read}; printf '%s %s %s\\n' "$OSF7501_HOOK_TOKEN" ${event} "$p" > "$f"; fi; true`;
}

/** Reads lines from a FIFO it creates in `dir`; keeps it open read-write so writers never block nor see EOF. */
export class FifoReader {
  readonly path: string;
  lines = 0;
  private readonly socket: Socket;
  private pending = '';

  constructor(dir: string) {
    this.path = join(dir, 'hook.fifo');
    execFileSync('mkfifo', ['-m', '600', this.path]); // node has no mkfifo
    const fd = openSync(this.path, constants.O_RDWR | constants.O_NONBLOCK);
    this.socket = new Socket({ fd, readable: true, writable: false });
    this.socket.on('data', (chunk: Buffer) => {
      this.pending += chunk.toString('utf8');
      let i: number;
      while ((i = this.pending.indexOf('\n')) >= 0) {
        this.lines++;
        this.pending = this.pending.slice(i + 1);
      }
    });
  }

  /** Idempotent. */
  dispose(): void {
    this.socket.destroy();
  }
}
