// `osf7501 demo`: a newcomer sees the reports — as OSC 7501, live in the window title, and as a recap.
import { describe, expect, test } from 'vitest';
import { ReportExtractor } from '../../src/protocol/index.js';
import { runInTerminal } from './support/outer-terminal.js';

describe('osf7501 demo', () => {
  test('the scripted session reports idle → working → blocked → working → done → clear, with titles and a recap', async () => {
    const result = await runInTerminal(['demo', '--auto-answer', '2'], { cols: 100, rows: 30 });
    expect(result.status).toBe(0);
    const states = new ReportExtractor()
      .push(result.output)
      .flatMap((e) => (e.parsed.type === 'report' ? [e.parsed.report] : []))
      .map((r) => (r.state === 'blocked' ? `blocked:${r.kind}:${r.msg}` : r.state));
    expect(states).toContain('blocked:permission:approve Bash: rm -rf build');
    expect(states.at(-1)).toBe('clear');
    const text = result.output.toString();
    expect(text).toContain('\x1b]2;● osf7501 demo · blocked (permission): approve Bash: rm -rf build\x1b\\');
    expect(text).toContain('\x1b[22;0t');
    expect(text).toContain('\x1b[23;0t');
    expect(text).toMatch(/osf7501: idle → working → blocked \(approve Bash: rm -rf build\) → working → .*done.* → clear\r?\n/);
  });
});
