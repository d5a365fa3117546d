// Compares the classifier's verdicts over a replayed recording with the recording's labels.
import { readFileSync } from 'node:fs';
import type { RuleSet } from '../../../src/rules/rule-set.js';
import type { Classification } from '../../../src/rules/types.js';
import type { Frame } from './cast.js';

/** Seconds the screen may run ahead of or behind a label (reports and repaints are not atomic). */
export const LABEL_TOLERANCE_S = 0.6;
/** Native reports coalesce: a working stretch shorter than this may never reach the screen. */
export const MIN_WORKING_S = 0.3;
/** An idle or done stretch is checked at its midpoint only when it lasts this long. */
export const MIN_RESTING_S = 1.0;

/** One state label from a `.labels.jsonl`. */
export interface Label {
  t: number;
  state: string;
  kind?: string;
  msg?: string;
  /** A record of its own inside the session (a background agent's or shell's report): not the session's state. */
  id?: string;
  source: 'native' | 'driver';
}

/** The state labels of a recording (the query event left out). */
export function readLabels(path: string): Label[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Partial<Label>)
    .filter((l): l is Label => typeof l.state === 'string' && typeof l.t === 'number')
    .sort((a, b) => a.t - b.t);
}

/** Claude Code's own reports when it sent any, else the driver's expectations; cut at `/exit`. */
export function groundTruth(labels: readonly Label[]): { source: 'native' | 'driver'; labels: Label[] } {
  const exit = labels.find((l) => l.state === 'exit')?.t ?? Number.POSITIVE_INFINITY;
  const native = labels.filter((l) => l.source === 'native' && l.t < exit && l.id === undefined);
  const source = native.length > 0 ? 'native' : 'driver';
  const chosen = source === 'native' ? native : labels.filter((l) => l.source === 'driver' && l.t < exit);
  return { source, labels: [...chosen, { t: exit, state: 'exit', source }] };
}

/** Does our msg say what Claude Code said? It reports absolute paths and adds a question's options. */
export function msgAgrees(ours: string | undefined, theirs: string | undefined): boolean {
  if (theirs === undefined) return true;
  if (ours === undefined) return false;
  if (ours === theirs || theirs.startsWith(`${ours} (`)) return true;
  // An MCP tool: the screen shows its display name (`tickets — Lookup Ticket Tool:`), Claude
  // reports its id (`tickets - lookup_ticket`); the server (the first word) must agree.
  if (ours.endsWith('(MCP)') && theirs.endsWith('(MCP)')) return ours.split(' ')[1] === theirs.split(' ')[1];
  const [ourVerb, ourRest] = splitOnce(ours);
  const [theirVerb, theirRest] = splitOnce(theirs);
  // A path too long for the dialog's row is shortened at its start (`…/anon/2026/…/summary.txt`, `…feedback/a.txt`).
  const shown = ourRest.startsWith('…') ? ourRest.slice(1) : `/${ourRest}`;
  return ourVerb === theirVerb && ourRest !== '' && theirRest.endsWith(shown);
}

/** What checkRecording checks: every label, or only where the screen must and must not read blocked. */
export interface CheckOptions {
  /**
   * Only blocked: each blocked label is classified blocked (with its kind, and msg when the label has one), and
   * no verdict outside a blocked label's window is blocked; working, idle, done and error labels are not checked.
   */
  blockedOnly?: boolean;
}

/**
 * Every disagreement between the verdicts on `frames` and the recording's labels (all of them, as
 * read), as readable lines. States are checked against groundTruth(); a blocked verdict is allowed
 * wherever either Claude Code or the driver says blocked (a native report can come late).
 */
export function checkRecording(rules: RuleSet, frames: readonly Frame[], all: readonly Label[], options: CheckOptions = {}): string[] {
  const { labels } = groundTruth(all);
  const verdicts = frames.map((f) => ({ t: f.t, c: rules.classify(f.lines, undefined, { width: f.cols, softWrapped: f.softWrapped }) }));
  const end = Math.min(labels.at(-1)?.t ?? Number.POSITIVE_INFINITY, frames.at(-1)?.t ?? 0);
  const problems: string[] = [];
  const blockedWindows: [number, number][] = [];
  labels.forEach((label, i) => {
    if (label.state === 'exit' || label.state === 'clear') return;
    const a = label.t;
    const b = Math.min(labels[i + 1]?.t ?? end, end);
    const near = verdicts.filter((v) => v.t >= a - LABEL_TOLERANCE_S && v.t <= b + LABEL_TOLERANCE_S);
    // The driver does not label the start of a turn, so its idle stretches hold a turn; only its
    // last label (where the session rests until /exit) is certain to be idle throughout.
    const native = label.source === 'native';
    const last = labels[i + 1]?.state === 'exit';
    const at = `${label.source} ${label.state}${label.kind === undefined ? '' : `:${label.kind}`} at ${a}s`;
    if (label.state === 'blocked') {
      blockedWindows.push([a - LABEL_TOLERANCE_S, b + LABEL_TOLERANCE_S]);
      // A frame caught while the dialog is still being drawn may say less than the settled one: any blocked
      // verdict of the window whose msg agrees will do, else the first is the one reported.
      const blocked = near.filter((v) => v.c.state === 'blocked' && (label.kind === undefined || v.c.kind === label.kind));
      const hit = blocked.find((v) => msgAgrees(v.c.msg, label.msg)) ?? blocked[0];
      if (hit === undefined) problems.push(`${at}: never classified blocked (saw ${describe(near)})`);
      else if (!msgAgrees(hit.c.msg, label.msg)) problems.push(`${at}: msg "${hit.c.msg}" vs "${label.msg}"`);
    } else if (options.blockedOnly === true) {
      // The other states are not checked; a blocked verdict among them is found below.
    } else if (label.state === 'working' && b - a >= MIN_WORKING_S) {
      if (!near.some((v) => v.c.state === 'working')) problems.push(`${at}: never classified working (saw ${describe(near)})`);
    } else if (label.state === 'error' && b - a >= MIN_RESTING_S && (native || last)) {
      const c = [...verdicts].reverse().find((v) => v.t <= (a + b) / 2)?.c;
      if (c?.state !== 'error') problems.push(`${at}: classified ${c?.state ?? 'nothing'} at ${((a + b) / 2).toFixed(2)}s`);
      else if (!msgAgrees(c.msg, label.msg)) problems.push(`${at}: msg "${c.msg}" vs "${label.msg}"`);
    } else if ((label.state === 'idle' || label.state === 'done') && b - a >= MIN_RESTING_S && (native || last)) {
      const mid = (a + b) / 2;
      const c = [...verdicts].reverse().find((v) => v.t <= mid)?.c;
      // Idle straight after a turn (not after `done`) means the turn was cut short. A blocked
      // state that opened the session is a start-up dialog (trust), not a turn.
      const previous = labels[i - 1]?.state;
      const inTurn = previous === 'working' || (previous === 'blocked' && i >= 2);
      const wantInterrupted = label.state === 'idle' && inTurn;
      if (c?.state !== 'idle') problems.push(`${at}: classified ${c?.state ?? 'nothing'} at ${mid.toFixed(2)}s`);
      else if ((c.interrupted === true) !== wantInterrupted) {
        problems.push(`${at}: interrupted is ${String(c.interrupted === true)} at ${mid.toFixed(2)}s`);
      }
    }
  });
  // The driver polls the screen, so its blocked label can come late but never early: its window
  // opens at the driver's previous label.
  const driver = all.filter((l) => l.source === 'driver');
  driver.forEach((label, i) => {
    if (label.state !== 'blocked') return;
    const from = Math.min(driver[i - 1]?.t ?? 0, label.t - LABEL_TOLERANCE_S);
    blockedWindows.push([from, (driver[i + 1]?.t ?? end) + LABEL_TOLERANCE_S]);
  });
  for (const v of verdicts) {
    if (v.t > end || v.c.state !== 'blocked') continue;
    if (!blockedWindows.some(([from, to]) => v.t >= from && v.t <= to)) {
      problems.push(`classified blocked at ${v.t}s (rule ${v.c.rule ?? '?'}) where no label says blocked`);
    }
  }
  return problems;
}

function describe(verdicts: readonly { t: number; c: Classification }[]): string {
  const states = [...new Set(verdicts.map((v) => `${v.c.state}${v.c.kind === undefined ? '' : `:${v.c.kind}`}`))];
  return states.length === 0 ? 'no frames' : states.join(', ');
}

function splitOnce(msg: string): [string, string] {
  const at = msg.indexOf(': ');
  return at < 0 ? [msg, ''] : [msg.slice(0, at), msg.slice(at + 2)];
}
