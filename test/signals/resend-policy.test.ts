// A viewer that comes back (#28): the `resend` event writes each current record again, once, on a fake clock;
// and every text the policy hands its sinks has its secrets masked.
import { describe, expect, test } from 'vitest';
import { extractAll, type Report } from '../../src/protocol/index.js';
import type { Classification } from '../../src/rules/types.js';
import { PolicyDriver } from './helpers/policy-driver.js';
import type { PolicyOutput, SignalPolicyConfig } from '../../src/signals/types.js';

const working: Classification = { state: 'working', rule: 'spinner' };
const dialog: Classification = { state: 'blocked', kind: 'permission', msg: 'approve Bash: ls', rule: 'permission-bash' };

type Step = { at: number; paint: Classification } | { at: number; native: Report } | { at: number; resend: true } | { at: number; exit: number };

/** Drives the policy as the shim does: every deadline in time order, each sweep answered at once with the last paint. */
function run(steps: readonly Step[], config: Partial<SignalPolicyConfig> = {}): PolicyOutput[] {
  const driver = new PolicyDriver({ app: 'claude-code', onExit: 'result', timing: { settleMs: 40, intervalMs: 700 }, copyNative: true, ...config });
  for (const step of steps) {
    driver.until(step.at);
    if ('paint' in step) driver.paint(step.at, step.paint);
    else if ('native' in step) driver.handle({ type: 'native', at: step.at, report: step.native });
    else if ('resend' in step) driver.handle({ type: 'resend', at: step.at });
    else driver.handle({ type: 'exit', at: step.at, code: step.exit, signal: null });
  }
  driver.until(Infinity);
  return driver.outputs;
}

/** Each report as `state@source`, `+` when it was written, with the msg its bytes carry. */
function written(outputs: readonly PolicyOutput[]): string[] {
  return outputs.flatMap((o) => {
    if (o.type !== 'report') return [];
    if (o.bytes === undefined) return [`${o.report.state}@${o.source}`];
    const parsed = extractAll(o.bytes)[0]?.parsed;
    const msg = parsed?.type === 'report' && parsed.report.msg !== undefined ? ` ${parsed.report.msg}` : '';
    return [`${o.report.state}@${o.source}+${msg}`];
  });
}

describe('resend: a viewer came back', () => {
  test("the record's current report is written again, once, though its bytes are the record's last", () => {
    const out = run([{ at: 0, paint: working }, { at: 1000, paint: dialog }, { at: 3000, resend: true }]);
    expect(written(out)).toEqual(['working@screen+', 'blocked@screen+ approve Bash: ls', 'blocked@resend+ approve Bash: ls']);
  });

  test('two resends write it twice (each is a viewer coming back), and the next change is written as usual', () => {
    const out = run([{ at: 0, paint: dialog }, { at: 1000, resend: true }, { at: 1500, resend: true }, { at: 2000, paint: working }]);
    expect(written(out)).toEqual(['blocked@screen+ approve Bash: ls', 'blocked@resend+ approve Bash: ls', 'blocked@resend+ approve Bash: ls', 'working@screen+']);
  });

  test("once the child speaks for itself, its own last report is the one sent again (a copy, inside tmux)", () => {
    const out = run([{ at: 0, paint: working }, { at: 500, native: { state: 'blocked', kind: 'question', app: 'claude-code', msg: 'pick one' } }, { at: 2000, resend: true }], { id: 'tmux/3' });
    expect(written(out)).toEqual(['working@screen+', 'blocked@native+ pick one', 'blocked@resend+ pick one']);
    const resent = out.filter((o) => o.type === 'report' && o.source === 'resend');
    expect(resent).toEqual([expect.objectContaining({ report: expect.objectContaining({ id: 'tmux/3' }) })]);
  });

  test('nothing before the first report, and nothing after the exit cleared the record', () => {
    expect(written(run([{ at: 0, resend: true }]))).toEqual([]);
    const out = run([{ at: 0, paint: working }, { at: 1000, exit: 0 }, { at: 2000, resend: true }]);
    expect(written(out).filter((r) => r.includes('@resend'))).toEqual([]);
  });
});

describe('the policy masks the texts it hands its sinks', () => {
  const secret: Classification = { state: 'blocked', kind: 'permission', msg: "approve Bash: curl -H 'Authorization: Bearer abcdefgh12345678' https://x.test", rule: 'permission-bash' };
  const masked = "approve Bash: curl -H 'Authorization: Bearer ****' https://x.test";

  test("a screen's msg: in the report bytes, the report object and the classification", () => {
    const out = run([{ at: 0, paint: secret }]);
    expect(written(out)).toEqual([`blocked@screen+ ${masked}`]);
    const sinks = out.flatMap((o) => (o.type === 'report' ? [o.report.msg] : o.type === 'classification' ? [o.classification.msg] : []));
    expect(sinks).toEqual([masked, masked]);
  });

  test("the child's own report: the copy's bytes and the report the sinks get", () => {
    const out = run([{ at: 0, native: { state: 'blocked', app: 'claude-code', msg: 'git clone https://ghp_R8kT2mQ9vL4xN7pW1cZ6bY3hJ5dF0gA2sE8u@github.com/a/b' } }], { id: 'tmux/1' });
    expect(written(out)).toEqual(['blocked@native+ git clone https://ghp_****@github.com/a/b']);
    expect(out[0]).toEqual(expect.objectContaining({ report: expect.objectContaining({ msg: 'git clone https://ghp_****@github.com/a/b' }) }));
  });
});
