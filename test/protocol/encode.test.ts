import { describe, expect, test } from 'vitest';
import {
  encodeQuery,
  encodeReport,
  parseReport,
  QUERY_SEQUENCE,
  type EncodeResult,
  type Report,
} from '../../src/protocol/index.js';
import { b64, ESC, latin1, osc } from './helpers.js';

/** The sequence an encode produced, as text, or a failure. */
function wire(result: EncodeResult): string {
  if (!result.ok) throw new Error(`expected a sequence, got ${result.reason.code}: ${result.reason.message}`);
  return latin1(result.bytes);
}

describe('encodeReport writes the receiver profile', () => {
  test.each<[string, Report, string]>([
    ['a minimal report', { state: 'idle', app: 'claude-code' }, 'state=idle:app=claude-code'],
    [
      'every key, in profile order',
      { msg: 'approve Bash: ls', title: 'repo', app: 'claude-code', progress: 40, kind: 'permission', id: 'a/b', state: 'blocked' },
      `state=blocked:id=a/b:kind=permission:progress=40:app=claude-code:title=${b64('repo')}:msg=${b64('approve Bash: ls')}`,
    ],
    ['kind is dropped off blocked', { state: 'working', kind: 'question', app: 'x' }, 'state=working:app=x'],
    ['progress is dropped off working and blocked', { state: 'done', progress: 100, app: 'x' }, 'state=done:app=x'],
    ['progress is rounded', { state: 'working', progress: 41.6, app: 'x' }, 'state=working:progress=42:app=x'],
    ['progress is clamped to 100', { state: 'working', progress: 180, app: 'x' }, 'state=working:progress=100:app=x'],
    ['progress is clamped to 0', { state: 'working', progress: -3, app: 'x' }, 'state=working:progress=0:app=x'],
    ['clear carries only state and id', { state: 'clear', id: 'a', app: 'x', title: 't', msg: 'm' }, 'state=clear:id=a'],
    ['clear needs no app', { state: 'clear' }, 'state=clear'],
    ['empty text is left out', { state: 'error', app: 'x', title: '', msg: '' }, 'state=error:app=x'],
    ['text that sanitizes to nothing is left out', { state: 'error', app: 'x', msg: `${ESC}[0m \u200b\n` }, 'state=error:app=x'],
    ['text is sanitized before encoding', { state: 'done', app: 'x', msg: `${ESC}[32m✓${ESC}[0m\tall\n\ngood\u202e` }, `state=done:app=x:msg=${b64('✓ all good')}`],
  ])('%s', (_name, report, body) => {
    expect(wire(encodeReport(report))).toBe(osc(body));
  });

  test('always terminates with ST, never BEL', () => {
    const text = wire(encodeReport({ state: 'idle', app: 'x' }));
    expect(text.endsWith(`${ESC}\\`)).toBe(true);
    expect(text).not.toContain('\u0007');
  });

  test('returns the normalized report it encoded', () => {
    const result = encodeReport({ state: 'working', kind: 'auth', progress: 7.2, app: 'x', msg: ' hi\n' });
    expect(result).toMatchObject({ ok: true, report: { state: 'working', progress: 7, app: 'x', msg: 'hi' } });
    if (result.ok) expect(result.report).not.toHaveProperty('kind');
  });
});

describe('encodeReport budgets', () => {
  test('keeps 512 bytes of msg by default', () => {
    const result = encodeReport({ state: 'idle', app: 'x', msg: 'm'.repeat(3000) });
    expect(result.ok && result.report.msg).toBe(`${'m'.repeat(509)}…`);
  });

  test('keeps up to 2048 bytes of msg when asked, and no more', () => {
    const result = encodeReport({ state: 'idle', app: 'x', msg: 'm'.repeat(3000) }, { msgBudgetBytes: 99_999 });
    expect(result.ok && result.report.msg).toBe(`${'m'.repeat(2045)}…`);
  });

  test('keeps 192 bytes of title, and no more even when asked', () => {
    const result = encodeReport({ state: 'idle', app: 'x', title: 't'.repeat(300) }, { titleBudgetBytes: 1000 });
    expect(result.ok && result.report.title).toBe(`${'t'.repeat(189)}…`);
  });

  test('a report at every limit fits in one sequence that receivers accept', () => {
    const id = Array.from({ length: 4 }, () => 'i'.repeat(31)).join('/');
    const report: Report = {
      state: 'blocked', id, kind: 'permission', progress: 100, app: 'a'.repeat(32),
      title: '漢'.repeat(100), msg: '😀'.repeat(1000),
    };
    const result = encodeReport(report, { msgBudgetBytes: 2048 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.bytes.length).toBeLessThanOrEqual(4096);
    expect(parseReport(result.bytes)).toStrictEqual({ type: 'report', report: result.report });
  });
});

describe('encodeReport refuses what cannot be made valid', () => {
  test.each<[string, Report, string]>([
    ['a report without app', { state: 'idle' }, 'app-missing'],
    ['a report with an empty app', { state: 'working', app: '' }, 'app-missing'],
    ['an app with a space', { state: 'idle', app: 'claude code' }, 'app-invalid'],
    ['an app of 33 bytes', { state: 'idle', app: 'a'.repeat(33) }, 'app-invalid'],
    ['an id with an empty segment', { state: 'idle', app: 'x', id: 'a//b' }, 'id-invalid'],
    ['an id of 9 levels', { state: 'idle', app: 'x', id: 'a/a/a/a/a/a/a/a/a' }, 'id-invalid'],
    ['an empty id on clear', { state: 'clear', id: '' }, 'id-invalid'],
    ['an unknown state', { state: 'busy' as Report['state'], app: 'x' }, 'state-unknown'],
    ['an unknown kind', { state: 'blocked', kind: 'payment' as Report['kind'], app: 'x' }, 'kind-unknown'],
    ['a progress that is not a number', { state: 'working', progress: Number.NaN, app: 'x' }, 'progress-invalid'],
  ])('%s', (_name, report, code) => {
    expect(encodeReport(report)).toMatchObject({ ok: false, reason: { code } });
  });
});

describe('the support query', () => {
  test('is exactly ESC ] 7501 ; ? ESC \\', () => {
    expect([...encodeQuery()]).toEqual([0x1b, 0x5d, 0x37, 0x35, 0x30, 0x31, 0x3b, 0x3f, 0x1b, 0x5c]);
    expect(QUERY_SEQUENCE).toBe(`${ESC}]7501;?${ESC}\\`);
  });

  test('parses as a query, not a report', () => {
    expect(parseReport(encodeQuery())).toStrictEqual({ type: 'query', pairs: {} });
  });

  test('returns a fresh copy each time', () => {
    const first = encodeQuery();
    first[0] = 0;
    expect(encodeQuery()[0]).toBe(0x1b);
  });
});
