import { describe, expect, test } from 'vitest';
import {
  BLOCKED_KINDS,
  encodeReport,
  normalizeReport,
  parseReport,
  STATES,
  type EncodeOptions,
  type Report,
} from '../../src/protocol/index.js';
import { ESC, pick, prng, randomInt } from './helpers.js';

const NAME_CHARS = 'abcXYZ019_.+-';
const TEXT_PIECES = ['a', 'Z', ' ', '  ', '\t', '\n', '\r\n', ESC, `${ESC}[1;31m`, `${ESC}]0;t\u0007`, `${ESC}Px${ESC}\\`,
  '\u009b2J', '\u0085', '\u0000', '\u007f', '漢', '字', 'é', 'e\u0301', '😀', '👨\u200d👩\u200d👧', '🇯🇵', '\u202e',
  '\u2066', '\ufeff', '\u200b', '\ud83d', '\ude00', ':', '=', '…', '\u00a0', '\u2028'];

/** A random valid name of 1–32 characters. */
function randomName(random: () => number): string {
  return Array.from({ length: randomInt(random, 1, 32) }, () => pick(random, [...NAME_CHARS])).join('');
}

/** Random noisy text, sometimes long. */
function randomText(random: () => number): string {
  const pieces = random() < 0.1 ? randomInt(random, 200, 1500) : randomInt(random, 0, 40);
  return Array.from({ length: pieces }, () => pick(random, TEXT_PIECES)).join('');
}

/** A random report as a program might describe it (valid names; anything else goes). */
function randomReport(random: () => number): Report {
  const report: Report = { state: pick(random, STATES), app: randomName(random) };
  if (random() < 0.5) {
    report.id = Array.from({ length: randomInt(random, 1, 3) }, () => randomName(random)).join('/');
  }
  if (random() < 0.5) report.kind = pick(random, BLOCKED_KINDS);
  if (random() < 0.5) report.progress = random() * 140 - 20;
  if (random() < 0.7) report.title = randomText(random);
  if (random() < 0.8) report.msg = randomText(random);
  return report;
}

describe('round trip', () => {
  test('parse(encode(r)) is the normalized (sanitized) r, for 1000 random reports', () => {
    const random = prng(20261006);
    for (let run = 0; run < 1000; run++) {
      const report = randomReport(random);
      const options: EncodeOptions = random() < 0.3 ? { msgBudgetBytes: 2048 } : {};
      const normalized = normalizeReport(report, options);
      const encoded = encodeReport(report, options);
      expect(encoded.ok).toBe(true);
      if (!encoded.ok || !normalized.ok) return;
      expect(encoded.bytes.length).toBeLessThanOrEqual(4096);
      expect(encoded.report).toStrictEqual(normalized.report);
      expect(parseReport(encoded.bytes)).toStrictEqual({ type: 'report', report: normalized.report });
    }
  }, 30_000);

  test('encoding is stable: a parsed report encodes to the same bytes', () => {
    const random = prng(42);
    for (let run = 0; run < 300; run++) {
      const first = encodeReport(randomReport(random), { msgBudgetBytes: 2048 });
      if (!first.ok) throw new Error(first.reason.message);
      const again = encodeReport(first.report, { msgBudgetBytes: 2048 });
      expect(again.ok && again.bytes).toEqual(first.bytes);
    }
  });
});
