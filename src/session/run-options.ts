// The options of a wrapped program, one type from the command line and config.toml down to the session.
import type { NotifyMode } from '../inbox/notifier.js';
import type { ExitPolicy } from '../status/index.js';
import type { ProgressBarMode } from '../tty/progress-terminal.js';

/** What the user asked for (`osf7501 [options] [--] <command> [args...]`, after config.toml). Absent: the default. */
export interface RunOptions {
  command: string;
  args: string[];
  /** `--rules NAME|FILE`. */
  rules?: string;
  /** `--interval MS`: longest time between sweeps while output streams. */
  intervalMs?: number;
  /** `--done-after SECONDS` as ms: a plain program's run or a shell's command this long ends as `done`. */
  doneAfterMs?: number;
  /** `--on-exit` (default `result`). */
  onExit?: ExitPolicy;
  /** `--no-tmux-wrap` sets false. */
  tmuxWrap?: boolean;
  /** `--no-report` sets false. */
  report?: boolean;
  /** `--no-native` sets false: the child's own OSC 7501 query is left to the outer terminal. */
  native?: boolean;
  /** `--no-hooks` sets false. */
  hooks?: boolean;
  /** `--id`: the record id (already validated). */
  id?: string;
  /** `--tmux-levels`: how many tmux levels to wrap through (nested tmux). */
  tmuxLevels?: number;
  /** `--log FILE`. */
  log?: string;
  /** `--notify` (terminal) / `--notify-desktop` (terminal and desktop). */
  notify?: NotifyMode;
  /** `--title`: the state's glyph and text in the window title (the user's title saved and restored). */
  title?: boolean;
  /** `--progress-bar[=MODE]`: ConEmu's OSC 9;4 bar beside the reports (default `auto`: where the terminal draws it). */
  progressBar?: ProgressBarMode;
}
