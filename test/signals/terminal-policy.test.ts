// The terminal's own state and a shell's OSC 133 marks in the signal policy, on a fake clock (spec/signals.md,
// "Any program"): the real policy, ranking and tracker; the screen is scripted (each sweep reads what was painted).
import { describe, expect, test } from 'vitest';
import { parseReport } from '../../src/protocol/index.js';
import type { Classification } from '../../src/rules/types.js';
import { PolicyDriver } from './helpers/policy-driver.js';
import { terminalVerdict } from '../../src/signals/terminal-verdict.js';
import type { TerminalState } from '../../src/signals/terminal-state.js';
import type { SignalPolicyConfig } from '../../src/signals/types.js';
import type { ShellMark } from '../../src/stream/shell-marks.js';

const idle: Classification = { state: 'idle' };
const yesNo: Classification = { state: 'blocked', kind: 'question', msg: 'Continue? [y/N]', rule: 'yes-no' };

type Step =
  | { at: number; paint: Classification; row?: string }
  | { at: number; terminal: TerminalState }
  | { at: number; mark: ShellMark }
  | { at: number; exit: number }
  | { at: number; input: true }
  /** Output the screen does not count as a change (a volatile row: a spinner's frame). */
  | { at: number; frame: true };

/** Drives the policy as the shim does: every deadline in time order, each sweep answered at once. */
function run(steps: readonly Step[], config: Partial<SignalPolicyConfig>): string[] {
  const reports: string[] = [];
  const driver = new PolicyDriver({ app: 'prog', onExit: 'result', timing: { settleMs: 40, intervalMs: 700 }, copyNative: false, ...config }, (o) => {
    if (o.type !== 'report' || o.bytes === undefined) return;
    const parsed = parseReport(o.bytes);
    if (parsed.type === 'report') reports.push([parsed.report.state, parsed.report.kind, parsed.report.msg].filter((x) => x !== undefined).join(':'));
  });
  for (const step of steps) {
    driver.until(step.at);
    if ('paint' in step) driver.paint(step.at, step.paint, step.row);
    else if ('frame' in step) driver.frame(step.at);
    else if ('terminal' in step) driver.handle({ type: 'terminal', at: step.at, state: step.terminal });
    else if ('mark' in step) driver.handle({ type: 'shell-mark', at: step.at, mark: step.mark });
    else if ('input' in step) driver.handle({ type: 'input', at: step.at });
    else driver.handle({ type: 'exit', at: step.at, code: step.exit, signal: null });
  }
  driver.until(Infinity);
  return reports;
}

const canonical = (echo: boolean, reading: boolean | undefined): TerminalState => ({ mode: 'canonical', echo, ...(reading === undefined ? {} : { reading }) });

describe('terminalVerdict: what the terminal says at the cursor', () => {
  test.each<[string, TerminalState | undefined, string, string | undefined]>([
    ['echo off, reading: auth in any language', canonical(false, true), 'Mot de passe : ', 'blocked:auth:Mot de passe :'],
    ['echo off, reading unknown (a setuid sudo): auth', canonical(false, undefined), '[sudo] password for ann: ', 'blocked:auth:[sudo] password for ann:'],
    ['a line read after a question', canonical(true, true), 'Which region? ', 'blocked:question:Which region?'],
    ['words of leave: permission', canonical(true, true), "rm: remove regular file 'a.txt'? ", "blocked:permission:rm: remove regular file 'a.txt'?"],
    ['a shell prompt is its own', canonical(true, true), 'ann@box:~/src$ ', 'idle'],
    ['a root prompt without a space before #', canonical(true, true), 'root@vm:/tmp# ', 'idle'],
    ['the Python REPL', canonical(true, true), '>>> ', 'idle'],
    ["less's prompt", canonical(true, true), ':', 'idle'],
    ['an empty row says nothing', canonical(true, true), '', undefined],
    ['canonical, reading nothing: running', canonical(true, false), 'Continue? [y/N]', 'working'],
    ['raw mode (a TUI) says nothing', { mode: 'raw', echo: false, reading: true }, 'Password: ', undefined],
    ['nothing read yet says nothing', undefined, 'Password: ', undefined],
  ])('%s', (_name, state, row, expected) => {
    const v = terminalVerdict(state, row);
    expect(v === undefined ? undefined : [v.state, v.kind, v.msg].filter((x) => x !== undefined).join(':')).toBe(expected);
  });
});

describe('a plain program (lifecycle program)', () => {
  const program = { lifecycle: 'program' as const, doneAfterMs: 3000, startedAt: 0 };

  test('runs as working, is blocked while it reads a question, and ends done after the threshold', () => {
    expect(
      run(
        [
          { at: 10, paint: idle, row: 'compiling' },
          { at: 100, terminal: canonical(true, false) },
          { at: 1000, paint: idle, row: 'Deploy? ' },
          { at: 1100, terminal: canonical(true, true) },
          { at: 2000, paint: idle, row: '' },
          { at: 2100, terminal: canonical(true, false) },
          { at: 4000, exit: 0 },
        ],
        program,
      ),
    ).toEqual(['working', 'blocked:question:Deploy?', 'working', 'done:prog finished']);
  });

  test('a printed [y/N] while the program reads nothing is working, not blocked', () => {
    expect(run([{ at: 10, terminal: canonical(true, false) }, { at: 20, paint: yesNo, row: '' }, { at: 500, exit: 0 }], program)).toEqual(['working', 'clear']);
  });

  test('the same [y/N] while it reads is blocked, the screen keeping its message', () => {
    expect(run([{ at: 10, terminal: canonical(true, true) }, { at: 20, paint: yesNo, row: 'Continue? [y/N] ' }], program)).toEqual([
      'blocked:question:Continue? [y/N]',
    ]);
  });

  test('a visible question asked with echo off is auth', () => {
    expect(run([{ at: 10, terminal: canonical(false, true) }, { at: 20, paint: yesNo, row: 'x' }], program)).toEqual(['blocked:auth:Continue? [y/N]']);
  });

  test('a TUI in raw mode (a pager, an editor) is idle and its quiet screen never turns into done', () => {
    expect(run([{ at: 10, terminal: { mode: 'raw', echo: false, reading: true } }, { at: 20, paint: idle }, { at: 5000, paint: idle }], program)).toEqual(['idle']);
  });

  test('a short run is cleared at its exit; a failing one is error', () => {
    expect(run([{ at: 10, paint: idle }, { at: 1000, exit: 0 }], program)).toEqual(['working', 'clear']);
    expect(run([{ at: 10, paint: idle }, { at: 1000, exit: 2 }], program)).toEqual(['working', 'error:prog exited with status 2']);
  });

  test('an agent (lifecycle agent) keeps its exit: clear, whatever the run took', () => {
    expect(run([{ at: 10, paint: { state: 'working' } }, { at: 9000, exit: 0 }], { lifecycle: 'agent', startedAt: 0 })).toEqual(['working', 'clear']);
  });
});

describe("a wrapped shell's commands (OSC 133)", () => {
  const shell = { lifecycle: 'shell' as const, doneAfterMs: 3000 };
  const rest: TerminalState = { mode: 'raw', echo: false, reading: true };

  test('a long command: working once it passed the threshold, done at D;0', () => {
    expect(
      run(
        [
          { at: 10, terminal: rest },
          { at: 20, paint: idle },
          { at: 500, mark: { mark: 'command' } },
          { at: 600, terminal: canonical(true, false) },
          { at: 5000, mark: { mark: 'end', status: 0 } },
          { at: 5001, mark: { mark: 'prompt' } },
          { at: 5010, terminal: rest },
          { at: 5020, paint: idle },
        ],
        shell,
      ),
    ).toEqual(['idle', 'working', 'done']);
  });

  test('a long failing command is error with its status; a short one leaves nothing', () => {
    expect(
      run(
        [
          { at: 20, paint: idle },
          { at: 500, mark: { mark: 'command' } },
          { at: 5000, mark: { mark: 'end', status: 127 } },
          { at: 6000, mark: { mark: 'command' } },
          { at: 6100, mark: { mark: 'end', status: 1 } },
        ],
        shell,
      ),
    ).toEqual(['idle', 'working', 'error:command exited with status 127']);
  });

  test("a short command's question is dropped at the prompt: idle, not done", () => {
    expect(
      run(
        [
          { at: 20, paint: idle },
          { at: 500, mark: { mark: 'command' } },
          { at: 600, terminal: canonical(true, true) },
          { at: 610, paint: idle, row: 'Name? ' },
          { at: 1500, mark: { mark: 'end', status: 0 } },
          { at: 1501, mark: { mark: 'prompt' } },
          { at: 1510, terminal: rest },
          { at: 1520, paint: idle, row: '$ ' },
        ],
        shell,
      ),
    ).toEqual(['idle', 'blocked:question:Name?', 'idle']);
  });
});

describe('a terminal state output has overtaken', () => {
  test('a secret answered, then output on another row: not auth any more, though no read came since', () => {
    const reports = run(
      [
        { at: 0, paint: idle, row: 'Enter a value: ' },
        { at: 300, terminal: canonical(false, true) },
        // The answer: the program prints its plan on new rows and exits before the terminal is read again.
        { at: 2000, paint: idle, row: 'Plan: 1 to add, 0 to change, 0 to destroy.' },
        { at: 2200, exit: 0 },
      ],
      { lifecycle: 'program', doneAfterMs: 60_000 },
    );
    const asked = reports.indexOf('blocked:auth:Enter a value:');
    expect(asked).toBeGreaterThanOrEqual(0);
    expect(reports.slice(asked + 1).some((r) => r.startsWith('blocked'))).toBe(false);
    expect(reports.at(-1)).toBe('clear');
  });

  test("a secret the screen still shows, answered: the cursor on the empty row below it is working (ssh, connected)", () => {
    const password: Classification = { state: 'blocked', kind: 'auth', msg: "ann@host's password:", rule: 'password' };
    const reports = run(
      [
        { at: 0, paint: password, row: "ann@host's password: " },
        { at: 300, terminal: canonical(false, true) },
        // Enter: ssh writes the newline itself; the prompt stays on the screen, the cursor goes below it.
        { at: 2000, paint: password, row: '' },
        // Connected, ssh reads the terminal to forward it, echo back on.
        { at: 2400, terminal: canonical(true, true) },
      ],
      { lifecycle: 'program', doneAfterMs: 60_000 },
    );
    expect(reports).toEqual(["blocked:auth:ann@host's password:", 'working']);
  });

  test('a question printed on its own row, then read below it, stays asked (echo on, not a secret)', () => {
    const reports = run(
      [
        { at: 0, paint: yesNo, row: '' },
        { at: 300, terminal: canonical(true, true) },
      ],
      { lifecycle: 'program', doneAfterMs: 60_000 },
    );
    expect(reports.at(-1)).toBe('blocked:question:Continue? [y/N]');
  });

  test('a secret asked below its prompt (echo off, the cursor on an empty row) is asked', () => {
    const password: Classification = { state: 'blocked', kind: 'auth', msg: 'Password:', rule: 'password' };
    const reports = run([{ at: 0, paint: password, row: '' }, { at: 300, terminal: canonical(false, true) }], { lifecycle: 'program', doneAfterMs: 60_000 });
    expect(reports.at(-1)).toBe('blocked:auth:Password:');
  });

  test('typing on the prompt row (echo on) keeps the question while the state is not read again', () => {
    const reports = run(
      [
        { at: 0, paint: idle, row: 'Name? ' },
        { at: 300, terminal: canonical(true, true) },
        { at: 2000, paint: idle, row: 'Name? Ada' },
      ],
      { lifecycle: 'program' },
    );
    expect(reports.at(-1)).toBe('blocked:question:Name?');
  });
});

describe('a raw-mode state output has overtaken (a spinner after the questions)', () => {
  const raw: TerminalState = { mode: 'raw', echo: false, reading: true };
  /** A spinner's frame every 80 ms from `from` to `to`: the output never pauses long enough to read the terminal again. */
  const spinner = (from: number, to: number, extra: (at: number) => Step[] = () => []): Step[] =>
    Array.from({ length: Math.floor((to - from) / 80) }, (_, i) => from + i * 80).flatMap((at) => [
      ...extra(at),
      { at, paint: idle, row: `${'|/-\\'[(at / 80) % 4]} Installing dependencies` },
    ]);

  test('streams for a second after the last read, nobody typing: working; quiet and read again: idle', () => {
    const reports = run([{ at: 10, paint: idle, row: 'Project name: app' }, { at: 300, terminal: raw }, ...spinner(2000, 5000), { at: 5300, terminal: raw }], {
      lifecycle: 'program',
    });
    expect(reports).toEqual(['working', 'idle', 'working', 'idle']); // running until first read, at rest, streaming, at rest
  });

  test("a spinner on a volatile row (its frames no change of the screen) works all the same", () => {
    const frames: Step[] = Array.from({ length: 37 }, (_, i) => ({ at: 2000 + i * 80, frame: true as const }));
    const reports = run([{ at: 10, paint: idle, row: 'Project name: app' }, { at: 300, terminal: raw }, ...frames, { at: 5300, terminal: raw }], {
      lifecycle: 'program',
    });
    expect(reports).toEqual(['working', 'idle', 'working', 'idle']);
  });

  test('the echo of typing into a TUI (keys every 80 ms) is not work of its own: idle', () => {
    const reports = run([{ at: 10, paint: idle, row: '' }, { at: 300, terminal: raw }, ...spinner(2000, 5000, (at) => [{ at, input: true }]), { at: 5300, terminal: raw }], {
      lifecycle: 'program',
    });
    expect(reports).toEqual(['working', 'idle']);
  });

  test('an agent keeps its screen rules: a raw-mode agent that streams is what its screen says', () => {
    const reports = run([{ at: 10, paint: idle, row: '' }, { at: 300, terminal: raw }, ...spinner(2000, 5000)], { lifecycle: 'agent' });
    expect(reports).toEqual(['idle']);
  });
});
