// Reads the shim's output as the supervisor's terminal: the reports it carries, and the agent's bytes
// between them for the baselines, all stamped with the arrival time.
import { ReportExtractor } from '../../src/protocol/index.js';
import { TailBaselines } from './baselines.js';
import { pushStep, type StepPoint } from './timeline.js';

/** One report the shim sent, as it arrived. */
export interface ArrivedReport {
  t: number;
  state: string;
  kind?: string;
  msg?: string;
}

/** Everything the supervisor learned from the output stream. */
export interface TapRecord {
  reports: ArrivedReport[];
  /** The shim's state: the latest report. */
  shim: StepPoint[];
  /** Arrival times of chunks that held agent bytes (not only reports). */
  outputTimes: number[];
  /** "The last line ends with ?" baseline: `blocked` or `quiet`. */
  questionMark: StepPoint[];
  /** "The prompt text is in the last 8 KB" baseline: `blocked` or `quiet`. */
  promptText: StepPoint[];
  rejected: number;
  bytes: number;
}

/** Feed it every chunk with its arrival time; `record` holds the result. */
export class OutputTap {
  private readonly extractor = new ReportExtractor();
  private readonly tail = new TailBaselines();
  private offset = 0;
  readonly record: TapRecord = { reports: [], shim: [], outputTimes: [], questionMark: [], promptText: [], rejected: 0, bytes: 0 };

  /** One chunk of the shim's output, arrived at `t` (system monotonic ms). */
  push(chunk: Uint8Array, t: number): void {
    const start = this.offset;
    this.offset += chunk.length;
    this.record.bytes += chunk.length;
    const cuts: Array<[number, number]> = [];
    for (const found of this.extractor.push(chunk)) {
      cuts.push([Math.max(0, found.offset - start), found.offset + found.raw.length - start]);
      if (found.parsed.type !== 'report') {
        if (found.parsed.type === 'rejected') this.record.rejected += 1;
        continue;
      }
      const { state, kind, msg } = found.parsed.report;
      this.record.reports.push({ t, state, ...(kind !== undefined ? { kind } : {}), ...(msg !== undefined ? { msg } : {}) });
      pushStep(this.record.shim, t, state);
    }
    const agentBytes = withoutRanges(chunk, cuts);
    if (agentBytes.length === 0) return;
    this.record.outputTimes.push(t);
    const verdict = this.tail.push(agentBytes);
    pushStep(this.record.questionMark, t, verdict.questionMark ? 'blocked' : 'quiet');
    pushStep(this.record.promptText, t, verdict.promptText ? 'blocked' : 'quiet');
  }
}

/** `chunk` without the byte ranges [from, to) (sorted, non-overlapping). */
function withoutRanges(chunk: Uint8Array, cuts: ReadonlyArray<[number, number]>): Uint8Array {
  if (cuts.length === 0) return chunk;
  const parts: Uint8Array[] = [];
  let at = 0;
  for (const [from, to] of cuts) {
    if (from > at) parts.push(chunk.subarray(at, from));
    at = Math.max(at, to);
  }
  if (at < chunk.length) parts.push(chunk.subarray(at));
  return Buffer.concat(parts);
}
