// A rule that cannot finish (a catastrophic pattern, `^(a+)+$` on a row of `a`s ending in `b`) costs that
// rule, not the session: the classification is cut off at the time limit, the rule dropped, and the rules
// after it go on classifying. Through the real shim in a real PTY: the dialog that
// comes later is still reported blocked, the exit status is the child's, the terminal is restored, and the
// dropped rule is named once on stderr after the program's last output, and in --log.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extractAll } from '../../src/protocol/index.js';
import { SWEEP_TIME_LIMIT_MS } from '../../src/session/screen-client.js';
import { OuterTerminal } from './support/outer-terminal.js';
import { slowRuleFile } from '../rules/helpers/slow-rules.js';

let dir = '';
let rulesFile = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'osf7501-slow-rule-'));
  rulesFile = join(dir, 'slow.toml');
  writeFileSync(
    rulesFile,
    slowRuleFile('^Proceed\\? \\[y/N\\]', ['msg_template = "approve it"']),
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The states the terminal was told, in order. */
const states = (output: Buffer): string[] =>
  extractAll(output).flatMap((f) => (f.parsed.type === 'report' ? [`${f.parsed.report.state}${f.parsed.report.kind ? `:${f.parsed.report.kind}` : ''}`] : []));

describe('a rule that runs past the sweep time limit', () => {
  test('is dropped; the later dialog still reads blocked, the status is the child\'s, the terminal restored', async () => {
    const logFile = join(dir, 'session.jsonl');
    // 40 `a`s and a `b`: `^(a+)+$` would backtrack for days on this row.
    const child = `printf '%s\\n' ${'a'.repeat(40)}b; sleep 1; printf 'Proceed? [y/N] '; read answer; echo done; exit 7`;
    const term = new OuterTerminal(['--rules', rulesFile, '--log', logFile, 'sh', '-c', child]);
    await term.waitFor(() => states(term.output()).includes('blocked:permission'), 'the blocked report');
    term.write('y\r');
    const result = await term.result();

    expect(result.status).toBe(7);
    expect(result.sttyAfter).toBe(result.sttyBefore);
    expect(states(result.output)).toContain('blocked:permission');
    const text = result.output.toString('latin1');
    const notice =
      `osf7501: rule "catastrophic" in ${rulesFile} took longer than ${SWEEP_TIME_LIMIT_MS} ms on a screen ` +
      'and was dropped for the rest of the session';
    expect(text.split(notice)).toHaveLength(2); // named exactly once
    expect(text.indexOf(notice)).toBeGreaterThan(text.lastIndexOf('done')); // after the program's last output

    const log = readFileSync(logFile, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(log.filter((e) => e['type'] === 'rule-dropped')).toEqual([
      expect.objectContaining({ type: 'rule-dropped', rule: 'catastrophic', file: rulesFile, limitMs: SWEEP_TIME_LIMIT_MS }),
    ]);
    expect(log.find((e) => e['type'] === 'classification' && e['state'] === 'blocked')).toMatchObject({ rule: 'proceed', msg: 'approve it' });
  });
});
