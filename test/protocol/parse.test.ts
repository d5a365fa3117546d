import { describe, expect, test } from 'vitest';
import { parseReport, type Parsed } from '../../src/protocol/index.js';
import { bytesOf, osc } from './helpers.js';
import { PARSE_VECTORS, type Expected } from './vectors.js';

/** Checks a parse result against a vector: reports and queries exactly, rejections by code. */
function expectParsed(parsed: Parsed, expected: Expected): void {
  if ('report' in expected) expect(parsed).toStrictEqual({ type: 'report', report: expected.report });
  else if ('query' in expected) expect(parsed).toStrictEqual({ type: 'query', pairs: expected.query });
  else expect(parsed).toMatchObject({ type: 'rejected', reason: { code: expected.rejected } });
}

describe('parseReport conformance vectors', () => {
  test.each(PARSE_VECTORS)('$name', ({ input, expected }) => {
    expectParsed(parseReport(input), expected);
  });

  test.each(PARSE_VECTORS)('$name (given as bytes)', ({ input, expected }) => {
    expectParsed(parseReport(bytesOf(input)), expected);
  });
});

describe('parseReport results', () => {
  test('a report carries exactly the fields it was given, no undefined keys', () => {
    const parsed = parseReport('state=working:app=x');
    expect(parsed).toStrictEqual({ type: 'report', report: { state: 'working', app: 'x' } });
  });

  test('a rejection names the field and the value', () => {
    const parsed = parseReport('state=idle:id=a//b');
    expect(parsed.type).toBe('rejected');
    if (parsed.type !== 'rejected') return;
    expect(parsed.reason.field).toBe('id');
    expect(parsed.reason.message).toContain('"a//b"');
  });

  test('a text rejection says which field failed', () => {
    const parsed = parseReport(osc('state=idle:msg=QR=='));
    expect(parsed).toMatchObject({ type: 'rejected', reason: { code: 'base64-invalid', field: 'msg' } });
  });

  test('non-ASCII bytes in the body make their pair malformed', () => {
    const body = Uint8Array.from([...bytesOf('state=idle:app=x:id=a'), 0xc3, 0xa9]);
    expect(parseReport(body)).toStrictEqual({ type: 'report', report: { state: 'idle', app: 'x' } });
  });
});
