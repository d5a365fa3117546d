// vitest globalSetup of the unit project: one temporary folder per run where test/rules/helpers/cast.ts keeps
// each recording's replayed screens, so the files that check the same recordings (each agent's recordings test,
// structural-dialogs, the named checks) replay each one through the real ShadowScreen once per run, not 3–4
// times. The folder is made empty at the start of the run and removed at its end: nothing outlives the run, so
// no screen is ever read back from another version of the code or of the recordings.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder of replayed screens (test/rules/helpers/cast.ts). */
    replayCacheDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'osf7501-replays-'));
  project.provide('replayCacheDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
