// Calls back whenever the registry directory may have changed: fs.watch plus a periodic re-read.
import { watch, type FSWatcher } from 'node:fs';

/** Safety net under fs.watch (which can miss events, e.g. on some network or overlay filesystems), ms. */
const REGISTRY_POLL_MS = 250;
/** Change events within this window are folded into one callback (an atomic write is two events), ms. */
const SETTLE_MS = 20;

/** Watches `dir` and calls `onChange` on every change and every `pollMs`; `dispose()` is idempotent. */
export class RegistryWatch {
  private watcher: FSWatcher | undefined;
  private readonly interval: NodeJS.Timeout;
  private settle: NodeJS.Timeout | undefined;
  private disposed = false;

  constructor(
    dir: string,
    private readonly onChange: () => void,
    pollMs = REGISTRY_POLL_MS,
  ) {
    try {
      this.watcher = watch(dir, () => this.soon());
      this.watcher.on('error', () => this.watcher?.close());
    } catch {
      this.watcher = undefined; // no watcher (the directory is missing): polling still works
    }
    this.interval = setInterval(() => this.onChange(), pollMs);
  }

  /** Stops watching. Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.watcher?.close();
    clearInterval(this.interval);
    if (this.settle) clearTimeout(this.settle);
  }

  private soon(): void {
    if (this.disposed || this.settle) return;
    this.settle = setTimeout(() => {
      this.settle = undefined;
      if (!this.disposed) this.onChange();
    }, SETTLE_MS);
  }
}
