// Raw mode's helper process (src/tty/terminal-snapshot.ts) on a real PTY: it reads the settings without
// touching them, switches to raw only on go(), is stopped cleanly before that, and a process that never
// tells it to go exits at once with its terminal as it was. The built code runs in a child on the PTY.
import { fileURLToPath } from 'node:url';
import * as pty from 'node-pty';
import { expect, test } from 'vitest';

const HELPER = fileURLToPath(new URL('../../dist/src/tty/terminal-snapshot.js', import.meta.url));

/** Runs `body` (an ES module's text, after the helper's import) as a node child on a fresh PTY; its output. */
function onPty(body: string): Promise<string> {
  const script = `import { startRawSwitch, startTerminalSnapshot } from ${JSON.stringify(HELPER)};
import { execFileSync } from 'node:child_process';
const stty = (...args) => execFileSync('stty', args, { stdio: [0, 'pipe', 'ignore'] }).toString().trim();
${body}`;
  return new Promise((resolve) => {
    const term = pty.spawn(process.execPath, ['--input-type=module', '-e', script], { name: 'xterm-256color', cols: 80, rows: 24, cwd: '/', env: process.env as Record<string, string> });
    let out = '';
    term.onData((d) => (out += d));
    term.onExit(() => resolve(out));
  });
}

/** The JSON line the child printed. */
const result = (out: string): Record<string, unknown> => JSON.parse(out.slice(out.indexOf('{'), out.lastIndexOf('}') + 1)) as Record<string, unknown>;

test('the snapshot is `stty -g`, the terminal untouched until go(); go() makes it raw (no echo, no output processing)', async () => {
  const out = await onPty(`const before = stty('-g');
const helper = startRawSwitch(0);
helper.hold();
const snapshot = await helper.snapshot;
const waiting = stty('-g');
const ok = await helper.go();
const raw = stty('-a');
stty(before);
process.stdout.write(JSON.stringify({ before, snapshot, waiting, ok, raw }) + '\\n');`);
  const r = result(out);
  expect(r['snapshot']).toBe(r['before']);
  expect(r['waiting']).toBe(r['before']);
  expect(r['ok']).toBe(true);
  expect(r['raw']).toMatch(/(^|\s)-icanon(\s|$)/mu);
  expect(r['raw']).toMatch(/(^|\s)-echo(\s|$)/mu);
  expect(r['raw']).toMatch(/(^|\s)-opost(\s|$)/mu);
  expect(r['raw']).toMatch(/(^|\s)-isig(\s|$)/mu);
});

test('killed after the snapshot, before go(): the terminal stays as it was, go() then says no', async () => {
  const out = await onPty(`const before = stty('-g');
const helper = startRawSwitch(0);
helper.hold();
await helper.snapshot;
helper.kill();
const ok = await helper.go();
process.stdout.write(JSON.stringify({ before, ok, after: stty('-g') }) + '\\n');`);
  const r = result(out);
  expect(r['ok']).toBe(false);
  expect(r['after']).toBe(r['before']);
});

test('a process that starts the early helper and never wraps exits at once, its terminal as it was', async () => {
  // A shell on the PTY runs such a process (as `osf7501 --version` in a terminal is) between two looks at the settings.
  const node = `import { startTerminalSnapshot } from ${JSON.stringify(HELPER)}; startTerminalSnapshot(0);`;
  const shell = `before=$(stty -g); "$0" --input-type=module -e "$1"; s=$?; after=$(stty -g); printf '{"status":%d,"same":%s}\\n' $s "$([ "$before" = "$after" ] && echo true || echo false)"`;
  const out = await new Promise<string>((resolve) => {
    const term = pty.spawn('sh', ['-c', shell, process.execPath, node], { name: 'xterm-256color', cols: 80, rows: 24, cwd: '/', env: process.env as Record<string, string> });
    let text = '';
    term.onData((d) => (text += d));
    term.onExit(() => resolve(text));
  });
  expect(result(out)).toEqual({ status: 0, same: true });
});
