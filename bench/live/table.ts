// The printed report: one row per detector, the shim's details, its cost, and the goals.
import { SHIM_DETECTOR } from './detectors.js';
import type { LiveResult } from './live.js';
import { GRACE_MS, median, SAMPLE_MS, type DetectorScore } from './score.js';

/** The goals of issue 6 for the shim. */
export const GOALS = { medianLatencyS: 0.15, maxLatencyS: 0.8, cpuPercent: 2 } as const;

const seconds = (ms: number): string => (Number.isFinite(ms) ? (ms / 1000).toFixed(3) : '—');
/** The largest value, NaN for none (so an empty list never passes a `≤` goal). */
const maximum = (values: readonly number[]): number => (values.length === 0 ? NaN : Math.max(...values));
const mark = (ok: boolean): string => (ok ? '✓' : '✗');

function row(s: DetectorScore): string {
  const latency = s.latencies.length === 0 ? ['—', '—'] : [seconds(median(s.latencies)), seconds(maximum(s.latencies))];
  return `| ${s.name} | ${s.promptsDetected}/${s.prompts} | ${s.prompts - s.promptsDetected} | ${latency[0]} | ${latency[1]} | ${s.falseBlockedSeconds.toFixed(1)} | ${s.staleSeconds.toFixed(1)} | ${s.turnEndsDetected}/${s.turnEnds} |`;
}

function cpuPercent(result: LiveResult): number | undefined {
  const cost = result.record.cost;
  return cost === undefined ? undefined : (100 * cost.cpuSeconds) / cost.wallSeconds;
}

/** The whole report as lines of text (a Markdown table and notes). */
export function formatReport(result: LiveResult): string[] {
  const { record, truth, scores } = result;
  const span = (truth.end - truth.start) / 1000;
  const tasks = truth.turnEnds.length;
  const lines = [
    `live benchmark: seed ${record.seed}, ${record.mode.name} mode (time scale ${record.mode.timeScale}), ${record.mode.cols}x${record.mode.rows}; ` +
      `${tasks} turns, ${truth.prompts.length} permission prompts, ${span.toFixed(0)} s; rules chosen via ${record.via}`,
    '',
    '| detector | prompts detected | missed | latency median s | latency max s | false blocked s | of which stale after approval s | turn ends detected |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...scores.map(row),
    '',
  ];
  const shim = scores.find((s) => s.name === SHIM_DETECTOR);
  if (shim !== undefined) {
    const agreement = shim.agreement === undefined ? '—' : `${(100 * shim.agreement).toFixed(1)} %`;
    const releases = shim.releases.length === 0 ? '—' : `median ${seconds(median(shim.releases))} s, max ${seconds(maximum(shim.releases))} s`;
    const ends = shim.turnEndLatencies.length === 0 ? '—' : `median ${seconds(median(shim.turnEndLatencies))} s, max ${seconds(maximum(shim.turnEndLatencies))} s`;
    lines.push(
      `osf7501: ${record.tap.reports.length} reports (${record.tap.rejected} rejected); same state as the truth in ${agreement} of the ${SAMPLE_MS} ms samples; ` +
        `blocked → working after approval ${releases}; turn end → done ${ends}`,
    );
  }
  const cost = record.cost;
  const cpu = cpuPercent(result);
  if (cost !== undefined && cpu !== undefined) {
    const parent = record.agentParentPid === record.shimPid ? 'the fake agent’s parent ✓' : `NOT the agent's parent (${String(record.agentParentPid)})`;
    lines.push(
      `cost: osf7501 (pid ${record.shimPid}, ${parent}) used ${cost.cpuSeconds.toFixed(2)} s CPU in ${cost.wallSeconds.toFixed(0)} s = ` +
        `${cpu.toFixed(2)} % of one core (goal ≤ ${GOALS.cpuPercent} % ${mark(cpu <= GOALS.cpuPercent)}); peak RSS ${(cost.peakRssKb / 1024).toFixed(1)} MB`,
    );
  } else {
    lines.push('cost: not measured (needs Linux /proc)');
  }
  if (shim !== undefined) {
    const med = median(shim.latencies) / 1000;
    const max = maximum(shim.latencies) / 1000;
    lines.push(
      `goals for osf7501: every prompt ${mark(shim.promptsDetected === shim.prompts)}, every turn end ${mark(shim.turnEndsDetected === shim.turnEnds)}, ` +
        `0 false blocked s ${mark(shim.falseBlockedSeconds === 0)}, median ≤ ${GOALS.medianLatencyS} s ${mark(med <= GOALS.medianLatencyS)}, ` +
        `max ≤ ${GOALS.maxLatencyS} s ${mark(max <= GOALS.maxLatencyS)}`,
    );
  }
  lines.push(
    'reference (the article): a screen emulator with a 700 ms sweep caught every prompt, median 0.26 s, max 0.70 s; the stripped tail kept a false',
    'blocked for 77 s on average after approval; silence ≥ 5 s missed prompts approved quickly, 8 s missed all 25.',
    `notes: false blocked = "blocked" while the agent works, not counting the first ${GRACE_MS / 1000} s after it started working; stale = the part`,
    'that began before an approval. Detected = the detector switches to blocked while the prompt is open (still saying it from before does not',
    'count). A baseline only says "blocked", so a turn end counts when it switches to blocked before the user starts typing the next task; the',
    'shim must switch to done. Latency: the agent starts writing the prompt → the detector says blocked, on one monotonic clock.',
  );
  return lines;
}
