// Whether a wrapped session reports at all: cheap to ask, so the reporting code loads only when it does.
import type { NotifyMode } from '../inbox/notifier.js';
import type { Report } from '../protocol/index.js';
import type { ExitPolicy } from '../status/index.js';

/** Environment variable that turns reports off while still wrapping (any non-empty value but 0). */
export const NO_REPORT_ENV = 'OSF7501_NO_REPORT';

/** What the user asked for. */
export interface ReportingOptions {
  command: string;
  rules?: string;
  intervalMs?: number;
  onExit: ExitPolicy;
  tmuxWrap: boolean;
  report: boolean;
  /** `--id`: the record to report on (validated by the CLI). */
  id?: string;
  /** `--tmux-levels`: how many tmux levels to wrap through (nested tmux). */
  tmuxLevels?: number;
  /** Mirror each report in the window title with this prefix. */
  titlePrefix?: string;
  /** Told of every report written. */
  onReport?: (report: Report) => void;
  /** Answer the child's own OSC 7501 query (`--no-native` sets false). */
  native: boolean;
  log?: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Publish the session to the inbox registry (`osf7501 ls`, `wait`, `send`); absent: not published. */
  session?: { id: string; args: string[]; tty?: string };
  /** `--notify` / `--notify-desktop`: notify when the session becomes blocked or done. */
  notify?: NotifyMode;
}

/** Why reporting is off for this session, or undefined when it is on. */
export function reportingDisabledBecause(options: ReportingOptions): string | undefined {
  if (!options.report) return '--no-report';
  const flag = options.env[NO_REPORT_ENV];
  if (flag !== undefined && flag !== '' && flag !== '0') return NO_REPORT_ENV;
  if (options.env['TERM'] === 'dumb') return 'TERM=dumb';
  return undefined;
}

