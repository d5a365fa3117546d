// `osf7501 record` passes the session through and writes a faithful asciicast v2 recording.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { outputBytes, parseCast } from '../../src/recording/asciicast.js';
import { CHILDREN, OuterTerminal, runInTerminal, splitReports } from './support/outer-terminal.js';

const dir = mkdtempSync(join(tmpdir(), 'osf-record-'));

describe('osf7501 record', () => {
  test('the recording holds the size, every output byte in order, with rising times; the terminal got the same bytes', async () => {
    const cast = join(dir, 'a.cast');
    const result = await runInTerminal(
      ['record', '-o', cast, 'sh', '-c', "stty raw -echo; printf 'caf\\303'; sleep 0.3; printf '\\251 \\033[1mbold\\033[0m'"],
      { cols: 90, rows: 33 },
    );
    expect(result.status).toBe(0);
    const parsed = parseCast(readFileSync(cast, 'utf8'));
    expect(parsed.header).toMatchObject({ version: 2, width: 90, height: 33 });
    // The recording holds the child's bytes; the terminal got them plus the shim's own reports.
    const { bytes } = splitReports(result.output);
    expect(Buffer.from(outputBytes(parsed)).toString('latin1')).toBe(bytes.toString('latin1'));
    expect(bytes.toString()).toBe('café \x1b[1mbold\x1b[0m');
    const times = parsed.events.map((e) => e.time);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect((times.at(-1) ?? 0) - (times[0] ?? 0)).toBeGreaterThan(0.2);
  });

  test('a resize during the session is recorded as an "r" event', async () => {
    const cast = join(dir, 'b.cast');
    const term = new OuterTerminal(['record', '-o', cast, process.execPath, join(CHILDREN, 'report-size.mjs')]);
    await term.waitFor(/SIZE 80x24/);
    term.resize(100, 30);
    await term.waitFor(/SIZE 100x30/);
    term.write('q');
    expect((await term.result()).status).toBe(0);
    const events = parseCast(readFileSync(cast, 'utf8')).events;
    expect(events.filter((e) => e.type === 'r').map((e) => e.data)).toEqual(['100x30']);
  });

  test('without a terminal, record refuses with one line and exit 2', async () => {
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(process.execPath, [join(CHILDREN, '..', '..', 'bin', 'osf7501'), 'record', '-o', join(dir, 'c.cast'), 'true'], {
      encoding: 'utf8',
      env: { ...process.env, OSF7501_SESSION: '' },
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('osf7501: record needs a terminal on stdin and stdout\n');
  });

  test('record without -o is a usage error', async () => {
    const result = await runInTerminal(['record', 'true']);
    expect(result.status).toBe(2);
    expect(result.output.toString()).toContain("required option '-o, --output <file>' not specified");
  });
});
