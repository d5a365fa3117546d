// Scoring a session's --log for the agent's hooks (`classify --against-hooks`): moments from hook
// classifications, each drift line from the hooks matched to the moment it began with.
import { describe, expect, test } from 'vitest';
import { LogLineError, scoreHookLog } from '../../src/recording/hook-score.js';

const t = (ms: number): string => new Date(Date.UTC(2026, 11, 6, 22, 0, 0) + ms).toISOString();
const line = (ms: number, fields: Record<string, unknown>): string => JSON.stringify({ time: t(ms), ...fields });

describe('scoreHookLog', () => {
  test('a run of identical hook verdicts is one moment; a hooks drift counts against the moment it began with', () => {
    const log = [
      line(0, { type: 'classification', state: 'idle', rule: 'prompt' }),
      line(1000, { type: 'classification', state: 'working', rule: 'hook:BeforeAgent' }),
      line(1500, { type: 'classification', state: 'working', rule: 'hook:BeforeTool' }),
      line(2000, { type: 'classification', state: 'blocked', kind: 'permission', msg: 'approve shell: ls', rule: 'hook:Notification' }),
      line(2010, { type: 'drift', on: ['state'], lastedMs: 1000, native: { state: 'done' }, screen: { state: 'idle' } }), // the child's own: not the hooks'
      line(2001, { type: 'drift', from: 'hooks', on: ['state'], lastedMs: 1001, hookAgoMs: 1001, hooks: { state: 'working' }, screen: { state: 'idle', rule: 'prompt' } }),
      line(5000, { type: 'classification', state: 'done', rule: 'hook:AfterAgent' }),
    ].join('\n');
    const score = scoreHookLog(log, 'session.log');
    expect(score.moments.map((m) => [m.t, m.verdict.state, m.drift.length])).toEqual([
      [1, 'working', 1],
      [2, 'blocked', 0],
      [5, 'done', 0],
    ]);
    expect(score.states).toEqual([
      { state: 'working', agreed: 0, disagreed: 1 },
      { state: 'blocked', agreed: 1, disagreed: 0 },
      { state: 'done', agreed: 1, disagreed: 0 },
    ]);
    expect(score.moments[0]?.drift[0]).toMatchObject({ on: ['state'], hooks: { state: 'working' }, screen: { state: 'idle', rule: 'prompt' } });
  });

  test('a line that is not JSON names the file and the line', () => {
    expect(() => scoreHookLog(`${line(0, { type: 'report' })}\nnot json\n`, 'x.log')).toThrow(new LogLineError('x.log:2: not a JSON line of a --log file'));
  });
});
