// Throughput of the output-stream scanner (full parse and skim) next to two trivial baselines, on three kinds of output.
// Run: npx tsc -p tsconfig.json && node dist/bench/scanner.js [megabytes]
import { randomFillSync } from 'node:crypto';
import { StreamScanner } from '../src/stream/scanner.js';

const MB = 1024 * 1024;
const TOTAL_MB = Number(process.argv[2] ?? 50);
const CHUNK_BYTES = 4096; // a PTY read: the kernel hands a pty's output over in ≤ 4 KB pieces
const RUNS = 5; // best of RUNS, to damp scheduler noise

/** One frame of a redrawing TUI: sync update, cursor moves, colours, box drawing, a link, a spinner. */
function tuiFrame(n: number): string {
  const spinner = '⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏'[n % 10];
  let s = '\x1b[?2026h\x1b[H\x1b[?25l';
  s += `\x1b[38;5;${n % 256}m╭${'─'.repeat(78)}╮\x1b[0m\r\n`;
  for (let row = 0; row < 20; row++) {
    s += `\x1b[${row + 2};1H\x1b[2K│ \x1b[1;34m${row}\x1b[22;39m  const value${row} = compute(${n}, "données ✓");`;
    s += ` \x1b[2m// ${'x'.repeat((n + row) % 30)}\x1b[0m\x1b[80G│\r\n`;
  }
  s += `\x1b]8;;https://example.com/${n}\x1b\\file.ts\x1b]8;;\x1b\\ `;
  s += `\x1b[33m${spinner} Working… (${n % 60}s · esc to interrupt)\x1b[0m\x1b[K`;
  s += '\x1b]0;claude: working\x07\x1b[?25h\x1b[?2026l';
  return s;
}

function tuiStream(bytes: number): Uint8Array {
  const frames: Buffer[] = [];
  let size = 0;
  for (let n = 0; size < MB; n++) {
    const frame = Buffer.from(tuiFrame(n), 'utf8');
    frames.push(frame);
    size += frame.length;
  }
  const unit = Buffer.concat(frames);
  const out = new Uint8Array(bytes);
  for (let at = 0; at < bytes; at += unit.length) out.set(unit.subarray(0, Math.min(unit.length, bytes - at)), at);
  return out;
}

/** Coloured text as bench/passthrough's file: two sentences, an SGR-coloured word, a newline. */
function colouredText(bytes: number): Uint8Array {
  const line = Buffer.from(`${'The quick brown fox jumps over the lazy dog 0123456789 '.repeat(2)}\x1b[32mok\x1b[0m\n`);
  const out = new Uint8Array(bytes);
  for (let at = 0; at < bytes; at += line.length) out.set(line.subarray(0, Math.min(line.length, bytes - at)), at);
  return out;
}

// Buffers, as node-pty delivers them: their indexOf/lastIndexOf are native searches, a plain
// Uint8Array's are several times slower on V8 11.
function chunksOf(bytes: Uint8Array): Uint8Array[] {
  const all = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const out: Uint8Array[] = [];
  for (let at = 0; at < all.length; at += CHUNK_BYTES) out.push(all.subarray(at, at + CHUNK_BYTES));
  return out;
}

type Pass = (chunks: readonly Uint8Array[]) => number;

const sumBytes: Pass = (chunks) => {
  let sum = 0;
  for (const chunk of chunks) for (let i = 0; i < chunk.length; i++) sum = (sum + (chunk[i] as number)) | 0;
  return sum;
};

const countEscapes: Pass = (chunks) => {
  let count = 0;
  for (const chunk of chunks) for (let i = chunk.indexOf(0x1b); i >= 0; i = chunk.indexOf(0x1b, i + 1)) count++;
  return count;
};

const scan: Pass = (chunks) => {
  const scanner = new StreamScanner({ onOsc7501: () => undefined });
  let safe = 0;
  for (const chunk of chunks) {
    scanner.feed(chunk);
    if (scanner.safe || scanner.lastSafeOffset() >= 0) safe++;
  }
  return safe;
};

// What the report gate does while no report waits.
const skim: Pass = (chunks) => {
  const scanner = new StreamScanner({ onOsc7501: () => undefined });
  let safe = 0;
  for (const chunk of chunks) {
    scanner.skim(chunk);
    if (scanner.safe) safe++;
  }
  return safe;
};

// CPU time (user + system) rather than wall time: steadier on a machine shared with other work.
function cpuSeconds(pass: Pass, chunks: readonly Uint8Array[]): [number, number] {
  const start = process.cpuUsage();
  const result = pass(chunks);
  const used = process.cpuUsage(start);
  return [(used.user + used.system) / 1e6, result];
}

/** MB/s of each pass, best of RUNS, the passes interleaved so a burst of load hits them alike. */
function throughput(passes: readonly Pass[], chunks: readonly Uint8Array[], bytes: number): number[] {
  const best = passes.map(() => Infinity);
  let sink = 0;
  for (let run = 0; run < RUNS; run++) {
    passes.forEach((pass, k) => {
      const [seconds, result] = cpuSeconds(pass, chunks);
      sink ^= result;
      best[k] = Math.min(best[k] as number, seconds);
    });
  }
  if (sink === 0x7fffffff) console.log(''); // keeps the results alive
  return best.map((seconds) => bytes / MB / seconds);
}

const bytes = Math.round(TOTAL_MB * MB);
const random = new Uint8Array(bytes);
randomFillSync(random);
const inputs: Array<[string, Uint8Array]> = [
  ['random bytes', random],
  ['TUI-like stream', tuiStream(bytes)],
  ['coloured text', colouredText(bytes)],
];

console.log(`scanner throughput (CPU time): ${TOTAL_MB} MB per input, ${CHUNK_BYTES / 1024} KB chunks, best of ${RUNS}`);
console.log('input            | sum loop MB/s | indexOf(ESC) MB/s | feed MB/s | skim MB/s | feed/indexOf | skim/feed | skim µs per chunk');
for (const [name, input] of inputs) {
  const [sum, index, fed, skimmed] = throughput([sumBytes, countEscapes, scan, skim], chunksOf(input), bytes) as [number, number, number, number];
  const cells = [name.padEnd(16), sum.toFixed(0).padStart(13), index.toFixed(0).padStart(17), fed.toFixed(0).padStart(9),
    skimmed.toFixed(0).padStart(9), (fed / index).toFixed(2).padStart(12), (skimmed / fed).toFixed(2).padStart(9),
    ((CHUNK_BYTES / MB / skimmed) * 1e6).toFixed(2).padStart(17)];
  console.log(cells.join(' | '));
}
