// An agent that reports its own state: the shim answers its query, the child gets exactly one reply,
// and its reports are authoritative (the shim does not add conflicting ones).
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ReportExtractor } from '../../src/protocol/index.js';
import { CHILDREN, OuterTerminal, runInTerminal } from './support/outer-terminal.js';

const agent = join(CHILDREN, 'native-agent.mjs');
const node = process.execPath;

function reports(output: Buffer): string[] {
  return new ReportExtractor()
    .push(output)
    .filter((e) => e.parsed.type === 'report')
    .map((e) => {
      const r = e.parsed.type === 'report' ? e.parsed.report : undefined;
      const terminator = e.raw.at(-1) === 0x07 ? 'BEL' : 'ST';
      return `${r?.state}${r?.app ? `:${r.app}` : ''} ${terminator}`;
    });
}

describe('native reports', () => {
  test('the shim answers the query: the child gets one reply and reports itself; the shim adds nothing for that record', async () => {
    const result = await runInTerminal([node, agent]);
    expect(result.status).toBe(0);
    const text = result.output.toString('latin1');
    expect(text).toContain('REPLIES 1 REST ""');
    // Before the child speaks the shim reports from the screen; from its first own (BEL) report on,
    // the shim adds nothing but the exit's clear.
    const all = reports(result.output);
    const first = all.indexOf('working:native-agent BEL');
    expect(first).toBeGreaterThanOrEqual(0);
    expect(all.slice(first)).toEqual(['working:native-agent BEL', 'done:native-agent BEL', 'clear ST']);
  });

  test('when the outer terminal answers too, its duplicate reply is cut: the child still gets exactly one', async () => {
    const term = new OuterTerminal([node, agent]);
    await term.waitFor(/\x1b\]7501;\?\x07/);
    term.write('\x1b]7501;?\x1b\\\x1b[?62;22c'); // what a 7501-aware terminal answers
    term.write('typed');
    const result = await term.result();
    expect(result.output.toString('latin1')).toContain('REPLIES 1 REST "typed"');
  });

  test('--no-native leaves the query to the outer terminal: unanswered, the child does not report', async () => {
    const result = await runInTerminal(['--no-native', node, agent]);
    expect(result.output.toString('latin1')).toContain('REPLIES 0');
    expect(reports(result.output).filter((r) => r.endsWith('BEL'))).toEqual([]);
  });

  test('--no-native with a 7501-aware outer terminal: its reply reaches the child, once', async () => {
    const term = new OuterTerminal(['--no-native', node, agent]);
    await term.waitFor(/\x1b\]7501;\?\x07/);
    term.write('\x1b]7501;?\x1b\\');
    const result = await term.result();
    expect(result.output.toString('latin1')).toContain('REPLIES 1');
  });
});
