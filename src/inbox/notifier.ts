// `--notify`: a notification when the session becomes blocked or done (terminal sequence, desktop).
import { spawn } from 'node:child_process';
import { NotificationCooldown } from './cooldown.js';
import type { SessionEntry } from './entry.js';
import { encodeNotice, noticeFor, noticeStyle, type Notice } from './notify-text.js';

/** Where notifications go: `terminal` (OSC 9/777 through the report gate), `desktop`, or `both`. */
export type NotifyMode = 'terminal' | 'desktop' | 'both';

/** Options of a notifier. */
interface NotifierOptions {
  mode: NotifyMode;
  env: Readonly<Record<string, string | undefined>>;
  /** Writes a terminal sequence through the report gate (between complete tokens of the child's output). */
  writeTerminal: (bytes: Uint8Array) => void;
  /** Epoch ms (or any monotonic ms). */
  now?: () => number;
  /** Shows a desktop notification; default: `notify-send` (Linux) or `osascript` (macOS), when present. */
  desktop?: (notice: Notice) => void;
}

/** Hears every published change (RegistryPublisher's `onChange`) and notifies within the cooldown. */
export class Notifier {
  private readonly cooldown = new NotificationCooldown();
  private readonly now: () => number;
  private disposed = false;

  constructor(private readonly options: NotifierOptions) {
    this.now = options.now ?? Date.now;
  }

  /** A published change: notifies when the state just became blocked or done. */
  changed(entry: SessionEntry, previous: SessionEntry): void {
    if (this.disposed || (entry.state === previous.state && entry.kind === previous.kind)) return;
    const notice = noticeFor(entry.app, entry);
    if (!notice || !this.cooldown.take(entry.id, entry.state, this.now())) return;
    if (this.options.mode !== 'desktop') {
      this.options.writeTerminal(Buffer.from(encodeNotice(notice, noticeStyle(this.options.env)), 'utf8'));
    }
    if (this.options.mode !== 'terminal') (this.options.desktop ?? desktopNotify)(notice);
  }

  /** Stops notifying. Idempotent. */
  dispose(): void {
    this.disposed = true;
  }
}

/** `notify-send` or `osascript`, detached and silent; nothing when neither exists. */
function desktopNotify(notice: Notice): void {
  const [cmd, args] =
    process.platform === 'darwin'
      ? [
          'osascript',
          ['-e', 'on run argv', '-e', 'display notification (item 2 of argv) with title (item 1 of argv)', '-e', 'end run', notice.title, notice.body],
        ]
      : ['notify-send', ['--app-name=osf7501', notice.title, notice.body]];
  try {
    const child = spawn(cmd, args, { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // No notifier on this machine: the terminal sequence is the notification.
  }
}
