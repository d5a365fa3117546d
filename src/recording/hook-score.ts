// Scores a session's `--log` (JSON Lines) for the agent's hooks against the screen rules (`classify --against-hooks`).
import type { State } from '../protocol/types.js';
import type { DriftField, DriftVerdict } from '../signals/drift.js';

/** One verdict of the hooks' (a run of identical hook classifications): when it began (seconds from the log's first line). */
export interface HookMoment {
  t: number;
  verdict: DriftVerdict;
  /** The drift lines against it (`from: "hooks"`): empty when the screen rules agreed. */
  drift: Array<{ since: number; on: DriftField[]; hooks: DriftVerdict; screen: DriftVerdict & { rule?: string } }>;
}

/** The score: moments, and agreed/disagreed per state, in order of first appearance. */
export interface HookScore {
  moments: HookMoment[];
  states: Array<{ state: State; agreed: number; disagreed: number }>;
}

/** A log line that is not JSON, or not an object, with its line number. */
export class LogLineError extends Error {
  override readonly name = 'LogLineError';
}

/** How far (ms) a drift's start of the hooks' verdict may be from the hook line it names (two clocks read apart). */
const MATCH_MS = 250;

interface LogLine {
  time?: unknown;
  type?: unknown;
  rule?: unknown;
  state?: unknown;
  kind?: unknown;
  msg?: unknown;
  from?: unknown;
  on?: unknown;
  lastedMs?: unknown;
  hookAgoMs?: unknown;
  hooks?: unknown;
  screen?: unknown;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Parses `text` (a --log file) and scores the hooks' verdicts; throws LogLineError for a line that is not a JSON object. */
export function scoreHookLog(text: string, file: string): HookScore {
  const lines: LogLine[] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw new LogLineError(`${file}:${i + 1}: not a JSON line of a --log file`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new LogLineError(`${file}:${i + 1}: not a JSON object`);
    lines.push(value as LogLine);
  });
  const first = lines.map((l) => Date.parse(str(l.time) ?? '')).find((t) => Number.isFinite(t)) ?? 0;
  const seconds = (ms: number): number => Math.round(ms - first) / 1000;
  const moments: HookMoment[] = [];
  const drifts: Array<{ begins: number; found: number; entry: HookMoment['drift'][number] }> = [];
  let last: string | undefined;
  for (const line of lines) {
    const time = Date.parse(str(line.time) ?? '');
    if (!Number.isFinite(time)) continue;
    if (line.type === 'classification' && str(line.rule)?.startsWith('hook:') === true && typeof line.state === 'string') {
      const verdict = { state: line.state as State, ...(str(line.kind) === undefined ? {} : { kind: str(line.kind) as DriftVerdict['kind'] }), ...(str(line.msg) === undefined ? {} : { msg: str(line.msg)! }) };
      const key = JSON.stringify(verdict);
      if (key === last) continue;
      last = key;
      moments.push({ t: seconds(time), verdict, drift: [] });
    } else if (line.type === 'drift' && line.from === 'hooks') {
      const lasted = typeof line.lastedMs === 'number' ? line.lastedMs : 0;
      const ago = typeof line.hookAgoMs === 'number' ? line.hookAgoMs : lasted;
      drifts.push({
        begins: time - ago,
        found: time,
        entry: { since: seconds(time - lasted), on: (Array.isArray(line.on) ? line.on : []) as DriftField[], hooks: line.hooks as DriftVerdict, screen: line.screen as DriftVerdict },
      });
    }
  }
  for (const d of drifts) {
    // The moment whose verdict began when the drift says the hooks' verdict began (the latest at or before it).
    const at = seconds(d.begins);
    const moment = [...moments].reverse().find((m) => m.t <= at + MATCH_MS / 1000);
    moment?.drift.push(d.entry);
  }
  const states: HookScore['states'] = [];
  for (const m of moments) {
    let row = states.find((s) => s.state === m.verdict.state);
    if (row === undefined) states.push((row = { state: m.verdict.state, agreed: 0, disagreed: 0 }));
    if (m.drift.length === 0) row.agreed += 1;
    else row.disagreed += 1;
  }
  return { moments, states };
}
