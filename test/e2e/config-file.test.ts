// The config file under the real binary at a real PTY: its settings apply to a wrapped program, the
// command line wins over them, and a bad file stops everything before the program starts.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ReportExtractor, type Report } from '../../src/protocol/index.js';
import { runInTerminal } from './support/outer-terminal.js';

let home = '';
let path = '';
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'osf-config-e2e-'));
  mkdirSync(join(home, 'osf7501'));
  path = join(home, 'osf7501', 'config.toml');
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

function states(output: Buffer): string[] {
  return new ReportExtractor()
    .push(output)
    .flatMap((e) => (e.parsed.type === 'report' ? [e.parsed.report] : []))
    .map((r: Report) => r.state);
}

describe('config.toml', () => {
  test('on-exit = "keep" for sh: a failing sh leaves no exit report; --on-exit result on the command line wins', async () => {
    writeFileSync(path, 'on-exit = "clear"\n[apps.sh]\non-exit = "keep"\n');
    const env = { XDG_CONFIG_HOME: home };
    const kept = await runInTerminal(['sh', '-c', 'exit 3'], { env });
    expect(kept.status).toBe(3);
    expect(states(kept.output)).not.toContain('error');
    expect(states(kept.output)).not.toContain('clear');
    const given = await runInTerminal(['--on-exit', 'result', 'sh', '-c', 'exit 3'], { env });
    expect(given.status).toBe(3);
    expect(states(given.output).at(-1)).toBe('error');
  });

  test('a bad value: one line naming the file and the key, status 2, and the program never starts', async () => {
    writeFileSync(path, 'interval = "fast"\n');
    const marker = join(home, 'started');
    const result = await runInTerminal(['sh', '-c', `touch '${marker}'`], { env: { XDG_CONFIG_HOME: home } });
    expect(result.status).toBe(2);
    expect(result.output.toString()).toBe(`osf7501: ${path}: interval: expected a whole number from 50 to 60000, got "fast"\r\n`);
    expect(existsSync(marker)).toBe(false);
  });
});
