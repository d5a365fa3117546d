// A per-session 0700 directory for the shell's startup files, removed (idempotently) when the session ends.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One session's private directory (mkdtemp makes it 0700); `dispose()` removes it and is idempotent. */
export class PrivateDir {
  private disposed = false;

  private constructor(readonly path: string) {}

  /** Makes a fresh directory under the system's temp dir. */
  static make(): PrivateDir {
    return new PrivateDir(mkdtempSync(join(tmpdir(), 'osf7501-shell-')));
  }

  /** Writes `name` in it (0600) and returns its path. */
  write(name: string, text: string): string {
    const file = join(this.path, name);
    writeFileSync(file, text, { mode: 0o600 });
    return file;
  }

  /** Removes the directory and its files. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    rmSync(this.path, { recursive: true, force: true });
  }
}
