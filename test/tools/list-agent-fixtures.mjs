#!/usr/bin/env node
// Regenerates the recordings table in fixtures/<app>/README.md (Codex CLI, Gemini CLI, OpenCode) from the
// files that are there.
//
//   node test/tools/list-agent-fixtures.mjs --agent codex|gemini|opencode|copilot|qwen|pi
//
// The README's text above the marker line `<!-- recordings -->` is kept; the table below it is rewritten.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AGENTS } from './agents.mjs';
import { SCENARIOS } from './agent-scenarios.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const agentName = argv[argv.indexOf('--agent') + 1];
const agent = AGENTS[agentName];
if (!agent || !SCENARIOS[agentName]) {
  console.error('usage: list-agent-fixtures.mjs --agent codex|gemini|opencode|copilot|qwen|pi');
  process.exit(2);
}
const root = path.join(here, '..', '..', 'fixtures', agent.app);
const readme = path.join(root, 'README.md');
const MARK = '<!-- recordings -->';

function summary(labelsFile) {
  const lines = fs.readFileSync(labelsFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const fmt = (l) => l.state + (l.kind ? `:${l.kind}` : '');
  const compress = (xs) => xs.filter((x, i) => i === 0 || x !== xs[i - 1]).join(' → ');
  const native = lines.filter((l) => l.source === 'native' && l.state);
  const driver = lines.filter((l) => l.source === 'driver');
  return { native: native.length ? compress(native.map(fmt)) : '—', driver: compress(driver.map(fmt)) };
}

function duration(castFile) {
  const text = fs.readFileSync(castFile, 'utf8').trimEnd().split('\n');
  const last = JSON.parse(text[text.length - 1]);
  return Array.isArray(last) ? last[0] : 0;
}

const order = SCENARIOS[agentName]().map((s) => s.name);
const rows = [];
for (const version of fs.readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
  const files = fs.readdirSync(path.join(root, version)).filter((f) => f.endsWith('.cast'));
  for (const f of files) {
    const m = /^(.+)-(\d+x\d+)(-noanswer)?\.cast$/.exec(f);
    if (!m) continue;
    const labels = path.join(root, version, f.replace(/\.cast$/, '.labels.jsonl'));
    if (!fs.existsSync(labels)) continue;
    const s = summary(labels);
    const [cols] = m[2].split('x').map(Number);
    rows.push({ version, scenario: m[1], size: m[2], cols, file: `${version}/${f}`, secs: duration(path.join(root, version, f)), ...s });
  }
}
rows.sort(
  (a, b) =>
    b.version.localeCompare(a.version, undefined, { numeric: true }) ||
    order.indexOf(a.scenario) - order.indexOf(b.scenario) ||
    a.cols - b.cols,
);
const table = [
  '| file | version | size | scenario | length | native labels (in order) | driver labels (in order) |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map((r) => `| \`${r.file}\` | ${r.version} | ${r.size} | ${r.scenario} | ${r.secs.toFixed(1)} s | ${r.native} | ${r.driver} |`),
].join('\n');
const text = fs.readFileSync(readme, 'utf8');
const at = text.indexOf(MARK);
const head = at >= 0 ? text.slice(0, at) : `${text.trimEnd()}\n\n`;
fs.writeFileSync(readme, `${head}${MARK}\n\n## Recordings\n\n${table}\n`);
console.log(`${path.relative(process.cwd(), readme)}: ${rows.length} recordings`);
