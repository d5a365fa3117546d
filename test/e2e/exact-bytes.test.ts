// The shim passes the child's output and the user's input through unchanged, byte for byte.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { BIN, OuterTerminal, runInTerminal, splitReports } from './support/outer-terminal.js';

const sha256 = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');
const dir = mkdtempSync(join(tmpdir(), 'osf-exact-'));
/** A hang guard for 100 whole shim runs on a loaded two-core machine, not a speed bound. */
const RUNS_HANG_GUARD_MS = 600_000;

describe('output passthrough', () => {
  test('20 MB of random bytes from the child arrive with the same sha256', async () => {
    const data = randomBytes(20 * 1024 * 1024);
    const file = join(dir, 'random-20m.bin');
    writeFileSync(file, data);
    // The child switches its own PTY to raw so its line discipline does not turn \n into \r\n.
    const result = await runInTerminal(['sh', '-c', 'stty raw -echo; exec cat "$0"', file]);
    expect(result.status).toBe(0);
    const { bytes, reports } = splitReports(result.output);
    expect(bytes.length).toBe(data.length);
    expect(sha256(bytes)).toBe(sha256(data));
    expect(reports.length).toBeLessThan(10);
  });

  test('a child that writes 75 KB and exits at once loses nothing, 100 runs in a row', async () => {
    const data = Buffer.from(randomBytes(56 * 1024).toString('base64')); // ~75 KB of text
    const file = join(dir, 'text-75k.txt');
    writeFileSync(file, data);
    const sizes: number[] = [];
    for (let run = 0; run < 100; run++) {
      const result = await runInTerminal(['sh', '-c', 'stty -opost; exec cat "$0"', file]);
      expect(result.status).toBe(0);
      const { bytes } = splitReports(result.output);
      sizes.push(bytes.length);
      if (!bytes.equals(data)) break;
    }
    expect(sizes.filter((n) => n !== data.length)).toEqual([]);
    expect(sizes.length).toBe(100);
  }, RUNS_HANG_GUARD_MS);

  test('UTF-8 characters and escape sequences split across the child\'s writes arrive unchanged', async () => {
    // Each piece is written separately, with a pause, so the shim reads them as separate chunks.
    const pieces = ['\xe2\x94', '\x80 caf\xc3', '\xa9 \x1b[3', '1mred\x1b', '[0m \xf0\x9f\x98', '\x80 \x1b]0;ti', 'tle\x07 end'];
    const script = pieces.map((p) => `printf '%b' '${[...Buffer.from(p, 'latin1')].map((b) => `\\0${b.toString(8)}`).join('')}'; sleep 0.05`).join('; ');
    const result = await runInTerminal(['sh', '-c', `stty raw -echo; ${script}`]);
    expect(result.status).toBe(0);
    expect(splitReports(result.output).bytes.toString('latin1')).toBe(pieces.join(''));
  });
});

describe('input passthrough', () => {
  test('1 MB of random bytes typed into a raw-mode child arrive identical', async () => {
    const data = randomBytes(1024 * 1024);
    const out = join(dir, 'typed.bin');
    const term = new OuterTerminal(['sh', '-c', `stty raw -echo; printf READY; head -c ${data.length} > "$0"; printf DONE`, out]);
    await term.waitFor(/READY/);
    for (let offset = 0; offset < data.length; offset += 4096) term.write(data.subarray(offset, offset + 4096));
    const result = await term.result();
    expect(result.status).toBe(0);
    expect(splitReports(result.output).bytes.toString('latin1')).toBe('READYDONE');
    expect(sha256(readFileSync(out))).toBe(sha256(data));
  });

  test('a key typed as the child exits goes nowhere: nothing but the child\'s output reaches the terminal, 20 runs', async () => {
    // The child leaves at once, while reporting still loads; a key is already waiting when the shim starts
    // relaying input. node-pty's own write queues it on the thread pool (busy loading reporting's files),
    // where it could run after the descriptor closed and print `Unhandled pty write error` on the user's
    // terminal (or land in a file that reused the number).
    for (let run = 0; run < 20; run++) {
      // The terminal's own echo is off first, so the key never shows by the terminal's echo either.
      const term = new OuterTerminal(['sh', '-c', 'stty -echo; printf READY'], {
        command: ['sh', '-c', 'stty -echo; printf GO; exec "$@"', 'sh', process.execPath, BIN],
      });
      await term.waitFor(/GO/);
      term.write('x');
      const result = await term.result();
      expect(result.status).toBe(0);
      // The child's own terminal may echo the key (before its stty ran): nothing else may come.
      expect(splitReports(result.output).bytes.toString('latin1')).toMatch(/^GOx?READY$/);
    }
  });
});

test("a command given by name keeps its name as argv[0], as a shell gives it (`rm: …`, `$0`), not the path found", async () => {
  const byName = await runInTerminal(['sh', '-c', 'echo "ZERO=$0"']);
  expect(byName.output.toString('latin1')).toContain('ZERO=sh');
  const byPath = await runInTerminal(['/bin/sh', '-c', 'echo "ZERO=$0"']);
  expect(byPath.output.toString('latin1')).toContain('ZERO=/bin/sh');
});
