#!/usr/bin/env node
// Records real Claude Code sessions, driven by a script, against the mock Anthropic API.
//
//   node test/harness/record-claude.mjs --claude /tmp/cc-2.1.332 [--scenario NAME[,NAME…]|all]
//        [--size 80x24,120x40] [--out fixtures/claude-code] [--mock-url http://127.0.0.1:PORT] [--no-answer]
//        [--verbose]
//
// --claude is an npm prefix (npm install --prefix DIR @anthropic-ai/claude-code@VERSION) or a path to the
// binary. For each scenario × size it writes, under <out>/<version>/:
//   <scenario>-<cols>x<rows>.cast          asciicast v2: every byte Claude Code wrote ("o"), every byte the
//                                           terminal side sent ("i": keys, query answers), native OSC 7501
//                                           reports included as they came
//   <scenario>-<cols>x<rows>.labels.jsonl  {"t","state","kind"?,"msg"?,"source":"native"|"driver"} per line
//   <scenario>-<cols>x<rows>.screens.txt   the visible screen at each driver label (for people and debugging)
//
// The terminal side is @xterm/headless: it answers DA1/DSR like a real terminal; this script additionally
// answers Claude Code's OSC 7501 support query (`ESC ] 7501 ; ? ST`) by echoing its bytes, unless
// --no-answer is given, so versions ≥ 2.1.295 emit their own reports (the "native" labels).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import pty from 'node-pty';
import xtermHeadless from '@xterm/headless';
import { SCENARIOS, scenarioByName, IDLE } from './scenarios.mjs';
import { claudeEnv, writeClaudeHome, writeProject } from './claude-env.mjs';

const { Terminal } = xtermHeadless;
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const require = createRequire(import.meta.url);

// ---------------------------------------------------------------------------------------------- options
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const flag = (name) => argv.includes(`--${name}`);
const claudeArg = opt('claude');
if (!claudeArg) {
  console.error('usage: record-claude.mjs --claude <npm prefix or binary> [--scenario a,b|all] [--size 80x24,120x40]');
  process.exit(2);
}
const outRoot = path.resolve(opt('out', path.join(repo, 'fixtures', 'claude-code')));
const sizes = opt('size', '80x24,120x40')
  .split(',')
  .map((s) => s.split('x').map(Number));
const scenarioNames = opt('scenario', 'all');
const answer7501 = !flag('no-answer');
const verbose = flag('verbose');

/** The Claude Code binary inside an npm prefix (the platform package, or the wrapper's bin). */
function findClaude(p) {
  if (fs.statSync(p).isFile()) return p;
  const base = path.join(p, 'node_modules', '@anthropic-ai');
  for (const c of [
    path.join(base, `claude-code-${process.platform}-${process.arch}`, 'claude'),
    path.join(base, 'claude-code', 'bin', 'claude.exe'),
    path.join(base, 'claude-code', 'cli.js'),
  ]) {
    if (fs.existsSync(c) && fs.statSync(c).size > 100_000) return c;
  }
  throw new Error(`no Claude Code binary under ${p}`);
}
const claudeBin = findClaude(path.resolve(claudeArg));
const claudeCmd = claudeBin.endsWith('.js') ? [process.execPath, claudeBin] : [claudeBin];
const version = execFileSync(claudeCmd[0], [...claudeCmd.slice(1), '--version'], { encoding: 'utf8' })
  .trim()
  .split(/\s+/)[0];

// ------------------------------------------------------------------------- asciicast writer (from src/)
/** Loads src/record/asciicast.ts by transpiling it (Node 20 cannot run .ts; the build may be absent). */
async function loadAsciicast() {
  const ts = require('typescript');
  const src = fs.readFileSync(path.join(repo, 'src', 'record', 'asciicast.ts'), 'utf8');
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

// ----------------------------------------------------------------------------------------------- mock
async function startMock() {
  const given = opt('mock-url');
  if (given) return { url: given, stop: () => {} };
  const logFile = path.join(os.tmpdir(), `osf7501-mock-${process.pid}.log`);
  const child = spawn(process.execPath, [path.join(here, 'mock-anthropic.mjs'), '--port', '0', '--log', logFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      const m = /MOCK_PORT=(\d+)/.exec(buf);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (c) => reject(new Error(`mock exited ${c}`)));
  });
  if (verbose) console.error(`mock on ${port}, log ${logFile}`);
  return { url: `http://127.0.0.1:${port}`, logFile, stop: () => child.kill('SIGTERM') };
}

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
  backspace: '\x7f',
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------------------------------ one run
async function record(scenario, cols, rows, mockUrl) {
  const opts = scenario.options ?? {};
  const trusted = opts.trusted !== false;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'osf7501-rec-'));
  const home = path.join(work, 'home');
  const project = path.join(work, 'project');
  writeProject(project, opts.files);
  writeClaudeHome(home, { version, project, trusted, upsell: opts.upsell === true });

  const dir = path.join(outRoot, version);
  fs.mkdirSync(dir, { recursive: true });
  // Recordings made without answering the OSC 7501 query get a `-noanswer` suffix.
  const stem = path.join(dir, `${scenario.name}-${cols}x${rows}${answer7501 ? '' : '-noanswer'}`);
  const castLines = [];
  const labels = [];
  const screens = [];

  const env = claudeEnv({ mockUrl, home });
  Object.assign(env, opts.env ?? {});
  const castEnv = { TERM: env.TERM, SHELL: env.SHELL };
  const writer = new CastWriter(
    { width: cols, height: rows, env: castEnv, title: `claude-code ${version} ${scenario.name}` },
    { sink: (l) => castLines.push(l) },
  );

  const term = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 500 });
  const args = [...claudeCmd.slice(1), '--permission-mode', opts.permissionMode ?? 'default'];
  if (opts.mcp) {
    // A stdio MCP server with one tool; --strict-mcp-config keeps any other MCP configuration out.
    const mcpConfig = path.join(work, 'mcp.json');
    fs.writeFileSync(
      mcpConfig,
      JSON.stringify({ mcpServers: { tickets: { type: 'stdio', command: process.execPath, args: [path.join(here, 'mcp-tickets.mjs')] } } }),
    );
    args.push('--mcp-config', mcpConfig, '--strict-mcp-config');
  }
  const child = pty.spawn(claudeCmd[0], args, { name: env.TERM, cols, rows, cwd: project, env });
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
  let lastNative = null;
  child.onData((data) => {
    writer.output(data);
    const t = writer.elapsed();
    for (const { raw, body } of scan(data)) {
      if (body === '?' || body.startsWith('?')) {
        if (answer7501) toChild(raw); // echo the same bytes: "supported"
        labels.push({ t: round(t), event: 'query', raw, source: 'native' });
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
      lastNative = label;
      if (verbose) console.error(`  native ${t.toFixed(2)} ${body}`);
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
  const waitFor = async (pred, timeout, what) => {
    const end = Date.now() + timeout;
    while (Date.now() < end) {
      await new Promise((r) => term.write('', r)); // let xterm drain its write queue
      if (pred(screenText())) return true;
      if (exited) break;
      await sleep(50);
    }
    return false;
  };
  const driverLabel = (state, kind, note) => {
    const t = round(writer.elapsed());
    const l = { t, state };
    if (kind) l.kind = kind;
    if (note) l.note = note;
    l.source = 'driver';
    labels.push(l);
    screens.push(`=== t=${t} driver ${state}${kind ? ':' + kind : ''}${note ? ' (' + note + ')' : ''}\n${screenText()}\n`);
  };
  const problems = [];

  // Start: wait for the idle prompt (or, for the trust dialog scenario, let the drive do the waiting).
  if (trusted && !opts.upsell) {
    const ok = await waitFor((s) => IDLE.test(s), 30000, 'idle');
    if (!ok) problems.push('idle prompt never appeared');
    await sleep(400);
    driverLabel('idle', undefined, 'start');
  }

  for (const step of scenario.drive) {
    if (exited) break;
    // Any step may be conditional on the visible screen.
    if (step.if || step.unless) {
      await new Promise((r) => term.write('', r));
      const screen = screenText();
      if (step.if && !step.if.test(screen)) continue;
      if (step.unless && step.unless.test(screen)) continue;
    }
    if (step.wait || step.waitGone) {
      const re = step.wait ?? step.waitGone;
      const ok = await waitFor((s) => (step.wait ? re.test(s) : !re.test(s)), step.timeout ?? 15000);
      if (!ok && !step.optional) problems.push(`timeout waiting ${step.wait ? 'for' : 'for absence of'} ${re}`);
    } else if (step.type !== undefined) {
      for (const ch of step.type) {
        toChild(ch);
        await sleep(25);
      }
    } else if (step.key) {
      toChild(KEYS[step.key] ?? step.key);
    } else if (step.resize) {
      const [c, r] = step.resize;
      child.resize(c, r);
      term.resize(c, r);
      writer.resize(c, r);
      curRows = r;
    } else if (step.sleep) {
      await sleep(step.sleep);
    } else if (step.label) {
      await sleep(step.labelDelay ?? 0);
      driverLabel(step.label, step.kind, step.note);
    } else if (step.exit) {
      // handled below
    }
  }

  // Always leave with /exit so every recording ends the way a session ends.
  if (!exited) {
    await sleep(300);
    if (!scenario.drive.some((s) => s.exit)) {
      for (const ch of '/exit') {
        toChild(ch);
        await sleep(25);
      }
      await sleep(500);
      toChild('\r');
    }
    driverLabel('exit', undefined, '/exit sent');
    const end = Date.now() + 8000;
    while (!exited && Date.now() < end) await sleep(50);
    if (!exited) {
      problems.push('did not exit after /exit');
      child.kill('SIGKILL');
    }
  }
  await sleep(100);
  writer.close();
  term.dispose();

  labels.sort((a, b) => a.t - b.t);
  fs.writeFileSync(stem + '.cast', castLines.join(''));
  fs.writeFileSync(stem + '.labels.jsonl', labels.map((l) => JSON.stringify(l)).join('\n') + '\n');
  fs.writeFileSync(stem + '.screens.txt', screens.join('\n'));
  fs.rmSync(work, { recursive: true, force: true });
  const nativeCount = labels.filter((l) => l.source === 'native' && l.state).length;
  console.log(
    `${path.relative(repo, stem)}.cast  ${writer.elapsed().toFixed(1)}s  native=${nativeCount}` +
      (problems.length ? `  PROBLEMS: ${problems.join('; ')}` : ''),
  );
  return { problems };
}

function round(t) {
  return Math.round(t * 1000) / 1000;
}

// ------------------------------------------------------------------------------------------ main
const wanted =
  scenarioNames === 'all' ? SCENARIOS : scenarioNames.split(',').map((n) => scenarioByName(n) ?? die(`no scenario ${n}`));
function die(msg) {
  console.error(msg);
  process.exit(2);
}

const mock = await startMock();
let failures = 0;
try {
  for (const s of wanted) {
    for (const [cols, rows] of sizes) {
      const { problems } = await record(s, cols, rows, mock.url);
      if (problems.length) failures++;
    }
  }
} finally {
  mock.stop();
}
process.exit(failures ? 1 : 0);
