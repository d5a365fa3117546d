// Rules on the recordings of agents other than Claude Code (fixtures/codex, fixtures/gemini-cli,
// fixtures/opencode): every recording replayed through the real ShadowScreen and checked against its
// driver labels (the state, kind and msg the driver expected on screen) and, when the agent reported on its
// own (Codex writes OSC 7501 unasked), against those native reports too.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RuleSet } from '../../src/rules/rule-set.js';
import type { Classification } from '../../src/rules/types.js';
import type { Frame } from '../rules/helpers/cast.js';
import { checkRecording, LABEL_TOLERANCE_S, MIN_RESTING_S, MIN_WORKING_S, type Label } from '../rules/helpers/recording-check.js';

/** `[name, cast path]` for every `<version>/<scenario>.cast` with a `.labels.jsonl` beside it. */
export function agentRecordings(dir: string): [string, string][] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(dir, d.name))
        .filter((f) => f.endsWith('.cast') && existsSync(join(dir, d.name, f.replace(/\.cast$/u, '.labels.jsonl'))))
        .map((f): [string, string] => [`${d.name}/${f.replace(/\.cast$/u, '')}`, join(dir, d.name, f)]),
    )
    .sort(([a], [b]) => a.localeCompare(b));
}

/** How long the status tracker lets an idle screen settle before it reports the turn done. */
export const IDLE_SETTLE_S = 0.3;

function describe(verdicts: readonly { c: Classification }[]): string {
  const states = [...new Set(verdicts.map((v) => `${v.c.state}${v.c.kind === undefined ? '' : `:${v.c.kind}`}`))];
  return states.length === 0 ? 'no frames' : states.join(', ');
}

/**
 * Every disagreement between the rules' verdicts on `frames` and the labels:
 * - the driver's labels, checked as the Claude Code recordings are (blocked with its kind and msg while the
 *   driver saw the dialog, working while it waited for the turn, idle — interrupted or not — where the
 *   session rests, error, and never blocked outside a driver's blocked window);
 * - the agent's own reports, when it made any: each native `blocked` is classified blocked with the same
 *   kind, each native `working` that lasts is classified working at some point, each native `error` is
 *   classified error, and no `working` or `error` verdict sits in the middle of a lasting native `done`/`idle`.
 */
export function checkAgentRecording(rules: RuleSet, frames: readonly Frame[], all: readonly Label[]): string[] {
  const driver = all.filter((l) => l.source === 'driver');
  const problems = checkRecording(rules, frames, driver);
  const exit = all.find((l) => l.state === 'exit')?.t ?? Number.POSITIVE_INFINITY;
  const native = all.filter((l) => l.source === 'native' && l.t < exit);
  const verdicts = frames.map((f) => ({ t: f.t, c: rules.classify(f.lines, undefined, { width: f.cols, softWrapped: f.softWrapped }) }));
  const end = Math.min(exit, frames.at(-1)?.t ?? 0);
  // Inside a turn (from a `working` label to the next label of the same source) the screen may never look
  // idle for as long as the tracker waits before it says done: that would end the turn early.
  for (const source of [driver, native]) {
    source.forEach((label, i) => {
      if (label.state !== 'working') return;
      const a = label.t + LABEL_TOLERANCE_S;
      const b = Math.min(source[i + 1]?.t ?? end, end) - LABEL_TOLERANCE_S;
      let idleSince: number | undefined;
      for (const v of verdicts) {
        if (v.t < a) {
          idleSince = v.c.state === 'idle' ? (idleSince ?? a) : undefined;
          continue;
        }
        if (v.t > b) break;
        if (v.c.state === 'idle') idleSince ??= v.t;
        else if (idleSince !== undefined) {
          if (v.t - idleSince >= IDLE_SETTLE_S) {
            problems.push(`${label.source} working at ${label.t}s: idle (rule ${v.c.rule ?? '-'}) from ${idleSince}s to ${v.t}s`);
          }
          idleSince = undefined;
        }
      }
      if (idleSince !== undefined && b - idleSince >= IDLE_SETTLE_S) {
        problems.push(`${label.source} working at ${label.t}s: idle from ${idleSince}s to the end of the turn (${b + LABEL_TOLERANCE_S}s)`);
      }
    });
  }
  native.forEach((label, i) => {
    const a = label.t;
    const b = Math.min(native[i + 1]?.t ?? end, end);
    const near = verdicts.filter((v) => v.t >= a - LABEL_TOLERANCE_S && v.t <= b + LABEL_TOLERANCE_S);
    const at = `native ${label.state}${label.kind === undefined ? '' : `:${label.kind}`} at ${a}s`;
    if (label.state === 'blocked') {
      if (!near.some((v) => v.c.state === 'blocked' && (label.kind === undefined || v.c.kind === label.kind))) {
        problems.push(`${at}: never classified blocked (saw ${describe(near)})`);
      }
    } else if (label.state === 'working' && b - a >= MIN_WORKING_S) {
      if (!near.some((v) => v.c.state === 'working')) problems.push(`${at}: never classified working (saw ${describe(near)})`);
    } else if (label.state === 'error') {
      if (!near.some((v) => v.c.state === 'error')) problems.push(`${at}: never classified error (saw ${describe(near)})`);
    } else if ((label.state === 'done' || label.state === 'idle') && b - a >= MIN_RESTING_S) {
      const mid = (a + b) / 2;
      const c = [...verdicts].reverse().find((v) => v.t <= mid)?.c;
      if (c?.state === 'working' || c?.state === 'error') problems.push(`${at}: classified ${c.state} (rule ${c.rule}) at ${mid.toFixed(2)}s`);
    }
  });
  return problems;
}
