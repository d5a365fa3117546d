#!/usr/bin/env node
// Regenerates the recordings table in fixtures/claude-code/README.md from the files that are there.
//
//   node test/tools/list-fixtures.mjs [fixtures/claude-code]
//
// The README's text above the marker line `<!-- recordings -->` is kept; the table below it is rewritten.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCENARIOS } from './scenarios.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(process.argv[2] ?? path.join(here, '..', '..', 'fixtures', 'claude-code'));
const readme = path.join(root, 'README.md');
const MARK = '<!-- recordings -->';

const describe = {
  'idle-start': 'start-up to the idle prompt, nothing typed',
  'slow-answer': 'a text answer streamed slowly: the working spinner (`esc to interrupt`) for several seconds, then done',
  'bash-approve': 'Bash `touch build.log` → permission prompt → `1`/Enter approves → working → done',
  'bash-deny': 'Bash `npm test` → permission prompt → Esc denies → idle (“Interrupted · What should Claude do instead?”)',
  'bash-readonly': 'Bash `ls -la`: read-only, so 2.1.332 runs it without asking (no blocked state); older versions may ask',
  'write-approve': 'Write `notes.txt` (new file) → permission prompt → approve → done',
  'edit-approve': 'Read then Edit `hello.js` → “Do you want to make this edit” prompt → approve → done',
  'webfetch-approve': 'WebFetch of a page on the mock → fetch permission prompt → approve → done',
  'mcp-approve': 'a tool of a stdio MCP server (`test/tools/mcp-tickets.mjs`, `mcp__tickets__lookup_ticket`) → permission prompt → approve → done',
  question: 'AskUserQuestion → question prompt (`Enter to select · ↑/↓ to navigate`) → Enter picks option 1 → done',
  'plan-approval': '`--permission-mode plan`: Write the plan file, ExitPlanMode → “Ready to code? … Would you like to proceed?” → `2` (manually approve edits) → done',
  'plan-exit': '`--permission-mode plan`: ExitPlanMode with no plan written → “Exit plan mode? · Claude wants to exit plan mode” (2.1.332) → `1. Yes, and switch to default` → done',
  'plan-auto-mode': '`--permission-mode plan`: the plan approved with `1` (auto mode); auto mode cannot check actions against the mock, so after three unchecked commands it asks (“Auto mode needs your confirmation for this command”, a Bash dialog) → approve → done',
  'prose-question': 'a plain text answer that ends “Would you like me to add a regression test?” — done, NOT blocked (a negative)',
  interrupt: 'a long streamed answer, Esc while working → “Interrupted” → idle',
  'trust-dialog': 'first run in an untrusted folder: the trust dialog (blocked) → accept → idle',
  'api-error': 'the API answers 400 invalid_request_error → the turn stops with an API error',
  'auth-error': 'the API answers 401 authentication_error (retries off) → “Invalid API key · Fix external API key” (blocked, kind auth)',
  'retry-server-error': 'the API answers 500 twice: the spinner shows `retrying in Ns · attempt n/10`, then the answer arrives → done',
  resize: 'resizes to 100×30 at idle and to 70×20 while working (`r` events in the cast)',
  'fullscreen-upsell': 'fresh config: 2.1.332 offers its fullscreen renderer (a blocking dialog), Esc dismisses it',
  exit: '`/exit` typed at the idle prompt; the process leaves (native `clear`)',
};

function summary(labelsFile) {
  const lines = fs.readFileSync(labelsFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const native = lines.filter((l) => l.source === 'native' && l.state);
  const driver = lines.filter((l) => l.source === 'driver');
  const fmt = (l) => l.state + (l.kind ? `:${l.kind}` : '');
  const compress = (xs) => xs.filter((x, i) => i === 0 || x !== xs[i - 1]).join(' → ');
  return {
    native: native.length ? compress(native.map(fmt)) : '—',
    driver: compress(driver.map(fmt)),
  };
}

function castInfo(castFile) {
  const text = fs.readFileSync(castFile, 'utf8').trimEnd().split('\n');
  const last = JSON.parse(text[text.length - 1]);
  return { duration: Array.isArray(last) ? last[0] : 0, bytes: fs.statSync(castFile).size };
}

const order = SCENARIOS.map((s) => s.name);
const rows = [];
for (const version of fs.readdirSync(root).filter((d) => fs.statSync(path.join(root, d)).isDirectory()).sort().reverse()) {
  const dir = path.join(root, version);
  const casts = fs.readdirSync(dir).filter((f) => f.endsWith('.cast'));
  casts.sort((a, b) => {
    const [sa, za] = split(a);
    const [sb, zb] = split(b);
    return order.indexOf(sa) - order.indexOf(sb) || za.localeCompare(zb, 'en', { numeric: true });
  });
  for (const f of casts) {
    const [scenario, size] = split(f);
    const stem = path.join(dir, f.slice(0, -'.cast'.length));
    const s = summary(stem + '.labels.jsonl');
    const c = castInfo(stem + '.cast');
    rows.push(
      `| \`${version}/${f}\` | ${version} | ${size} | ${scenario} | ${c.duration.toFixed(1)} s | ${s.native} | ${s.driver} |`,
    );
  }
}

function split(file) {
  const m = /^(.*)-(\d+x\d+)(-noanswer)?\.cast$/.exec(file);
  return m ? [m[1], m[2] + (m[3] ? ' (query not answered)' : '')] : [file, ''];
}

const table = [
  MARK,
  '',
  '## Recordings',
  '',
  'Scenarios:',
  '',
  ...order.filter((n) => describe[n]).map((n) => `- **${n}** — ${describe[n]}`),
  '',
  '| file | version | size | scenario | length | native labels (in order) | driver labels (in order) |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...rows,
  '',
].join('\n');

const head = fs.existsSync(readme) ? fs.readFileSync(readme, 'utf8').split(MARK)[0] : '# Claude Code recordings\n\n';
fs.writeFileSync(readme, head + table);
console.log(`${rows.length} recordings listed in ${path.relative(process.cwd(), readme)}`);
