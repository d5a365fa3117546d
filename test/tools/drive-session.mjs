// The driving loop the fixture recorders share (record-claude.mjs for Claude Code, record-agent.mjs for Codex
// CLI, Gemini CLI and OpenCode): run the agent in a node-pty behind an @xterm/headless terminal, answer its
// OSC 7501 support query, keep its OSC 7501 reports as native labels, run a scenario's drive steps (waits on
// the visible screen, keys, driver labels), and write the .cast, .labels.jsonl and .screens.txt.
//
// Drive steps (scenarios.mjs, agent-scenarios.mjs):
//   { wait: /re/, timeout?, optional? }  { waitGone: /re/, … }  { idle: true, timeout? } (the session's idle test)
//   { type: 'text' }  { key: 'enter'|'esc'|…|<raw> }  { resize: [cols, rows] }  { quiet: true, timeout? } (CPU)
//   { sleep: ms }  { label: 'state', kind?, msg?, note? }  { exit: true } (nothing here: the recorder reads
//   it). Any step may carry if: /re/ or unless: /re/ (tested against the visible screen).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import pty from 'node-pty';
import xtermHeadless from '@xterm/headless';
import { waitCpuQuiet } from './agents.mjs';

const { Terminal } = xtermHeadless;
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const require = createRequire(import.meta.url);

// ---------------------------------------------------------------------------------------------- options
/** The options both recorders take: --scenario, --size (default `size`), --no-answer, --verbose; `opt` reads the others. */
export function recorderOptions(argv, { size }) {
  const opt = (name, dflt) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : dflt;
  };
  const flag = (name) => argv.includes(`--${name}`);
  return {
    opt,
    sizes: opt('size', size)
      .split(',')
      .map((s) => s.split('x').map(Number)),
    scenarioNames: opt('scenario', 'all'),
    answer7501: !flag('no-answer'),
    verbose: flag('verbose'),
  };
}

/** The scenarios `names` (`all` or `a,b,…`) picks from `all`; exits 2 on an unknown name. */
export function pickScenarios(all, names) {
  if (names === 'all') return all;
  return names.split(',').map((n) => all.find((s) => s.name === n) ?? (console.error(`no scenario ${n}`), process.exit(2)));
}

/**
 * Records every scenario × size with `record(scenario, cols, rows, mockUrl)` (which resolves to { problems }),
 * stops the mock (also on SIGINT/SIGTERM/SIGHUP) and exits: 1 if any recording had a problem.
 */
export async function recordAll({ scenarios, sizes, mock, record }) {
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
      mock.stop();
      process.exit(130);
    });
  }
  let failures = 0;
  try {
    for (const s of scenarios) {
      for (const [cols, rows] of sizes) {
        const { problems } = await record(s, cols, rows, mock.url);
        if (problems.length) failures++;
      }
    }
  } finally {
    mock.stop();
  }
  process.exit(failures ? 1 : 0);
}

/** `<outRoot>/<version>/<scenario>-<cols>x<rows>` (`-noanswer` when the query was not answered); makes the folder. */
export function recordingStem({ outRoot, version, scenario, cols, rows, answer7501 }) {
  const dir = path.join(outRoot, version);
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${scenario}-${cols}x${rows}${answer7501 ? '' : '-noanswer'}`);
}

// ------------------------------------------------------------------------- asciicast writer (from src/)
/** Loads src/recording/asciicast.ts by transpiling it (Node 20 cannot run .ts; the build may be absent). */
async function loadAsciicast() {
  const ts = require('typescript');
  const src = fs.readFileSync(path.join(repo, 'src', 'recording', 'asciicast.ts'), 'utf8');
  const js = ts.transpileModule(src, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const tmp = path.join(os.tmpdir(), `osf7501-asciicast-${process.pid}.mjs`);
  fs.writeFileSync(tmp, js);
  const mod = await import(pathToFileURL(tmp).href);
  fs.rmSync(tmp, { force: true });
  return mod;
}
const { CastWriter } = await loadAsciicast();

// ------------------------------------------------------------------------------------ OSC 7501 scanner
const OSC7501 = '\x1b]7501;';
/** Incremental scanner: finds complete `ESC ] 7501 ; … (BEL | ESC \)` sequences across chunk boundaries. */
function makeScanner() {
  let carry = '';
  return (chunk) => {
    const s = carry + chunk;
    const found = [];
    let i = 0;
    carry = '';
    for (;;) {
      const start = s.indexOf(OSC7501, i);
      if (start < 0) {
        // Keep a possible prefix of the introducer.
        for (let k = Math.min(OSC7501.length - 1, s.length); k > 0; k--) {
          if (OSC7501.startsWith(s.slice(s.length - k))) {
            carry = s.slice(s.length - k);
            break;
          }
        }
        break;
      }
      const bodyStart = start + OSC7501.length;
      const bel = s.indexOf('\x07', bodyStart);
      const st = s.indexOf('\x1b\\', bodyStart);
      let end = -1;
      let termLen = 0;
      if (bel >= 0 && (st < 0 || bel < st)) (end = bel), (termLen = 1);
      else if (st >= 0) (end = st), (termLen = 2);
      if (end < 0) {
        carry = s.slice(start);
        if (carry.length > 8192) carry = '';
        break;
      }
      found.push({ raw: s.slice(start, end + termLen), body: s.slice(bodyStart, end) });
      i = end + termLen;
    }
    return found;
  };
}

/** Parses a report body `state=…:kind=…:msg=<b64>` into a label (msg/title decoded). */
function parseReport(body) {
  const out = {};
  for (const pair of body.split(':')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    out[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  for (const k of ['msg', 'title']) {
    if (out[k] !== undefined) out[k] = Buffer.from(out[k], 'base64').toString('utf8');
  }
  return out;
}

// ------------------------------------------------------------------------------------------ keys
const KEYS = {
  enter: '\r',
  esc: '\x1b',
  up: '\x1b[A',
  down: '\x1b[B',
  left: '\x1b[D',
  right: '\x1b[C',
  tab: '\t',
  'shift-tab': '\x1b[Z',
  'ctrl-c': '\x03',
  'ctrl-d': '\x04',
  backspace: '\x7f',
};
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (t) => Math.round(t * 1000) / 1000;

// ------------------------------------------------------------------------------------------ one session
/**
 * Spawns `file args` in a node-pty of cols × rows (cwd, env) and starts recording it. `title` goes in the cast
 * header, `scrollback` to the headless terminal; `isIdle(screen)` is what an `{ idle: true }` step waits for,
 * `quiet` the waitCpuQuiet() options of a `{ quiet: true }` step. The OSC 7501 query is echoed unless
 * `answer7501` is false.
 */
export function startSession({ file, args, cwd, env, cols, rows, title, scrollback, answer7501, verbose, isIdle, quiet }) {
  const castLines = [];
  const labels = [];
  const screens = [];
  const problems = [];

  const writer = new CastWriter(
    { width: cols, height: rows, env: { TERM: env.TERM, SHELL: env.SHELL }, title },
    { sink: (l) => castLines.push(l) },
  );
  const term = new Terminal({ cols, rows, allowProposedApi: true, scrollback });
  const child = pty.spawn(file, args, { name: env.TERM, cols, rows, cwd, env });
  let exited = null;
  child.onExit((e) => (exited = e));

  const toChild = (data) => {
    if (exited) return;
    writer.input(data);
    child.write(data);
  };
  // The headless terminal answers DA1, DSR and friends the way a real terminal would.
  term.onData((d) => toChild(d));

  const scan = makeScanner();
  child.onData((data) => {
    writer.output(data);
    const t = writer.elapsed();
    for (const { raw, body } of scan(data)) {
      if (body.startsWith('?')) {
        if (answer7501) toChild(raw); // echo the same bytes: "supported"
        labels.push({ t: round(t), event: 'query', raw, source: 'native' });
        if (verbose) console.error(`  query ${t.toFixed(2)} ${JSON.stringify(raw)}`);
        continue;
      }
      const r = parseReport(body);
      const label = { t: round(t), state: r.state };
      if (r.kind) label.kind = r.kind;
      if (r.msg !== undefined) label.msg = r.msg;
      if (r.title !== undefined) label.title = r.title;
      if (r.app) label.app = r.app;
      if (r.id) label.id = r.id;
      if (r.progress) label.progress = Number(r.progress);
      label.raw = raw;
      label.source = 'native';
      labels.push(label);
      if (verbose) console.error(`  native ${t.toFixed(2)} ${JSON.stringify(raw)}`);
    }
    term.write(data);
  });

  let curRows = rows;
  const screenText = () => {
    const b = term.buffer.active;
    const lines = [];
    for (let y = 0; y < curRows; y++) lines.push(b.getLine(b.viewportY + y)?.translateToString(true) ?? '');
    return lines.join('\n');
  };
  const drain = () => new Promise((r) => term.write('', r)); // let xterm work through its write queue
  const waitFor = async (pred, timeout) => {
    const end = Date.now() + timeout;
    while (Date.now() < end) {
      await drain();
      if (pred(screenText())) return true;
      if (exited) break;
      await sleep(50);
    }
    return false;
  };
  /** A driver label at this instant, and the screen it was put on. */
  const label = (state, kind, note, msg) => {
    const t = round(writer.elapsed());
    const l = { t, state };
    if (kind) l.kind = kind;
    if (msg) l.msg = msg;
    if (note) l.note = note;
    l.source = 'driver';
    labels.push(l);
    screens.push(`=== t=${t} driver ${state}${kind ? ':' + kind : ''}${msg ? ' "' + msg + '"' : ''}${note ? ' (' + note + ')' : ''}\n${screenText()}\n`);
  };
  /** Types `text` a key at a time, `perKeyMs` apart. */
  const type = async (text, perKeyMs) => {
    for (const ch of text) {
      toChild(ch);
      await sleep(perKeyMs);
    }
  };
  const waitQuiet = async (options) => {
    const q = await waitCpuQuiet(child.pid, options);
    if (verbose) console.error(`  cpu quiet=${q.quiet} after ${q.waitedMs} ms`);
  };

  const run = async (steps) => {
    for (const step of steps) {
      if (exited) break;
      if (step.if || step.unless) {
        await drain();
        const screen = screenText();
        if (step.if && !step.if.test(screen)) continue;
        if (step.unless && step.unless.test(screen)) continue;
      }
      if (step.wait || step.waitGone) {
        const re = step.wait ?? step.waitGone;
        const ok = await waitFor((s) => (step.wait ? re.test(s) : !re.test(s)), step.timeout ?? 15000);
        if (!ok && !step.optional) problems.push(`timeout waiting ${step.wait ? 'for' : 'for absence of'} ${re}`);
      } else if (step.idle) {
        const ok = await waitFor(isIdle, step.timeout ?? 15000);
        if (!ok && !step.optional) problems.push('timeout waiting for the idle screen');
      } else if (step.type !== undefined) {
        await type(step.type, 25);
      } else if (step.key) {
        toChild(KEYS[step.key] ?? step.key);
      } else if (step.resize) {
        const [c, r] = step.resize;
        child.resize(c, r);
        term.resize(c, r);
        writer.resize(c, r);
        curRows = r;
      } else if (step.quiet) {
        await waitQuiet({ ...(quiet ?? {}), ...(step.timeout ? { timeoutMs: step.timeout } : {}) });
      } else if (step.sleep) {
        await sleep(step.sleep);
      } else if (step.label) {
        label(step.label, step.kind, step.note, step.msg);
      }
    }
  };

  return {
    problems,
    get exited() {
      return exited;
    },
    send: toChild,
    type,
    label,
    run,
    waitQuiet,
    /**
     * Waits for the idle screen (`timeoutMs`), then `settleMs` more, and labels `idle` (note `start`). With
     * `nativeMs` (an agent that reports once its query is answered) it first waits up to that long for the
     * agent's first own report: on a loaded machine the query comes after the prompt is drawn, and a prompt
     * typed before the first report leaves the recording without the agent's own `idle`.
     */
    async start(timeoutMs, settleMs, nativeMs = 0) {
      const ok = await waitFor(isIdle, timeoutMs);
      if (!ok) problems.push('idle prompt never appeared');
      if (nativeMs > 0 && answer7501) {
        const reported = await waitFor(() => labels.some((l) => l.source === 'native' && l.state), nativeMs);
        if (!reported) problems.push(`no report of its own within ${nativeMs} ms of the idle prompt`);
      }
      await sleep(settleMs);
      label('idle', undefined, 'start');
    },
    /** Waits up to `timeoutMs` for the process to leave; kills it (and notes `problem`) if it does not. */
    async waitExit(timeoutMs, problem) {
      const end = Date.now() + timeoutMs;
      while (!exited && Date.now() < end) await sleep(50);
      if (!exited) {
        problems.push(problem);
        child.kill('SIGKILL');
      }
    },
    /**
     * After `settleMs`, closes the cast and writes `<stem>.cast`, `.labels.jsonl` (sorted by time) and
     * `.screens.txt`; prints the file with its length, native label count (and exit code with `showExit`) and
     * any problems. Resolves to { problems }.
     */
    async finish(stem, { settleMs, showExit = false }) {
      await sleep(settleMs);
      writer.close();
      term.dispose();
      labels.sort((a, b) => a.t - b.t);
      fs.writeFileSync(stem + '.cast', castLines.join(''));
      fs.writeFileSync(stem + '.labels.jsonl', labels.map((l) => JSON.stringify(l)).join('\n') + '\n');
      fs.writeFileSync(stem + '.screens.txt', screens.join('\n'));
      const nativeCount = labels.filter((l) => l.source === 'native' && l.state).length;
      console.log(
        `${path.relative(repo, stem)}.cast  ${writer.elapsed().toFixed(1)}s  native=${nativeCount}` +
          (showExit ? `  exit=${exited ? exited.exitCode : 'killed'}` : '') +
          (problems.length ? `  PROBLEMS: ${problems.join('; ')}` : ''),
      );
      return { problems };
    },
  };
}
