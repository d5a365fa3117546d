// What the terminal itself says of the foreground program (termios and /proc, not the screen), and its line in a recording.

/** The line discipline's mode: the kernel edits a line (`canonical`, ICANON on), or the program reads keys (`raw`). */
export type LineMode = 'canonical' | 'raw';

/**
 * The terminal's state as read at one moment. Every field is undefined when it could not be read (no /proc on
 * macOS, another user's process such as a setuid sudo, a terminal already closed).
 */
export interface TerminalState {
  /** ICANON on or off. */
  mode?: LineMode;
  /** ECHO on; false while a secret is typed (getpass, sudo, ssh, `read -s`). */
  echo?: boolean;
  /**
   * A thread of the foreground process group is blocked waiting for input from the terminal (a read on the PTY's
   * slave, or an epoll set that holds it); false: none is (the program runs, or waits on something else).
   */
  reading?: boolean;
}

/** The prefix of an asciicast `m` (marker) event that carries a terminal state. */
export const TERMINAL_MARKER_PREFIX = 'osf7501:terminal';

/**
 * The marker of the user's keys reaching the child: when, never what (a recording keeps no keystroke, so no
 * password), at most one per INPUT_MARKER_GAP_MS; a replay hands it to the policy as the live session did.
 */
export const INPUT_MARKER = 'osf7501:input';
/** The least time (ms) between two input markers a recorder writes: the policy needs to know typing, not each key. */
export const INPUT_MARKER_GAP_MS = 100;

/** Two states say the same. */
export function sameTerminalState(a: TerminalState | undefined, b: TerminalState | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.mode === b.mode && a.echo === b.echo && a.reading === b.reading;
}

function flag(value: boolean | undefined): string {
  return value === undefined ? '?' : value ? '1' : '0';
}

/** The marker label of a state: `osf7501:terminal mode=canonical echo=0 reading=1` (`?` for what is unknown). */
export function formatTerminalMarker(state: TerminalState): string {
  return `${TERMINAL_MARKER_PREFIX} mode=${state.mode ?? '?'} echo=${flag(state.echo)} reading=${flag(state.reading)}`;
}

function parseFlag(value: string | undefined): boolean | undefined {
  return value === '1' ? true : value === '0' ? false : undefined;
}

/** The state a marker label carries; undefined for any other marker. */
export function parseTerminalMarker(label: string): TerminalState | undefined {
  if (!label.startsWith(`${TERMINAL_MARKER_PREFIX} `)) return undefined;
  const fields = new Map<string, string>();
  for (const pair of label.slice(TERMINAL_MARKER_PREFIX.length + 1).split(' ')) {
    const eq = pair.indexOf('=');
    if (eq > 0) fields.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  const state: TerminalState = {};
  const mode = fields.get('mode');
  if (mode === 'canonical' || mode === 'raw') state.mode = mode;
  const echo = parseFlag(fields.get('echo'));
  if (echo !== undefined) state.echo = echo;
  const reading = parseFlag(fields.get('reading'));
  if (reading !== undefined) state.reading = reading;
  return state;
}
