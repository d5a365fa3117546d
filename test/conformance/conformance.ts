// Conformance of the whole replay path — shadow screen, rules, sweep scheduler, status tracker — on every
// recording of one agent (fixtures/claude-code, fixtures/codex, fixtures/gemini-cli), with the output fed in
// random chunk sizes. One small test file per agent calls `describeConformance` with its entry of AGENTS
// (bench/compare/moments.ts: fixtures folder, rule file, which labels are the truth, essential texts).
//
// LABELLED MOMENT (bench/compare/moments.ts implements it; `osf7501 classify` and the comparison bench use
// the same replay):
//   Ground truth is Claude Code's own OSC 7501 reports (native labels) or, for recordings with none
//   (2.1.150 and the `-noanswer` ones), the recording driver's labels; for Codex CLI and Gemini CLI the
//   driver's labels (Codex reports too, but its reports miss its start-up dialogs and call the plan chooser
//   `done`: fixtures/codex/README.md). Labels from the `exit` label on are left out, `clear` marks no moment,
//   and a label repeating the previous state and kind is the same moment.
//   A label L at t_L holds until the next label or the next key the driver sends, whichever comes first;
//   L is checked just before that instant, because a native report may precede the paint it describes.
//   Driver labels trail their paint by up to one driver poll (50 ms), so a driver window ends one poll
//   before the next driver label. At that instant:
//     done                      → the shim REPORTS done (StatusTracker on the recording's clock);
//     idle ending a turn        → the shim reports idle, not done (Esc, a denied permission);
//     anything else             → the last sweep's classification has L's state (and L's kind, if any);
//     blocked or error          → and its msg holds the scenario's essential text (command, file, url…).
//
// CHUNKING: each output event is cut at seeded random sizes from 1 byte to 64 KiB (log-uniform, so a
// third of the cuts are under 40 bytes and UTF-8 characters and escape sequences are split); a cut never
// moves bytes to another time, so the scheduler sees the same output times and the replay must give the
// same sweeps, classifications and reports, byte for byte. Without a clock (raw bytes), the whole
// output is re-cut across event boundaries, and the final screen must be the same.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { labelledMoments, judgeMoment, listFixtures, readFixtureLabels, type Agent, type Fixture } from '../../bench/compare/moments.js';
import { loadRuleFile } from '../../src/rule-files/load.js';
import type { RuleSet } from '../../src/rules/rule-set.js';
import { loadRecording, type Recording, type RecordingEvent } from '../../src/recording/recording.js';
import { replay, type ReplayResult } from '../../src/recording/replay.js';
import { makeRng } from '../stream/prng.js';

/** The repository. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Seeds of the chunked replays (each offset by a hash of the recording's name). */
export const SEEDS = [1, 2, 3];
/** Chunk sizes are 2^x bytes with x uniform in [0, 16]: 1 byte to 64 KiB. */
const MAX_CHUNK_LOG2 = 16;

/** An agent's recordings and rules. */
export function loadAgent(agent: Agent): { fixtures: Fixture[]; rules: RuleSet; byName: (name: string) => Fixture } {
  const fixtures = listFixtures(join(ROOT, agent.fixtures));
  const rules = loadRuleFile(join(ROOT, agent.rules), agent.rules);
  const byName = (name: string): Fixture => {
    const found = fixtures.find((f) => f.name === name);
    if (found === undefined) throw new Error(`no ${agent.id} fixture ${name}`);
    return found;
  };
  return { fixtures, rules, byName };
}

/** A splitter that cuts every chunk at sizes drawn from `seed`. */
export function randomSplit(seed: number): (bytes: Uint8Array) => Uint8Array[] {
  const rng = makeRng(seed);
  return (bytes) => {
    const pieces: Uint8Array[] = [];
    for (let at = 0; at < bytes.length; ) {
      const size = Math.floor(2 ** (rng.next() * MAX_CHUNK_LOG2));
      const end = Math.min(bytes.length, at + size);
      pieces.push(bytes.subarray(at, end));
      at = end;
    }
    return pieces;
  };
}

/**
 * True when cutting `bytes` at `cut` leaves a partial UTF-8 character whose continuation bytes
 * include 0x80: xterm.js #6003 then drops the character.
 */
export function hitsXterm6003(bytes: Uint8Array, cut: number): boolean {
  let lead = cut - 1;
  while (lead >= 0 && lead > cut - 4 && ((bytes[lead] ?? 0) & 0xc0) === 0x80) lead -= 1;
  const first = bytes[lead] ?? 0;
  const length = first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 1;
  if (lead < 0 || cut - lead >= length) return false; // the character is complete before the cut
  return bytes.subarray(lead + 1, cut).includes(0x80);
}

/** Cuts every character that xterm.js #6003 loses right where it loses it. */
export function splitAtXterm6003(bytes: Uint8Array): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (let at = 1; at < bytes.length; at++) {
    if (hitsXterm6003(bytes, at)) {
      pieces.push(bytes.subarray(from, at));
      from = at;
    }
  }
  pieces.push(bytes.subarray(from));
  return pieces;
}

/** The recording with no clock: all output re-cut across event boundaries, resizes kept in place. */
export function untimed(recording: Recording, seed: number): Recording {
  const split = randomSplit(seed);
  const events: RecordingEvent[] = [];
  let pending: Uint8Array[] = [];
  const flush = (): void => {
    const total = pending.reduce((n, p) => n + p.length, 0);
    const all = new Uint8Array(total);
    let at = 0;
    for (const p of pending) {
      all.set(p, at);
      at += p.length;
    }
    for (const bytes of split(all)) events.push({ t: 0, type: 'output', bytes });
    pending = [];
  };
  for (const event of recording.events) {
    if (event.type === 'output') pending.push(event.bytes);
    else {
      flush();
      events.push({ ...event, t: 0 });
    }
  }
  flush();
  return { ...recording, events, timed: false };
}

/** Everything a replay decided, for comparing two replays of the same recording. */
export function digest(result: ReplayResult): unknown {
  return {
    screens: result.screens.map((s) => ({ t: s.t, c: s.classification, lines: s.lines.join('\n') })),
    reports: result.reports.map((r) => ({ t: r.t, report: r.report })),
    sweeps: result.sweeps,
  };
}

/** The session's record's timeline as `state[:kind][ msg]`, the way the agents' labels read (its child records apart). */
export function timeline(result: ReplayResult, withMsg = false): string[] {
  return result.reports.filter(({ source }) => source !== 'child').map(({ report }) => {
    const kind = report.kind === undefined ? '' : `:${report.kind}`;
    return `${report.state}${kind}${withMsg && report.msg !== undefined ? ` ${report.msg}` : ''}`;
  });
}

/** A seed per recording, so that no two recordings are cut alike. */
export const seedOf = (name: string): number => [...name].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

/**
 * The two conformance checks on every recording of `agent`: every labelled moment right when fed whole and
 * under each seeded chunking, with every chunked replay identical to the whole one; and, without a clock,
 * the whole output re-cut at random ends on the same screen.
 */
export function describeConformance(agent: Agent): void {
  const { fixtures, rules } = loadAgent(agent);
  const each = fixtures.map((f): [string, Fixture] => [f.name, f]);

  describe.skipIf(fixtures.length === 0)(`${agent.title} recordings through the replay path`, () => {
    test.each(each)('%s: every labelled moment, fed whole and in random chunks', async (name, fixture) => {
      const recording = loadRecording(fixture.cast);
      const whole = await replay(recording, { rules, screenOnly: true });
      const moments = labelledMoments(agent, fixture, whole.end);
      expect(moments.length).toBeGreaterThan(0);
      expect(moments.map((m) => judgeMoment(m, whole)).filter((p) => p !== undefined)).toEqual([]);
      for (const seed of SEEDS) {
        const chunked = await replay(recording, { rules, screenOnly: true, split: randomSplit(seedOf(name) + seed) });
        expect(digest(chunked)).toEqual(digest(whole));
        expect(moments.map((m) => judgeMoment(m, chunked)).filter((p) => p !== undefined)).toEqual([]);
      }
      // Several replays of a recording: a long one that repaints often (Gemini CLI's 35 s plan) takes seconds on a
      // loaded machine, past vitest's 5 s default. A time limit, not an assertion on speed.
    }, 60_000);

    test.each(each)('%s: without a clock, the whole output in random chunks ends on the same screen', async (name, fixture) => {
      const recording = loadRecording(fixture.cast);
      const timed = (await replay(recording, { rules, screenOnly: true })).screens.at(-1);
      const raw = await replay(untimed(recording, seedOf(name)), { rules, screenOnly: true });
      expect(raw.screens).toHaveLength(1);
      expect(raw.screens[0]?.lines).toEqual(timed?.lines);
      expect(raw.screens[0]?.classification).toEqual(timed?.classification);
    });
  });
}

/** What the shim reports over whole recordings of `agent` (`state[:kind][ msg]`), the same when fed in random chunks. */
export function describeTimelines(agent: Agent, cases: readonly (readonly [string, readonly string[]])[]): void {
  const { fixtures, rules, byName } = loadAgent(agent);
  describe.skipIf(fixtures.length === 0)(`${agent.title} timelines: what the shim would report`, () => {
    test.each(cases.map(([name, expected]): [string, readonly string[]] => [name, expected]))('%s: %j', async (name, expected) => {
      const recording = loadRecording(byName(name).cast);
      const result = await replay(recording, { rules, screenOnly: true });
      expect(timeline(result, true)).toEqual(expected);
      const chunked = await replay(recording, { rules, screenOnly: true, split: randomSplit(seedOf(name)) });
      expect(chunked.reports).toEqual(result.reports);
    });
  });
}

/**
 * xterm.js #6003 (fixed upstream by #6004, not in @xterm/headless 5.5.0): a write that ends inside a UTF-8
 * character whose held-back bytes include a 0x80 continuation byte (`…` E2 80 A6, `•` E2 80 A2, `›` E2 80 BA,
 * `—`, curly quotes) loses the character. ShadowScreen carries partial characters itself: the recording
 * `name`, cut at exactly those places, must replay exactly as when fed whole.
 */
export function describeXterm6003(agent: Agent, name: string): void {
  const { fixtures, rules, byName } = loadAgent(agent);
  describe.skipIf(fixtures.length === 0)(`${agent.title}: characters split where xterm.js #6003 loses them`, () => {
    test(`${name}: the same replay as fed whole`, async () => {
      const recording = loadRecording(byName(name).cast);
      const cut = recording.events.reduce(
        (n, e) => n + (e.type === 'output' ? splitAtXterm6003(e.bytes).length - 1 : 0),
        0,
      );
      expect(cut).toBeGreaterThan(0);
      const whole = await replay(recording, { rules, screenOnly: true });
      const split = await replay(recording, { rules, screenOnly: true, split: splitAtXterm6003 });
      expect(digest(split)).toEqual(digest(whole));
    });
  });
}

/**
 * For an agent whose truth is the driver's labels: over each whole recording (the exit included: typing
 * `/exit` must not look like a turn) the shim reports the states the driver labelled, in order. Recordings
 * whose scenario matches `skip` are left out: a start-up dialog is a screen before the first idle one, so the
 * shim says idle → blocked → done where the driver says blocked → idle (their timelines are listed apart).
 */
export function describeDriverSequences(agent: Agent, skip: RegExp): void {
  const { fixtures, rules } = loadAgent(agent);
  const checked = fixtures.filter((f) => !skip.test(f.scenario));
  describe.skipIf(checked.length === 0)(`${agent.title} timelines: the driver's labels`, () => {
    test.each(checked.map((f): [string, Fixture] => [f.name, f]))(
      '%s: the same sequence of states as the driver labelled',
      async (_name, fixture) => {
        const labels = readFixtureLabels(fixture.labels).filter((l) => l.source === 'driver' && l.state !== 'exit');
        const theirs = labels
          .map((l) => `${l.state}${l.kind === undefined ? '' : `:${l.kind}`}`)
          .filter((s, i, all) => i === 0 || all[i - 1] !== s);
        const result = await replay(loadRecording(fixture.cast), { rules, screenOnly: true });
        // A report that changes only its msg or progress (a plan's next step, a retry's count) is not a new state.
        expect(timeline(result).filter((s, i, all) => i === 0 || all[i - 1] !== s)).toEqual(theirs);
      },
    );
  });
}
