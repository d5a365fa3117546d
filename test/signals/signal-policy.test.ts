// The signal policy on a fake clock: timed tables of events in, the reports the record gets out (spec/signals.md).
// The screen is scripted (each sweep reads the classification painted last); the policy, its sweep
// scheduler, ranking and status tracker are the real ones, the very code the live shim and classify drive.
import { describe, expect, test } from 'vitest';
import { parseReport, type Report } from '../../src/protocol/index.js';
import { RuleSet } from '../../src/rules/rule-set.js';
import type { Classification } from '../../src/rules/types.js';
import { HOOK_BLOCKED_GRACE_MS, HOOK_HINT_MS } from '../../src/signals/ranking.js';
import { SignalPolicy } from '../../src/signals/signal-policy.js';
import { PolicyDriver } from './helpers/policy-driver.js';
import type { ForegroundView, PolicyOutput, SignalPolicyConfig } from '../../src/signals/types.js';
import type { HookSignal } from '../../src/hooks/events.js';

const working: Classification = { state: 'working', rule: 'spinner' };
const dialog: Classification = { state: 'blocked', kind: 'permission', msg: 'approve Bash: ls', rule: 'permission-bash' };
const idle: Classification = { state: 'idle', rule: 'prompt' };
const noRules = (file: string): RuleSet => new RuleSet({ app: file.replace(/\.toml$/u, ''), commands: [], versions: [], description: '', file }, []);
const shell = { app: 'bash', rules: noRules('generic.toml') };
const agent = { app: 'claude-code', rules: noRules('claude-code.toml') };

type Step =
  | { at: number; paint: Classification }
  | { at: number; hook: HookSignal }
  | { at: number; native: Report }
  | { at: number; foreground: ForegroundView }
  | { at: number; exit: number | null; signal?: string }
  | { at: number; hangup: true };

/** Drives the policy as the shim does, on a fake clock: every deadline in time order, each sweep answered at once. */
function run(steps: readonly Step[], config: Partial<SignalPolicyConfig> = {}): { reports: string[]; outputs: PolicyOutput[] } {
  const driver = new PolicyDriver({ app: 'bash', onExit: 'result', timing: { settleMs: 40, intervalMs: 700 }, copyNative: false, ...config });
  for (const step of steps) {
    driver.until(step.at);
    if ('paint' in step) driver.paint(step.at, step.paint);
    else if ('hook' in step) driver.handle({ type: 'hook', at: step.at, signal: step.hook });
    else if ('native' in step) driver.handle({ type: 'native', at: step.at, report: step.native });
    else if ('foreground' in step) driver.foreground(step.at, step.foreground);
    else if ('exit' in step) driver.handle({ type: 'exit', at: step.at, code: step.exit, signal: step.signal ?? null });
    else driver.handle({ type: 'hangup', at: step.at });
  }
  driver.until(Infinity);
  const outputs = driver.outputs;
  const reports = outputs.flatMap((o) => {
    if (o.type !== 'report') return [];
    const r = o.report;
    const sent = o.bytes === undefined ? '' : '+';
    return [`${r.state}${r.kind ? `:${r.kind}` : ''}@${o.source}${sent}`];
  });
  return { reports, outputs };
}

describe('ranking: when two signals disagree, the stronger decides', () => {
  test.each<[string, Step[], string[]]>([
    ['a visible dialog beats a hook saying working', [{ at: 0, paint: dialog }, { at: 100, hook: { state: 'working', event: 'PreToolUse' } }], ['blocked:permission@screen+']],
    [
      "a hook's blocked comes before the dialog paints, and holds against a working screen meanwhile",
      [{ at: 0, paint: working }, { at: 100, hook: { state: 'blocked', kind: 'permission', event: 'PermissionRequest' } }, { at: 200, paint: { ...working, msg: 'x' } }],
      ['working@screen+', 'blocked:permission@screen+'],
    ],
    [
      "a hook's blocked lapses at a later screen without a dialog (no hook fires on approval)",
      [
        { at: 0, paint: working },
        { at: 100, hook: { state: 'blocked', kind: 'permission', event: 'Notification' } },
        { at: 100 + HOOK_BLOCKED_GRACE_MS + 50, paint: { ...working, msg: 'x' } },
      ],
      ['working@screen+', 'blocked:permission@screen+', 'working@screen+'],
    ],
    [
      "a hook's working beats an idle screen (the spinner has not painted yet), for HOOK_HINT_MS",
      [{ at: 0, paint: idle }, { at: 1000, hook: { state: 'working', event: 'UserPromptSubmit' } }, { at: 1100, paint: { ...idle, msg: 'x' } }],
      ['idle@screen+', 'working@screen+'],
    ],
    [
      'after HOOK_HINT_MS the idle screen speaks again: the turn ends as done',
      [
        { at: 0, paint: idle },
        { at: 1000, hook: { state: 'working', event: 'UserPromptSubmit' } },
        { at: 1000 + HOOK_HINT_MS + 10, paint: { ...idle, msg: 'x' } },
      ],
      ['idle@screen+', 'working@screen+', 'done@screen+'],
    ],
    ["a hook's idle never replaces done", [{ at: 0, paint: working }, { at: 100, paint: idle }, { at: 1000, hook: { state: 'idle', event: 'Notification' } }], ['working@screen+', 'done@screen+']],
  ])('%s', (_name, steps, expected) => {
    expect(run(steps).reports).toEqual(expected);
  });
});

describe("the agent's own reports", () => {
  const nativeWorking: Report = { state: 'working', app: 'codex' };
  test('from its first report on the agent speaks for the record: the screen adds nothing, the exit still reports', () => {
    const { reports } = run([
      { at: 0, paint: idle },
      { at: 500, native: nativeWorking },
      { at: 600, paint: working },
      { at: 2000, paint: dialog },
      { at: 3000, exit: 1 },
    ]);
    expect(reports).toEqual(['idle@screen+', 'working@native', 'error@exit+']);
  });

  test('inside tmux (copyNative) a copy of the report is written, unless it repeats the record\'s last bytes', () => {
    const { reports } = run([{ at: 0, paint: idle }, { at: 500, native: { state: 'idle', app: 'bash' } }, { at: 600, native: nativeWorking }], { copyNative: true });
    expect(reports).toEqual(['idle@screen+', 'idle@native', 'working@native+']);
  });

  test('a report on another record of its own is left alone', () => {
    const { reports } = run([{ at: 0, paint: idle }, { at: 500, native: { state: 'working', id: 'other' } }, { at: 600, paint: working }]);
    expect(reports).toEqual(['idle@screen+', 'working@screen+']);
  });

  test('an agent that cleared its own record on the way out gets no second clear', () => {
    const { reports } = run([{ at: 0, paint: idle }, { at: 500, native: { state: 'clear' } }, { at: 600, exit: 0 }]);
    expect(reports).toEqual(['idle@screen+', 'clear@native']);
  });
});

describe('the foreground program (a wrapped shell)', () => {
  test('a running command is working on an idle screen; the shell back in front ends the turn', () => {
    const { reports } = run([
      { at: 0, paint: idle },
      { at: 1000, foreground: { away: true, rules: shell } },
      { at: 3000, foreground: { away: false, rules: shell } },
    ]);
    expect(reports).toEqual(['idle@screen+', 'working@screen+', 'done@screen+']);
  });

  test("an agent taking over switches the rules; when the shell is back the agent's stale blocked is cleared", () => {
    const { reports, outputs } = run([
      { at: 0, paint: idle },
      { at: 1000, foreground: { away: true, rules: agent } },
      { at: 1100, paint: dialog },
      { at: 3000, foreground: { away: false, rules: shell } },
      { at: 3010, paint: idle }, // the shell's prompt under the agent's last screen
    ]);
    expect(outputs.filter((o) => o.type === 'rules').map((o) => (o.type === 'rules' ? o.rules.app : ''))).toEqual(['claude-code', 'bash']);
    expect(reports).toEqual(['idle@screen+', 'clear@screen+', 'blocked:permission@screen+', 'clear@screen+', 'idle@screen+']);
  });

  test("an agent killed at its dialog: its frame, read with the shell's rules before the shell has drawn anything, is no blocked", () => {
    const anyDialog: Classification = { ...dialog, rule: 'any-dialog' };
    const { reports } = run([
      { at: 0, paint: idle },
      { at: 1000, foreground: { away: true, rules: agent } },
      { at: 1100, paint: dialog },
      { at: 2000, paint: anyDialog }, // the agent is killed: what is left of it, as the shell's rules will read it
      { at: 3000, foreground: { away: false, rules: shell } },
      { at: 3500, paint: idle }, // the shell draws its prompt
      { at: 5000, paint: { state: 'blocked', kind: 'auth', msg: 'Password:', rule: 'password' } }, // sudo, later: the shell's own
    ]);
    expect(reports).toEqual(['idle@screen+', 'clear@screen+', 'blocked:permission@screen+', 'clear@screen+', 'idle@screen+', 'blocked:auth@screen+']);
  });

  test('a sweep read with the old rules does not speak once the rules have changed', () => {
    const outputs: PolicyOutput[] = [];
    const policy = new SignalPolicy({ app: 'bash', onExit: 'result', timing: { settleMs: 40, intervalMs: 700 }, copyNative: false }, (o) => outputs.push(o));
    policy.output(0);
    policy.tick(40);
    const sweep = outputs.find((o) => o.type === 'sweep');
    expect(sweep).toBeDefined();
    policy.foreground(45, { away: true, rules: agent });
    policy.handle({ type: 'swept', at: 50, epoch: sweep?.type === 'sweep' ? sweep.epoch : -1, outcome: { changed: true, classification: dialog } });
    expect(outputs.filter((o) => o.type === 'report' || o.type === 'classification')).toEqual([]);
  });
});

describe('sweeps, deadlines, exit', () => {
  test('a sweep is asked for settleMs after output, and at least every intervalMs while output streams', () => {
    const outputs: PolicyOutput[] = [];
    const policy = new SignalPolicy({ app: 'bash', onExit: 'result', timing: { settleMs: 40, intervalMs: 700 }, copyNative: false }, (o) => outputs.push(o));
    expect(policy.nextDeadline()).toBeNull();
    policy.output(0);
    expect(policy.nextDeadline()).toBe(40);
    for (let t = 30; t < 1000; t += 30) policy.output(t);
    expect(policy.nextDeadline()).toBe(700);
    policy.tick(700);
    expect(outputs).toEqual([{ type: 'sweep', epoch: 0 }]);
    // While that sweep runs, no other is asked for.
    policy.output(710);
    expect(policy.nextDeadline()).toBeNull();
  });

  test('exit: error with the status, or the signal by name; after a hang-up only the clear', () => {
    expect(run([{ at: 0, paint: working }, { at: 500, exit: 3 }]).outputs.filter((o) => o.type === 'report').map((o) => (o.type === 'report' ? o.report.msg : ''))).toEqual([
      undefined,
      'bash exited with status 3',
    ]);
    expect(run([{ at: 0, paint: working }, { at: 500, exit: null, signal: 'SIGKILL' }]).reports.at(-1)).toBe('error@exit+');
    expect(run([{ at: 0, paint: working }, { at: 500, hangup: true }, { at: 600, exit: 1 }]).reports).toEqual(['working@screen+', 'clear@exit+']);
  });

  test('a session that reported nothing gets no clear (exit 0, --on-exit clear, a hang-up), but an error still reports', () => {
    // Output, then the end before the first sweep: no record was made on the terminal.
    expect(run([{ at: 0, paint: working }, { at: 10, exit: 0 }]).reports).toEqual([]);
    expect(run([{ at: 0, paint: working }, { at: 10, exit: 3 }], { onExit: 'clear' }).reports).toEqual([]);
    expect(run([{ at: 0, paint: working }, { at: 10, hangup: true }, { at: 20, exit: 1 }]).reports).toEqual([]);
    expect(run([{ at: 0, paint: working }, { at: 10, exit: 3 }]).reports).toEqual(['error@exit+']);
    // A record the child made itself (passed through, not copied) is cleared by the shim if the child left it.
    expect(run([{ at: 0, native: { state: 'working' } }, { at: 10, exit: 0 }]).reports).toEqual(['working@native', 'clear@exit+']);
  });

  test('the bytes are the encoded report, with the record id and title', () => {
    const { outputs } = run([{ at: 0, paint: dialog }], { id: 'tmux/3', title: 'bash · main:1.0' });
    const sent = outputs.find((o) => o.type === 'report');
    const parsed = sent?.type === 'report' && sent.bytes ? parseReport(sent.bytes) : undefined;
    expect(parsed?.type === 'report' ? parsed.report : undefined).toEqual({ state: 'blocked', id: 'tmux/3', kind: 'permission', app: 'bash', title: 'bash · main:1.0', msg: 'approve Bash: ls' });
  });
});
