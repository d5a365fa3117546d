// Drives the shim's ReportGate and StreamScanner, and checks their output with the reference tokenizer.
import { ReportGate } from '../../src/session/report-gate.js';
import { StreamScanner } from '../../src/stream/scanner.js';
import type { Osc7501Event } from '../../src/stream/osc7501-events.js';
import { OSC7501_BODY_LIMIT } from '../../src/stream/osc7501-capture.js';
import type { Rng } from './prng.js';
import { type Token, tokenize } from './reference-tokenizer.js';

/** The report the simulated shim inserts: a real OSC 7501 sequence. */
export const MARKER = Uint8Array.from(Buffer.from('\x1b]7501;state=working:app=osf7501-test\x1b\\', 'latin1'));

/** What the simulated shim wrote: the bytes, and where it put its reports. */
export interface ShimRun {
  output: Uint8Array;
  inserted: Array<[number, number]>;
}

/** Cut `bytes` into chunks whose sizes come from `size()`. */
export function* chunks(bytes: Uint8Array, size: () => number): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; ) {
    const n = Math.max(1, size());
    yield bytes.subarray(i, i + n);
    i += n;
  }
}

/**
 * Feed `stream` in random chunks through the shim's real ReportGate; reports are submitted at random moments
 * (between chunks, as timers and sweeps do) and the gate puts them wherever its scanner allows. Its clock stands
 * still, so a report never goes inside a synchronized update (the one-second give-up is the gate's unit test's).
 */
export function runShim(stream: Uint8Array, rng: Rng, maxChunk: number): ShimRun {
  const parts: Uint8Array[] = [];
  const inserted: Array<[number, number]> = [];
  let written = 0;
  const write = (bytes: Uint8Array): void => {
    // The gate writes each report as the very array it was given, in one write.
    if (bytes === MARKER) inserted.push([written, written + MARKER.length]);
    parts.push(bytes.slice());
    written += bytes.length;
  };
  const gate = new ReportGate(write, () => 0);
  let first = true;
  for (const chunk of chunks(stream, () => rng.int(1, rng.chance(0.5) ? 16 : maxChunk))) {
    // A report before the first chunk too: a stream cut into a handful of large chunks still gets one.
    if (first || rng.chance(0.4)) gate.submit(MARKER);
    first = false;
    gate.passOutput(chunk);
    if (rng.chance(0.1)) gate.retry();
  }
  return { output: Buffer.concat(parts), inserted };
}

/** The output without the inserted reports. */
export function removeInserted(run: ShimRun): Uint8Array {
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const [start, end] of run.inserted) {
    parts.push(run.output.subarray(from, start));
    from = end;
  }
  parts.push(run.output.subarray(from));
  return Buffer.concat(parts);
}

const tokenText = (b: Uint8Array, t: Token): string =>
  `${t.kind}${t.complete ? '' : '!'}${t.syncAfter ? '+' : '-'}:${Buffer.from(b.subarray(t.start, t.end)).toString('latin1')}`;

/** Problems found when the output is tokenized: reports that are not whole tokens or sit in a sync update, changed child tokens. */
export function tokenProblems(original: Uint8Array, run: ShimRun): string[] {
  const problems: string[] = [];
  const starts = new Map(run.inserted);
  const childTokens: string[] = [];
  for (const t of tokenize(run.output)) {
    const end = starts.get(t.start);
    if (end === undefined) {
      childTokens.push(tokenText(run.output, t));
      continue;
    }
    starts.delete(t.start);
    if (t.end !== end || t.kind !== 'osc' || !t.complete) problems.push(`report at ${t.start} is not a whole token`);
    if (t.syncBefore) problems.push(`report at ${t.start} is inside a synchronized update`);
  }
  for (const start of starts.keys()) problems.push(`report at ${start} was swallowed by a child token`);
  const expected = tokenize(original).map((t) => tokenText(original, t));
  if (childTokens.length !== expected.length) problems.push(`child tokens: ${childTokens.length} != ${expected.length}`);
  const firstDiff = expected.findIndex((t, k) => childTokens[k] !== t);
  if (firstDiff >= 0) problems.push(`child token ${firstDiff}: ${JSON.stringify(childTokens[firstDiff])} != ${JSON.stringify(expected[firstDiff])}`);
  return problems;
}

/** The OSC 7501 events the grammar predicts for `bytes`. */
export function expectedEvents(bytes: Uint8Array): Osc7501Event[] {
  const events: Osc7501Event[] = [];
  for (const t of tokenize(bytes)) {
    if (t.kind !== 'osc' || !t.complete || t.content === undefined) continue;
    const content = Buffer.from(bytes.subarray(...t.content)).toString('latin1');
    if (!content.startsWith('7501;')) continue;
    const body = content.slice(5);
    const terminator = bytes[t.end - 1] === 0x07 ? 'bel' : 'st';
    const range = { start: t.start, end: t.end, terminator } as const;
    if (body.length > OSC7501_BODY_LIMIT) events.push({ type: 'oversize', bodyLength: body.length, ...range });
    else events.push({ type: body === '?' || body.startsWith('?:') ? 'query' : 'report', body, ...range });
  }
  return events;
}

/** The state a scanner is in between chunks: what an owner with no report waiting can ask of it. */
export interface ChunkEnd {
  safe: boolean;
  atBoundary: boolean;
  inSyncUpdate: boolean;
  offset: number;
}

/** Feed or skim every chunk: the scanner's state after each, and the OSC 7501 events. */
export function chunkEnds(pieces: Iterable<Uint8Array>, how: 'feed' | 'skim'): { ends: ChunkEnd[]; events: Osc7501Event[] } {
  const events: Osc7501Event[] = [];
  const scanner = new StreamScanner({ onOsc7501: (e) => events.push(e) });
  const ends: ChunkEnd[] = [];
  for (const chunk of pieces) {
    if (how === 'feed') scanner.feed(chunk);
    else scanner.skim(chunk);
    ends.push({ safe: scanner.safe, atBoundary: scanner.atBoundary, inSyncUpdate: scanner.inSyncUpdate, offset: scanner.offset });
  }
  return { ends, events };
}

/** What a scanner reports, fed these chunks: safety at every chunk end, the last safe offset inside each chunk, events. */
export function observe(pieces: Iterable<Uint8Array>): { ends: Map<number, boolean>; lastSafe: Map<number, number>; events: Osc7501Event[] } {
  const events: Osc7501Event[] = [];
  const scanner = new StreamScanner({ onOsc7501: (e) => events.push(e) });
  const ends = new Map<number, boolean>();
  const lastSafe = new Map<number, number>();
  let at = 0;
  for (const chunk of pieces) {
    scanner.feed(chunk);
    const k = scanner.lastSafeOffset();
    at += chunk.length;
    ends.set(at, scanner.safe);
    lastSafe.set(at, k < 0 ? -1 : at - chunk.length + k);
  }
  return { ends, lastSafe, events };
}

/** The same observation, predicted from the reference tokenizer's safe points. */
export function predict(points: Set<number>, ends: Iterable<number>): { ends: Map<number, boolean>; lastSafe: Map<number, number> } {
  const sorted = [...points].sort((a, b) => a - b);
  const endsMap = new Map<number, boolean>();
  const lastSafe = new Map<number, number>();
  let start = 0;
  let k = 0; // sorted[k - 1] is the last safe point at or before the previous chunk end
  for (const end of ends) {
    endsMap.set(end, points.has(end));
    while (k < sorted.length && sorted[k]! <= end) k++;
    const last = k > 0 ? sorted[k - 1]! : -1;
    lastSafe.set(end, last >= start ? last : -1);
    start = end;
  }
  return { ends: endsMap, lastSafe };
}
