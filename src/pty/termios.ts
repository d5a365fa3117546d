// The PTY's line discipline (ICANON, ECHO) as `stty -g` prints it: node-pty does not expose tcgetattr.
import { execFile } from 'node:child_process';
import type { LineMode } from '../signals/terminal-state.js';

/** How long one `stty` may take before its answer counts as unknown (a hung terminal must not stall the poll). */
const STTY_TIMEOUT_MS = 1000;

/** ICANON and ECHO in `c_lflag`, per platform (Linux's termios.h; macOS/BSD's). */
const LFLAG_BITS: Readonly<Record<string, { icanon: number; echo: number }>> = {
  linux: { icanon: 0x2, echo: 0x8 },
  darwin: { icanon: 0x100, echo: 0x8 },
};

/** The two facts of termios the signals need. */
export interface LineDiscipline {
  mode: LineMode;
  echo: boolean;
}

/**
 * `stty -g`'s line, parsed: GNU's `iflag:oflag:cflag:lflag:cc…` (hex), or BSD's `gfmt1:cflag=…:iflag=…:lflag=…`.
 * Undefined for anything else.
 */
export function parseSttyG(line: string, platform: string): LineDiscipline | undefined {
  const bits = LFLAG_BITS[platform];
  if (bits === undefined) return undefined;
  const text = line.trim();
  let lflag: number;
  if (text.startsWith('gfmt1:')) {
    const field = text.split(':').find((f) => f.startsWith('lflag='));
    if (field === undefined) return undefined;
    lflag = parseInt(field.slice('lflag='.length), 16);
  } else {
    const fields = text.split(':');
    if (fields.length < 4 || !/^[0-9a-f]+$/iu.test(fields[3] ?? '')) return undefined;
    lflag = parseInt(fields[3] ?? '', 16);
  }
  if (!Number.isFinite(lflag)) return undefined;
  return { mode: (lflag & bits.icanon) !== 0 ? 'canonical' : 'raw', echo: (lflag & bits.echo) !== 0 };
}

/**
 * Reads the line discipline of the terminal at `path` (the PTY's slave, `/dev/pts/N`) with one `stty` process:
 * Linux's `stty -F`, macOS's `stty -f`. On a PTY the slave's termios is the one the program set. Undefined when
 * stty fails, is missing, or takes longer than STTY_TIMEOUT_MS.
 */
export function readLineDiscipline(path: string, platform: string = process.platform): Promise<LineDiscipline | undefined> {
  const flag = platform === 'linux' ? '-F' : '-f';
  return new Promise((resolve) => {
    try {
      execFile('stty', [flag, path, '-g'], { timeout: STTY_TIMEOUT_MS, windowsHide: true }, (error, stdout) => {
        resolve(error ? undefined : parseSttyG(String(stdout), platform));
      });
    } catch {
      resolve(undefined);
    }
  });
}
