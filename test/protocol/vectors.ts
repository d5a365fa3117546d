// The conformance vectors for parsing: body or whole sequence in, report / query / rejection code out.
import type { RejectionCode, Report } from '../../src/protocol/index.js';
import { b64, b64Bytes, ESC, osc, ST } from './helpers.js';

/** What a receiver makes of the input. */
export type Expected = { report: Report } | { query: Record<string, string> } | { rejected: RejectionCode };

export interface ParseVector {
  name: string;
  input: string;
  expected: Expected;
}

const A = (n: number): string => 'a'.repeat(n);
const segments = (lengths: number[]): string => lengths.map((n) => 's'.repeat(n)).join('/');
/** A body whose ST-framed sequence is exactly `total` bytes: `state=idle:app=x:pad=AAA…`. */
const bodyForSequence = (total: number, framing = 9): string => {
  const head = 'state=idle:app=x:pad=';
  return head + 'A'.repeat(total - framing - head.length);
};
const idle = (extra: string): string => `state=idle:app=x:${extra}`;
const ok = (report: Report): Expected => ({ report });
const no = (code: RejectionCode): Expected => ({ rejected: code });
const idleX = (more: Partial<Report> = {}): Expected => ok({ state: 'idle', app: 'x', ...more });

export const PARSE_VECTORS: ParseVector[] = [
  // Limits: at the bound, and one byte over.
  { name: 'a 4096-byte ST sequence is accepted', input: osc(bodyForSequence(4096)), expected: idleX() },
  { name: 'a 4097-byte ST sequence is discarded', input: osc(bodyForSequence(4097)), expected: no('sequence-too-long') },
  { name: 'a 4096-byte BEL sequence is accepted', input: osc(bodyForSequence(4096, 8), 'bel'), expected: idleX() },
  { name: 'a 4097-byte BEL sequence is discarded', input: osc(bodyForSequence(4097, 8), 'bel'), expected: no('sequence-too-long') },
  { name: 'a bare body is measured as its ST-framed sequence', input: bodyForSequence(4097), expected: no('sequence-too-long') },
  { name: 'an id segment of 32 bytes is accepted', input: idle(`id=${A(32)}`), expected: idleX({ id: A(32) }) },
  { name: 'an id segment of 33 bytes is discarded', input: idle(`id=${A(33)}`), expected: no('id-invalid') },
  { name: 'an id of 8 levels is accepted', input: idle(`id=${segments(Array(8).fill(1))}`), expected: idleX({ id: segments(Array(8).fill(1)) }) },
  { name: 'an id of 9 levels is discarded', input: idle(`id=${segments(Array(9).fill(1))}`), expected: no('id-invalid') },
  { name: 'an id of 128 bytes is accepted', input: idle(`id=${segments([31, 31, 31, 32])}`), expected: idleX({ id: segments([31, 31, 31, 32]) }) },
  { name: 'an id of 129 bytes is discarded', input: idle(`id=${segments([32, 32, 31, 31])}`), expected: no('id-invalid') },
  { name: 'an app of 32 bytes is accepted', input: `state=idle:app=${A(32)}`, expected: ok({ state: 'idle', app: A(32) }) },
  { name: 'an app of 33 bytes is discarded', input: `state=idle:app=${A(33)}`, expected: no('app-invalid') },
  { name: 'a title of 192 decoded bytes is accepted', input: idle(`title=${b64(A(192))}`), expected: idleX({ title: A(192) }) },
  { name: 'a title of 193 decoded bytes is discarded', input: idle(`title=${b64(A(193))}`), expected: no('text-too-long') },
  { name: 'a msg of 2048 decoded bytes is accepted', input: idle(`msg=${b64(A(2048))}`), expected: idleX({ msg: A(2048) }) },
  { name: 'a msg of 2049 decoded bytes is discarded', input: idle(`msg=${b64(A(2049))}`), expected: no('text-too-long') },
  { name: 'a key of 16 bytes is accepted (and ignored as unknown)', input: idle(`${A(16)}=1`), expected: idleX() },
  { name: 'a key of 17 bytes is discarded', input: idle(`${A(17)}=1`), expected: no('key-too-long') },

  // Malformed pairs are skipped, unknown keys ignored.
  { name: 'a pair without = is skipped', input: 'state=idle:garbage:app=x', expected: idleX() },
  { name: 'a pair with an empty key is skipped', input: 'state=idle:=x:app=x', expected: idleX() },
  { name: 'empty pairs are skipped', input: '::state=idle::app=x:', expected: idleX() },
  { name: 'a key with capitals is skipped', input: 'State=working:state=idle:app=x', expected: idleX() },
  { name: 'a key with digits is skipped', input: 'state=idle:app=x:k9=1', expected: idleX() },
  { name: 'a value with whitespace is skipped', input: 'state=idle:app=x:id=a b', expected: idleX() },
  { name: 'a state value with whitespace is skipped, so the state is missing', input: 'state=idle :app=x', expected: no('state-missing') },
  { name: 'the first = splits key from value', input: idle('future=a=b'), expected: idleX() },
  { name: 'an unknown key is ignored', input: idle('future=1,2'), expected: idleX() },

  // Duplicates: the last wins.
  { name: 'a duplicate state: the last wins', input: 'state=idle:state=working:app=x', expected: ok({ state: 'working', app: 'x' }) },
  { name: 'a duplicate title: the last wins', input: idle(`title=${b64('one')}:title=${b64('two')}`), expected: idleX({ title: 'two' }) },
  { name: 'an invalid id overwritten by a valid one is accepted', input: idle('id=a//b:id=a/b'), expected: idleX({ id: 'a/b' }) },
  { name: 'a valid id overwritten by an invalid one is discarded', input: idle('id=a/b:id=a//b'), expected: no('id-invalid') },

  // State.
  { name: 'a missing state is discarded', input: 'app=x', expected: no('state-missing') },
  { name: 'an unknown state is discarded', input: 'state=running:app=x', expected: no('state-unknown') },
  { name: 'an empty state is discarded', input: 'state=:app=x', expected: no('state-unknown') },
  { name: 'a report without app is accepted (receivers do not require it)', input: 'state=done', expected: ok({ state: 'done' }) },
  { name: 'clear keeps only state and id', input: `state=clear:id=a:app=x:kind=auth:title=${b64('t')}`, expected: ok({ state: 'clear', id: 'a' }) },
  { name: 'clear without id clears everything', input: 'state=clear', expected: ok({ state: 'clear' }) },

  // kind and progress.
  { name: 'kind with blocked is kept', input: 'state=blocked:kind=permission:app=x', expected: ok({ state: 'blocked', kind: 'permission', app: 'x' }) },
  { name: 'kind without blocked is dropped', input: 'state=working:kind=question:app=x', expected: ok({ state: 'working', app: 'x' }) },
  { name: 'an unknown kind is discarded', input: 'state=blocked:kind=payment:app=x', expected: no('kind-unknown') },
  { name: 'an unknown kind is discarded even where kind is dropped', input: idle('kind=payment'), expected: no('kind-unknown') },
  { name: 'progress 0 is accepted', input: 'state=working:progress=0:app=x', expected: ok({ state: 'working', progress: 0, app: 'x' }) },
  { name: 'progress 100 is accepted', input: 'state=blocked:progress=100:app=x', expected: ok({ state: 'blocked', progress: 100, app: 'x' }) },
  { name: 'progress 101 is discarded', input: 'state=working:progress=101:app=x', expected: no('progress-invalid') },
  { name: 'progress with a leading zero is discarded', input: 'state=working:progress=07:app=x', expected: no('progress-invalid') },
  { name: 'progress 00 is discarded', input: 'state=working:progress=00:app=x', expected: no('progress-invalid') },
  { name: 'progress 0100 is discarded', input: 'state=working:progress=0100:app=x', expected: no('progress-invalid') },
  { name: 'a fractional progress is discarded', input: 'state=working:progress=1.5:app=x', expected: no('progress-invalid') },
  { name: 'a signed progress is discarded', input: 'state=working:progress=+5:app=x', expected: no('progress-invalid') },
  { name: 'an empty progress is discarded', input: 'state=working:progress=:app=x', expected: no('progress-invalid') },
  { name: 'progress without working or blocked is dropped', input: idle('progress=50'), expected: idleX() },

  // app and id grammar.
  { name: 'an app with a comma is discarded', input: 'state=idle:app=a,b', expected: no('app-invalid') },
  { name: 'an empty app is discarded', input: 'state=idle:app=', expected: no('app-invalid') },
  { name: 'an empty id is discarded', input: idle('id='), expected: no('id-invalid') },
  { name: 'an id with a trailing slash is discarded', input: idle('id=a/'), expected: no('id-invalid') },
  { name: 'an id with a comma is discarded', input: idle('id=a,b'), expected: no('id-invalid') },

  // Base64.
  { name: 'base64 with a URL-safe character is discarded', input: idle('title=SGV-bG8='), expected: no('base64-invalid') },
  { name: 'base64 with an underscore is discarded', input: idle('title=SGV_bG8='), expected: no('base64-invalid') },
  { name: 'unpadded base64 is discarded', input: idle('title=SGVsbG8'), expected: no('base64-invalid') },
  { name: 'base64 with too much padding is discarded', input: idle('title=SGVsbG8=='), expected: no('base64-invalid') },
  { name: 'base64 with padding in the middle is discarded', input: idle('msg=SG==bG8='), expected: no('base64-invalid') },
  { name: 'base64 that is all padding is discarded', input: idle('msg===='), expected: no('base64-invalid') },
  { name: 'base64 with non-zero bits under the padding is discarded', input: idle('title=QR=='), expected: no('base64-invalid') },
  { name: 'an empty title is left out', input: idle('title='), expected: idleX() },

  // Decoded text.
  { name: 'a newline in decoded text is discarded', input: idle(`msg=${b64('a\nb')}`), expected: no('text-control-char') },
  { name: 'a tab in decoded text is discarded', input: idle(`title=${b64('a\tb')}`), expected: no('text-control-char') },
  { name: 'an ESC in decoded text is discarded', input: idle(`msg=${b64(`${ESC}[31mred`)}`), expected: no('text-control-char') },
  { name: 'NUL in decoded text is discarded', input: idle(`msg=${b64('a\u0000')}`), expected: no('text-control-char') },
  { name: 'DEL in decoded text is discarded', input: idle(`msg=${b64('a\u007fb')}`), expected: no('text-control-char') },
  { name: 'C1 NEL in decoded text is discarded', input: idle(`msg=${b64('a\u0085b')}`), expected: no('text-control-char') },
  { name: 'C1 CSI in decoded text is discarded', input: idle(`title=${b64('\u009b31m')}`), expected: no('text-control-char') },
  { name: 'a lone 0xFF byte is invalid UTF-8', input: idle(`msg=${b64Bytes([0x61, 0xff])}`), expected: no('text-invalid-utf8') },
  { name: 'an overlong / is invalid UTF-8', input: idle(`msg=${b64Bytes([0xc0, 0xaf])}`), expected: no('text-invalid-utf8') },
  { name: 'an encoded surrogate is invalid UTF-8', input: idle(`msg=${b64Bytes([0xed, 0xa0, 0x80])}`), expected: no('text-invalid-utf8') },
  { name: 'a truncated character is invalid UTF-8', input: idle(`msg=${b64Bytes([0xe2, 0x82])}`), expected: no('text-invalid-utf8') },
  { name: 'a code point above U+10FFFF is invalid UTF-8', input: idle(`msg=${b64Bytes([0xf4, 0x90, 0x80, 0x80])}`), expected: no('text-invalid-utf8') },
  { name: 'bidi controls in decoded text are accepted (receivers strip them for display)', input: idle(`msg=${b64('a\u202eb')}`), expected: idleX({ msg: 'a\u202eb' }) },
  { name: 'multi-byte text decodes', input: idle(`title=${b64('漢字 😀 é')}`), expected: idleX({ title: '漢字 😀 é' }) },

  // Framing.
  { name: 'a whole ST-terminated sequence parses', input: osc('state=done:app=x'), expected: ok({ state: 'done', app: 'x' }) },
  { name: 'a whole BEL-terminated sequence parses', input: osc('state=error:app=x', 'bel'), expected: ok({ state: 'error', app: 'x' }) },
  { name: 'another OSC number is not OSC 7501', input: `${ESC}]7502;state=idle${ST}`, expected: no('not-osc7501') },
  { name: 'a sequence without a terminator is unterminated', input: `${ESC}]7501;state=idle`, expected: no('unterminated') },

  // The support query.
  { name: 'the bare query body is a query', input: '?', expected: { query: {} } },
  { name: 'a query with pairs is a query', input: '?:more=pairs', expected: { query: { more: 'pairs' } } },
  { name: 'the ST query sequence is a query', input: osc('?'), expected: { query: {} } },
  { name: 'the BEL query sequence is a query', input: osc('?', 'bel'), expected: { query: {} } },
  { name: 'a question mark followed by text is not a query', input: '?x', expected: no('state-missing') },
];
