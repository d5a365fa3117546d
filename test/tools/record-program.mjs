#!/usr/bin/env node
// Records real runs of plain programs under `osf7501 record`, driven by a script, for the replay tests
// (test/rules/programs-recordings.test.ts). Never run by the tests: the recordings are committed data.
//
//   node test/tools/record-program.mjs SCENARIO[,SCENARIO…]|all [--size 80x24,120x32] [--out fixtures] [--verbose]
//
// Scenarios are in test/tools/program-scenarios.mjs (some need root: sshd, a throwaway user, apt-get). Each
// scenario × size writes, under <out>/<app>/<version>/:
//   <scenario>-<cols>x<rows>.cast          what `osf7501 record` wrote: the child's output, its resizes, the
//                                           terminal's state as markers, the command line in the header
//   <scenario>-<cols>x<rows>.labels.jsonl  one line per step: {"t","state","kind"?,"msg"?,"note","until"?,"source":"driver"}
//
// The outer terminal is a node-pty PTY mirrored by @xterm/headless (which answers DA1/DSR queries, as a real
// terminal does). A step is { waitFor: RegExp on the outer screen's text (rows right-trimmed, joined with \n),
// label: { state, kind?, msg? (or (run, screen) => msg), note }, hold?: ms (default 1500), send?: keys }: when the screen matches, the
// label is written at that instant (t, on the cast's clock), the driver waits `hold`, and sends the keys; `until`
// is when it sent them (the label holds from t to until). A step's `progress: (screen) => number` reads the progress
// the screen draws (a bar's percentage, a count) at t and again at until: the label's `progress` and `progressUntil`. A step { after: ms, label, hold? } waits that long instead
// of for a screen: for a moment the driver knows of itself (a remote `sleep 3` it started, after its answer). A step { exit: true, label } waits for the end of the
// run and writes the label at the exit, with the exit status. The truth of a label is what the driver waited
// for on the screen, never what the classifier said.
//
// The cast's clock starts in the recorder, a little after the spawn: the offset is the time the first byte of
// the child's output reached the outer terminal minus the time the cast gives it.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pty from 'node-pty';
import xtermHeadless from '@xterm/headless';
import { SCENARIOS } from './program-scenarios.mjs';

const { Terminal } = xtermHeadless;
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const BIN = path.join(repo, 'bin', 'osf7501');
const WAIT_LIMIT_MS = 60_000;
const DEFAULT_HOLD_MS = 1500;

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const verbose = argv.includes('--verbose');
const picked = argv[0] && !argv[0].startsWith('--') ? argv[0] : undefined;
if (!picked) {
  console.error(`usage: record-program.mjs SCENARIO[,…]|all [--size 80x24,120x32] [--out fixtures]\nscenarios: ${Object.keys(SCENARIOS).join(' ')}`);
  process.exit(2);
}
const names = picked === 'all' ? Object.keys(SCENARIOS) : picked.split(',');
for (const name of names) if (!SCENARIOS[name]) throw new Error(`no scenario ${name}`);
const outRoot = path.resolve(opt('out', path.join(repo, 'fixtures')));
const sizeArg = opt('size');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Strips the shim's own reports from what reached the outer terminal. */
const withoutReports = (s) => s.replace(/\x1b\]7501;[^\x07\x1b]*(?:\x07|\x1b\\)/g, '');

async function recordOne(name, scenario, cols, rows) {
  const run = await scenario.setup();
  const version = scenario.version();
  const dir = path.join(outRoot, scenario.app, version);
  fs.mkdirSync(dir, { recursive: true });
  const stem = path.join(dir, `${name}-${cols}x${rows}`);
  const cast = `${stem}.cast`;
  const env = { ...process.env, TERM: 'xterm-256color', ...run.env };
  for (const key of ['OSF7501_SESSION', 'TMUX', 'TMUX_PANE']) delete env[key];
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];

  const term = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
  const screen = () => {
    const b = term.buffer.active;
    const out = [];
    for (let y = 0; y < rows; y++) out.push((b.getLine(b.viewportY + y)?.translateToString(true) ?? '').replace(/\s+$/u, ''));
    return out.join('\n');
  };
  const started = performance.now();
  let firstChildByte;
  let exited;
  const child = pty.spawn(process.execPath, [BIN, 'record', '-o', cast, '--', ...run.cmd], { name: 'xterm-256color', cols, rows, cwd: run.cwd, env });
  child.onData((data) => {
    if (firstChildByte === undefined && withoutReports(data) !== '') firstChildByte = performance.now() - started;
    term.write(data);
  });
  term.onData((data) => child.write(data)); // the terminal's answers to queries
  child.onExit(({ exitCode }) => (exited = { status: exitCode, at: performance.now() - started }));

  const flush = () => new Promise((r) => term.write('', r));
  const labels = [];
  try {
    for (const step of scenario.steps) {
      const limit = performance.now() + WAIT_LIMIT_MS;
      let at;
      for (;;) {
        await flush();
        if (step.exit ? exited : step.after !== undefined ? performance.now() >= limit - WAIT_LIMIT_MS + step.after : step.waitFor.test(screen().trimEnd())) {
          at = step.exit ? exited.at : performance.now() - started;
          break;
        }
        if (exited && !step.exit) throw new Error(`${name}: exited (${exited.status}) before ${step.waitFor}\n${screen()}`);
        if (performance.now() > limit) throw new Error(`${name}: no ${step.waitFor ?? 'exit'} on screen\n${screen()}`);
        await sleep(20);
      }
      const msg = typeof step.label.msg === 'function' ? { msg: step.label.msg(run, screen().trimEnd()) } : {};
      const progress = step.progress === undefined ? {} : { progress: step.progress(screen().trimEnd()) };
      const label = { t: at, ...step.label, ...msg, ...progress, ...(step.exit ? { status: exited.status } : {}) };
      if (verbose) console.error(`--- ${name} ${cols}x${rows} ${JSON.stringify(label)}\n${screen()}`);
      if (!step.exit) {
        await sleep(step.hold ?? DEFAULT_HOLD_MS);
        label.until = performance.now() - started;
        if (step.progress !== undefined) {
          await flush();
          label.progressUntil = step.progress(screen().trimEnd());
        }
        if (step.send !== undefined) child.write(step.send);
      }
      labels.push(label);
    }
  } finally {
    if (!exited) child.kill();
    await run.cleanup?.();
  }
  await sleep(200);
  const firstCast = fs.readFileSync(cast, 'utf8').split('\n').slice(1).filter(Boolean).map((l) => JSON.parse(l)).find((e) => e[1] === 'o');
  const offset = firstChildByte - firstCast[0] * 1000; // ms from the spawn to the cast's 0
  const toCast = (ms) => Math.round(ms - offset) / 1000;
  const lines = labels.map(({ t, until, ...rest }) => {
    const ordered = { t: toCast(t), ...rest, ...(until === undefined ? {} : { until: toCast(until) }), source: 'driver' };
    return JSON.stringify(ordered);
  });
  fs.writeFileSync(`${stem}.labels.jsonl`, `${lines.join('\n')}\n`);
  console.log(`${path.relative(repo, cast)}: ${labels.length} labels, exit ${exited?.status}, offset ${Math.round(offset)} ms`);
  term.dispose();
}

for (const name of names) {
  const scenario = SCENARIOS[name];
  const sizes = (sizeArg ?? scenario.sizes ?? '80x24,120x32').split(',').map((s) => s.split('x').map(Number));
  for (const [cols, rows] of sizes) await recordOne(name, scenario, cols, rows);
}
