// Hook commands the benchmark measures beside the shipped one (src/hooks/settings.ts fifoHookCommand),
// to show why it is built the way it is. None is used by the shim.
import { execFileSync } from 'node:child_process';
import { constants, openSync } from 'node:fs';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { PAYLOAD_MAX_BYTES, type HookEventName } from '../../src/hooks/events.js';

const LINE_END = '\\n';

/** The shipped command's shape, but shipping the payload for any event (e.g. PreToolUse, to name its tool). */
export function withPayload(event: HookEventName): string {
  return (
    `f=$OSF7501_HOOK_FIFO; [ -p "$f" ] && { head -c ${PAYLOAD_MAX_BYTES} 2>/dev/null >"\${f%/*}/payload.$$"; ` +
    `printf '%s ${event} payload.%s${LINE_END}' "$OSF7501_HOOK_TOKEN" "$$" 2>/dev/null 1<>"$f"; }; exit 0`
  );
}

/** The shipped no-payload command, but draining stdin first (`cat`: no EPIPE for Claude Code whatever the payload size). */
export function drained(event: HookEventName): string {
  return `cat >/dev/null 2>&1; f=$OSF7501_HOOK_FIFO; [ -p "$f" ] && printf '%s ${event}${LINE_END}' "$OSF7501_HOOK_TOKEN" 2>/dev/null 1<>"$f"; exit 0`;
}

/** The payload command with its read bounded in time by coreutils `timeout` (not on macOS by default). */
export function timeBounded(event: HookEventName): string {
  return (
    `f=$OSF7501_HOOK_FIFO; [ -p "$f" ] && { timeout 1 head -c ${PAYLOAD_MAX_BYTES} 2>/dev/null >"\${f%/*}/payload.$$"; ` +
    `printf '%s ${event} payload.%s${LINE_END}' "$OSF7501_HOOK_TOKEN" "$$" 2>/dev/null 1<>"$f"; }; exit 0`
  );
}

/**
 * The first prototype: the payload inline in the line, cut to fit one atomic write and its newlines removed
 * (`$(head -c … | tr -d '\n')`: a subshell, two programs). The cut loses what Claude Code puts after
 * session_id, transcript_path and cwd, so the shim cannot name the command. Writes to $SINK (any FIFO).
 */
export function inlinePayload(event: HookEventName): string {
  return `f=$SINK; [ -p "$f" ] && { p=$(head -c 400 | tr -d '${LINE_END}'); printf '%s ${event} %s${LINE_END}' "$OSF7501_HOOK_TOKEN" "$p" 2>/dev/null 1<>"$f"; }; exit 0`;
}

/** A FIFO that only counts the lines written to it (for commands whose lines the real server would refuse). */
export class FifoSink {
  readonly path: string;
  lines = 0;
  private readonly socket: Socket;

  constructor(dir: string) {
    this.path = join(dir, 'sink.fifo');
    execFileSync('mkfifo', ['-m', '600', this.path]);
    this.socket = new Socket({ fd: openSync(this.path, constants.O_RDWR | constants.O_NONBLOCK), readable: true, writable: false });
    this.socket.on('data', (chunk: Buffer) => {
      for (const byte of chunk) if (byte === 0x0a) this.lines++;
    });
  }

  dispose(): void {
    this.socket.destroy();
  }
}
