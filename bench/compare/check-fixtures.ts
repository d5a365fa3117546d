// `node dist/bench/compare/check-fixtures.js --agent ID [--rules FILE] [DIR]`: the conformance check of
// test/conformance on a folder of recordings (an agent's fixtures folder by default, or the folder a fresh
// re-recording went to: `<DIR>/<version>/<scenario>-<size>.cast` + `.labels.jsonl`). Every labelled moment
// (bench/compare/moments.ts) is judged on the whole replay and on one seeded random chunking; each miss is
// printed as one line. Exit status: 0 every moment right, 1 some moment wrong, 2 bad arguments or no
// recordings. `npm run fixtures:latest` (test/tools/fixtures-latest.mjs) runs it after each re-recording.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRuleFile } from '../../src/rule-files/load.js';
import { loadRecording } from '../../src/recording/recording.js';
import { replay } from '../../src/recording/replay.js';
import { AGENTS, judgeMoment, labelledMoments, listFixtures, type Agent, type Fixture } from './moments.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Chunk sizes 2^x bytes, x uniform in [0, 16] (the conformance tests' range), from a small seeded generator. */
function seededSplit(seed: number): (bytes: Uint8Array) => Uint8Array[] {
  let state = seed >>> 0 || 1;
  const next = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  return (bytes) => {
    const pieces: Uint8Array[] = [];
    for (let at = 0; at < bytes.length; ) {
      const end = Math.min(bytes.length, at + Math.floor(2 ** (next() * 16)));
      pieces.push(bytes.subarray(at, end));
      at = end;
    }
    return pieces;
  };
}

/** What one recording's check found. */
export interface FixtureCheck {
  fixture: Fixture;
  moments: number;
  misses: string[];
}

/** Judges every labelled moment of every recording under `dir` with the rule file `rulesPath`. */
export async function checkFixtures(agent: Agent, dir: string, rulesPath: string, version?: string): Promise<FixtureCheck[]> {
  const rules = loadRuleFile(rulesPath, rulesPath);
  const checks: FixtureCheck[] = [];
  for (const fixture of listFixtures(dir).filter((f) => version === undefined || f.version === version)) {
    const recording = loadRecording(fixture.cast);
    const whole = await replay(recording, { rules, screenOnly: true });
    const moments = labelledMoments(agent, fixture, whole.end);
    const misses = moments.map((m) => judgeMoment(m, whole)).filter((m): m is string => m !== undefined);
    const chunked = await replay(recording, { rules, screenOnly: true, split: seededSplit(fixture.name.length * 7919 + moments.length) });
    for (const m of moments) {
      const miss = judgeMoment(m, chunked);
      if (miss !== undefined && !misses.includes(miss)) misses.push(`${miss} (in random chunks only)`);
    }
    if (moments.length === 0) misses.push(`${fixture.name}: no labelled moment (did the recording fail?)`);
    checks.push({ fixture, moments: moments.length, misses });
  }
  return checks;
}

async function main(argv: string[]): Promise<number> {
  let agentId: string | undefined;
  let rulesArg: string | undefined;
  let version: string | undefined;
  let dirArg: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--agent') agentId = argv[++i];
    else if (a === '--rules') rulesArg = argv[++i];
    else if (a === '--version') version = argv[++i];
    else if (!a.startsWith('--') && dirArg === undefined) dirArg = a;
    else {
      process.stderr.write(`check-fixtures: unknown argument ${a}\n`);
      return 2;
    }
  }
  const agent = AGENTS.find((x) => x.id === agentId);
  if (agent === undefined) {
    process.stderr.write(`check-fixtures: --agent must be one of ${AGENTS.map((x) => x.id).join(', ')}\n`);
    return 2;
  }
  const dir = resolve(dirArg ?? join(ROOT, agent.fixtures));
  const rulesPath = resolve(rulesArg ?? join(ROOT, agent.rules));
  if (!existsSync(dir)) {
    process.stderr.write(`check-fixtures: no folder ${dir}\n`);
    return 2;
  }
  const checks = await checkFixtures(agent, dir, rulesPath, version);
  if (checks.length === 0) {
    process.stderr.write(`check-fixtures: no recordings with labels under ${dir}${version === undefined ? '' : ` for ${version}`}\n`);
    return 2;
  }
  let moments = 0;
  let missed = 0;
  for (const check of checks) {
    moments += check.moments;
    missed += check.misses.length;
    const verdict = check.misses.length === 0 ? 'ok' : `${check.misses.length} FAILED`;
    console.log(`${check.fixture.name}: ${check.moments} moments, ${verdict}`);
    for (const miss of check.misses) console.log(`  FAIL ${miss}`);
  }
  console.log(`${agent.title}: ${moments - missed}/${moments} labelled moments right in ${checks.length} recordings`);
  return missed === 0 ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
