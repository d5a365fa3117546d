#!/usr/bin/env node
// Prints the visible screen of a .cast recording at chosen moments (or at every change), through
// @xterm/headless, for writing rules:
//
//   node test/tools/cast-screens.mjs FILE.cast [--at 2.5,3,4.25] [--changes] [--from T] [--to T]
//
// --at prints the screen as it stood at each time (seconds); --changes prints it after every output event
// that changed it (within --from/--to). Rows are right-trimmed, as the classifier sees them.

import fs from 'node:fs';
import xtermHeadless from '@xterm/headless';

const { Terminal } = xtermHeadless;
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const file = argv.find((a) => a.endsWith('.cast'));
if (!file) {
  console.error('usage: cast-screens.mjs FILE.cast [--at t1,t2] [--changes] [--from T] [--to T]');
  process.exit(2);
}
const [headerLine, ...lines] = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim());
const header = JSON.parse(headerLine);
const events = lines.map((l) => JSON.parse(l));
const term = new Terminal({ cols: header.width, rows: header.height, allowProposedApi: true, scrollback: 0 });
let rows = header.height;
const screen = () => {
  const b = term.buffer.active;
  const out = [];
  for (let y = 0; y < rows; y++) out.push((b.getLine(b.viewportY + y)?.translateToString(true) ?? '').replace(/\s+$/u, ''));
  return out.join('\n');
};
const flush = () => new Promise((r) => term.write('', r));

const at = (opt('at', '') || '').split(',').filter(Boolean).map(Number).sort((a, b) => a - b);
const changes = argv.includes('--changes');
const from = Number(opt('from', 0));
const to = Number(opt('to', Infinity));
let last = '';
let next = 0;
for (const [t, code, data] of events) {
  while (next < at.length && at[next] < t) {
    await flush();
    console.log(`=== t=${at[next]}\n${screen()}\n`);
    next++;
  }
  if (code === 'o') term.write(data);
  else if (code === 'r') {
    const [c, r] = data.split('x').map(Number);
    term.resize(c, r);
    rows = r;
  } else continue;
  if (changes && t >= from && t <= to) {
    await flush();
    const s = screen();
    if (s !== last) console.log(`=== t=${t}\n${s}\n`);
    last = s;
  }
}
await flush();
for (; next < at.length; next++) console.log(`=== t=${at[next]} (end)\n${screen()}\n`);
term.dispose();
