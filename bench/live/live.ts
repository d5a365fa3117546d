// The live benchmark as a function: run a session, score every detector. Used by run.ts and the e2e test.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { detectorsFor } from './detectors.js';
import type { LiveMode } from './modes.js';
import { scoreDetector, type DetectorScore } from './score.js';
import { runLiveSession, type SessionRecord } from './session.js';
import { truthTimeline, type TruthTimeline } from './truth-timeline.js';

/** A scored session. */
export interface LiveResult {
  record: SessionRecord;
  truth: TruthTimeline;
  scores: DetectorScore[];
}

/** Runs one session of `mode` with `seed` from the package at `root` (built: dist/ must exist). */
export async function runLiveBenchmark(root: string, seed: number, mode: LiveMode): Promise<LiveResult> {
  const agent = join(root, 'dist', 'src', 'demo', 'fake-agent.js');
  if (!existsSync(agent)) throw new Error(`${agent} is missing: run \`npm run build\` first`);
  const record = await runLiveSession(root, seed, mode);
  const truth = truthTimeline(record.truth);
  return { record, truth, scores: detectorsFor(record).map((d) => scoreDetector(truth, d)) };
}
