// `osf7501 classify` on real Claude Code recordings: the final state, --explain, --timeline, rule choice and errors.
// Runs the built binary (`npm test` builds first; alone: `npm run build` before vitest).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { outputBytes, parseCast } from '../../src/recording/asciicast.js';

const BIN = fileURLToPath(new URL('../../bin/osf7501', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../../fixtures/claude-code', import.meta.url));
const BASH_APPROVE = join(FIXTURES, '2.1.332/bash-approve-80x24.cast');
const AUTH_ERROR = join(FIXTURES, '2.1.332/auth-error-80x24.cast');
/** In bash-approve-80x24, the driver presses Enter on the permission dialog at 5.33 s. */
const BASH_APPROVE_ENTER_S = 5.33;
/** The bundled apps, read from the `app = "…"` line of each file in rules/ (not through the loader under test). */
const RULES_DIR = fileURLToPath(new URL('../../rules', import.meta.url));
const BUNDLED_APPS = readdirSync(RULES_DIR)
  .filter((f) => f.endsWith('.toml'))
  .map((f) => /^app = "([^"]+)"/mu.exec(readFileSync(join(RULES_DIR, f), 'utf8'))?.[1] ?? f)
  .sort()
  .join(', ');

let tmp = '';
/** An empty config folder, so no user rule file changes the outcome. */
let config = '';

function classify(args: string[], cwd?: string): { status: number | null; stdout: string; stderr: string } {
  const env = { ...process.env, XDG_CONFIG_HOME: config };
  const r = spawnSync(process.execPath, [BIN, 'classify', ...args], { env, encoding: 'utf8', ...(cwd === undefined ? {} : { cwd }) });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** `cast` cut before `seconds` (header kept, optionally with extra header keys), written to `name` in tmp. */
function cutCast(cast: string, seconds: number, name: string, header: Record<string, unknown> = {}): string {
  const [first = '', ...events] = readFileSync(cast, 'utf8').split('\n').filter((l) => l.trim() !== '');
  const kept = events.filter((line) => (JSON.parse(line) as [number])[0] < seconds);
  const path = join(tmp, name);
  writeFileSync(path, [JSON.stringify({ ...(JSON.parse(first) as object), ...header }), ...kept, ''].join('\n'));
  return path;
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'osf7501-classify-'));
  config = mkdtempSync(join(tmpdir(), 'osf7501-classify-config-'));
});

describe('osf7501 classify: the final state', () => {
  test('a recording that ends on the auth error: `blocked kind=auth`', () => {
    const r = classify([AUTH_ERROR]);
    expect(r).toEqual({ status: 0, stdout: 'blocked kind=auth\n', stderr: '' });
  });

  test('bash-approve cut while its permission dialog is open: `blocked kind=permission`', () => {
    const path = cutCast(BASH_APPROVE, BASH_APPROVE_ENTER_S, 'claude-code-dialog.cast', { command: 'claude' });
    expect(classify([path]).stdout).toBe('blocked kind=permission\n');
  });

  test('a whole session ends idle (after /exit)', () => {
    expect(classify([BASH_APPROVE]).stdout).toBe('idle\n');
  });

  test('raw bytes (no clock) with --rules and --size: the same final state as the recording', () => {
    const cast = cutCast(BASH_APPROVE, BASH_APPROVE_ENTER_S, 'for-raw.cast');
    const raw = join(tmp, 'dialog.bin');
    writeFileSync(raw, outputBytes(parseCast(readFileSync(cast, 'utf8'))));
    expect(classify(['--rules', 'claude-code', '--size', '80x24', raw]).stdout).toBe('blocked kind=permission\n');
  });
});

describe('osf7501 classify: which rules', () => {
  test('the asciicast header\'s command picks the rule set (claude → claude-code)', () => {
    const path = cutCast(BASH_APPROVE, BASH_APPROVE_ENTER_S, 'with-command.cast', { command: 'claude --resume' });
    const r = classify(['--explain', path]);
    expect(r.stdout).toContain('chosen by the recorded command "claude"');
    expect(r.stdout.split('\n')[0]).toMatch(/^blocked kind=permission rule=permission-bash /u);
  });

  test('with no command and no app in the path, the generic rules: the dialog is found by its shape only (its title, not the command)', () => {
    const path = cutCast(BASH_APPROVE, BASH_APPROVE_ENTER_S, 'anonymous.cast');
    const r = classify(['--explain', path]);
    expect(r.stdout.split('\n')[0]).toMatch(/^blocked kind=permission rule=any-dialog matcher=dialog .* msg="Bash command"$/u);
    expect(r.stdout).toContain('rules: generic');
  });

  test('a fixtures/claude-code/… path picks the claude-code rules', () => {
    expect(classify(['--explain', AUTH_ERROR]).stdout).toContain('chosen by the folder "claude-code" in the path');
  });
});

describe('osf7501 classify --explain', () => {
  test('names the deciding rule, its matcher, the matched text and the msg, then every rule\'s verdict', () => {
    const path = cutCast(BASH_APPROVE, BASH_APPROVE_ENTER_S, 'explain.cast', { command: 'claude' });
    const r = classify(['--explain', path]);
    expect(r.status).toBe(0);
    const [first, ...rest] = r.stdout.trimEnd().split('\n');
    expect(first).toBe('blocked kind=permission rule=permission-bash matcher=all[0] matched=" Bash command" msg="approve Bash: touch build.log"');
    expect(rest).toContainEqual(expect.stringMatching(/^ {2}#1 permission-bash \(blocked:permission; region "below-last-rule", \d+ rows\): matched all\[0\] " Bash command"/u));
    expect(rest).toContainEqual(expect.stringMatching(/^ {2}#\d+ spinner \(working; .*\): no-any-matched$/u));
  });
});

describe('osf7501 classify --timeline', () => {
  test("bash-approve: one line per report the terminal gets, Claude Code's own from its first one on (the shim defers to it)", () => {
    const r = classify(['--timeline', '--explain', BASH_APPROVE]);
    expect(r.status).toBe(0);
    expect(r.stdout.trimEnd().split('\n').map((l) => l.replace(/^\S+ /u, ''))).toEqual([
      'idle rule=(none: no rule matched)',
      'idle source=native',
      'working source=native',
      'blocked kind=permission msg="approve Bash: touch build.log" source=native',
      'working source=native',
      'done source=native',
      'clear source=native',
    ]);
  });

  test('bash-approve --screen-only: one line per report the screen rules alone make', () => {
    const r = classify(['--timeline', '--screen-only', BASH_APPROVE]);
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    for (const line of lines) expect(line).toMatch(/^\d+\.\d{3} /u);
    expect(lines.map((l) => l.replace(/^\S+ /u, ''))).toEqual([
      'idle',
      'working',
      'blocked kind=permission msg="approve Bash: touch build.log"',
      'working',
      'done',
    ]);
    const times = lines.map((l) => Number(l.split(' ')[0]));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  test('--explain adds what decided the screen behind each report (the bare spinner row, the interrupted idle)', () => {
    const r = classify(['--timeline', '--explain', '--screen-only', join(FIXTURES, '2.1.332/interrupt-80x24.cast')]);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.map((l) => l.split(' ').slice(1, 3).join(' '))).toEqual(['idle rule=(none:', 'working rule=spinner', 'idle rule=interrupted']);
    expect(lines[2]).toMatch(/ interrupted$/u);
  });
});

describe('osf7501 classify: errors are one line and exit 2', () => {
  test.each([
    [['/nonexistent/rec.cast'], 'osf7501 classify: cannot read /nonexistent/rec.cast: ENOENT\n'],
    [['--size', '80by24', AUTH_ERROR], 'osf7501 classify: --size "80by24": expected COLSxROWS such as 80x24 (columns 2–1000, rows 1–1000)\n'],
    [['--size', '0x24', AUTH_ERROR], 'osf7501 classify: --size "0x24": expected COLSxROWS such as 80x24 (columns 2–1000, rows 1–1000)\n'],
    [['--rules', 'nope', AUTH_ERROR], `osf7501 classify: --rules: no rule set with app "nope" and no such .toml file (known apps: ${BUNDLED_APPS})\n`],
  ])('%j', (args, stderr) => {
    expect(classify(args)).toEqual({ status: 2, stdout: '', stderr });
  });

  test('a broken rule file: the RuleError as it is', () => {
    const rules = join(tmp, 'broken.toml');
    writeFileSync(rules, 'app = "x"\n[[rules]]\nname = "wait"\nstate = "waiting"\nany = [\'x\']\n');
    const r = classify(['--rules', rules, AUTH_ERROR]);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`osf7501 classify: ${rules}: rule "wait" (#1): unknown state "waiting" (valid: idle, working, blocked, done, error)\n`);
  });

  test('a .cast with a broken event line names the file and the line', () => {
    const path = join(tmp, 'broken.cast');
    writeFileSync(path, '{"version":2,"width":80,"height":24}\n[0.1,"o","x"]\nnot json\n');
    expect(classify([path])).toEqual({
      status: 2,
      stdout: '',
      stderr: `osf7501 classify: ${path}: not a valid asciicast v2 recording: asciicast: line 3 is not JSON\n`,
    });
  });
});

describe('osf7501 classify --against-native: the screen rules scored against the program\'s own reports', () => {
  const CODEX_PLAN = fileURLToPath(new URL('../../fixtures/codex/0.171.0/plan-implement-80x24.cast', import.meta.url));

  test('bash-approve: every one of Claude Code\'s own reports agreed; exit status 0', () => {
    const r = classify(['--against-native', BASH_APPROVE]);
    expect(r).toEqual({
      status: 0,
      stdout: [
        'state    agreed  disagreed',
        'idle          1          0',
        'working       2          0',
        'blocked       1          0',
        'done          1          0',
        "5 of 5 of the program's own reports agreed with the screen rules",
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  test('Codex plan-implement: Codex says done over its `Implement this plan?` chooser, the rules say blocked; exit status 5', () => {
    const r = classify(['--against-native', CODEX_PLAN]);
    expect(r.status).toBe(5);
    expect(r.stdout.split('\n').slice(3)).toEqual([
      'done          0          1',
      "5 of 6 of the program's own reports agreed with the screen rules",
      '3.834 state differs: the program said done at 3.794; the screen rules said blocked kind=permission msg="approve plan" (rule implement-plan)',
      '',
    ]);
  });

  test('a recording without reports of the program\'s own (the query unanswered): one line, exit status 2', () => {
    const path = join(FIXTURES, '2.1.332/bash-approve-80x24-noanswer.cast');
    const r = classify(['--against-native', path]);
    expect(r).toEqual({ status: 2, stdout: '', stderr: `osf7501 classify: ${path}: no OSC 7501 reports of the program's own to score against\n` });
  });

  test('with --timeline (or --screen-only, --explain): a usage error, exit status 2', () => {
    const r = classify(['--against-native', '--timeline', BASH_APPROVE]);
    expect(r).toEqual({ status: 2, stdout: '', stderr: 'osf7501 classify: --against-native takes none of --screen-only, --timeline, --explain\n' });
  });
});
