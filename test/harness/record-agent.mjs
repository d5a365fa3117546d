#!/usr/bin/env node
// Records real Codex CLI / Gemini CLI / OpenCode sessions, driven by a script, against the mock model APIs
// (test/harness/mock-agents.mjs). The same files as record-claude.mjs, for other agents:
//
//   node test/harness/record-agent.mjs --agent codex|gemini|opencode --bin <npm prefix or file>
//        [--scenario NAME[,NAME…]|all] [--size 80x24,120x32] [--out fixtures/<app>] [--mock-url URL]
//        [--no-answer] [--verbose]
//
// For each scenario × size it writes, under <out>/<version>/:
//   <scenario>-<cols>x<rows>.cast          asciicast v2: every byte the agent wrote ("o"), every byte the
//                                           terminal side sent ("i": keys, query answers, DA1/DSR answers)
//   <scenario>-<cols>x<rows>.labels.jsonl  {"t","state","kind"?,"msg"?,"source":"native"|"driver"} per line
//   <scenario>-<cols>x<rows>.screens.txt   the visible screen at each driver label
//
// The terminal side is @xterm/headless (answers DA1/DSR like a real terminal). An OSC 7501 support query
// (`ESC ] 7501 ; ? …`) is answered by echoing its bytes unless --no-answer; any OSC 7501 report the agent
// writes is kept as a native label.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import pty from 'node-pty';
import xtermHeadless from '@xterm/headless';
import { AGENTS, agentVersion, makeAgentSandbox, startAgentMock, waitCpuQuiet } from './agents.mjs';
import { SCENARIOS } from './agent-scenarios.mjs';

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
const agentName = opt('agent');
const binArg = opt('bin');
const agent = AGENTS[agentName];
if (!agent || !binArg || !SCENARIOS[agentName]) {
  console.error('usage: record-agent.mjs --agent codex|gemini|opencode --bin <npm prefix or file> [--scenario a,b|all] [--size 80x24,120x32]');
  process.exit(2);
}
const outRoot = path.resolve(opt('out', path.join(repo, 'fixtures', agent.app)));
const sizes = opt('size', '80x24,120x32')
  .split(',')
  .map((s) => s.split('x').map(Number));
const scenarioNames = opt('scenario', 'all');
const answer7501 = !flag('no-answer');
const verbose = flag('verbose');

const binPath = path.resolve(binArg);
const bin = fs.statSync(binPath).isFile() ? binPath : agent.findBin(binPath);
if (!bin) {
  console.error(`no ${agentName} binary under ${binPath}`);
  process.exit(2);
}
const version = agentVersion(bin, { HOME: fs.mkdtempSync(path.join(os.tmpdir(), 'osf7501-ver-')) });

// ------------------------------------------------------------------------- asciicast writer (from src/)
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

// ------------------------------------------------------------------------------------ OSC 7501 scanner
const OSC7501 = '\x1b]7501;';
/** Incremental scanner: complete `ESC ] 7501 ; … (BEL | ESC \)` sequences across chunk boundaries. */
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

/** A report body `state=…:kind=…:msg=<b64>` as a label (msg/title decoded from base64). */
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
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (t) => Math.round(t * 1000) / 1000;
const isIdleScreen = (s) => agent.idle.test(s) && !agent.working.test(s);

// ------------------------------------------------------------------------------------------ one run
async function record(scenario, cols, rows, mockUrl) {
  const opts = scenario.options ?? {};
  const sandbox = makeAgentSandbox(agentName, { mockUrl, options: opts, files: opts.files });
  const dir = path.join(outRoot, version);
  fs.mkdirSync(dir, { recursive: true });
  const stem = path.join(dir, `${scenario.name}-${cols}x${rows}${answer7501 ? '' : '-noanswer'}`);
  const castLines = [];
  const labels = [];
  const screens = [];

  const writer = new CastWriter(
    { width: cols, height: rows, env: { TERM: sandbox.env.TERM, SHELL: sandbox.env.SHELL }, title: `${agent.app} ${version} ${scenario.name}` },
    { sink: (l) => castLines.push(l) },
  );
  const term = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 1000 });
  const child = pty.spawn(bin, [...sandbox.args, ...(opts.args ?? [])], {
    name: sandbox.env.TERM,
    cols,
    rows,
    cwd: sandbox.project,
    env: sandbox.env,
  });
  let exited = null;
  child.onExit((e) => (exited = e));

  const toChild = (data) => {
    if (exited) return;
    writer.input(data);
    child.write(data);
  };
  term.onData((d) => toChild(d));

  const scan = makeScanner();
  child.onData((data) => {
    writer.output(data);
    const t = writer.elapsed();
    for (const { raw, body } of scan(data)) {
      if (body.startsWith('?')) {
        if (answer7501) toChild(raw);
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
  const waitFor = async (pred, timeout) => {
    const end = Date.now() + timeout;
    while (Date.now() < end) {
      await new Promise((r) => term.write('', r));
      if (pred(screenText())) return true;
      if (exited) break;
      await sleep(50);
    }
    return false;
  };
  const driverLabel = (state, kind, note, msg) => {
    const t = round(writer.elapsed());
    const l = { t, state };
    if (kind) l.kind = kind;
    if (msg) l.msg = msg;
    if (note) l.note = note;
    l.source = 'driver';
    labels.push(l);
    screens.push(`=== t=${t} driver ${state}${kind ? ':' + kind : ''}${msg ? ' "' + msg + '"' : ''}${note ? ' (' + note + ')' : ''}\n${screenText()}\n`);
  };
  const problems = [];

  const runSteps = async (steps) => {
    for (const step of steps) {
      if (exited) break;
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
      } else if (step.idle) {
        const ok = await waitFor(isIdleScreen, step.timeout ?? 15000);
        if (!ok && !step.optional) problems.push('timeout waiting for the idle screen');
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
      } else if (step.quiet) {
        const q = await waitCpuQuiet(child.pid, { ...(agent.quiet ?? {}), ...(step.timeout ? { timeoutMs: step.timeout } : {}) });
        if (verbose) console.error(`  cpu quiet=${q.quiet} after ${q.waitedMs} ms`);
      } else if (step.sleep) {
        await sleep(step.sleep);
      } else if (step.label) {
        driverLabel(step.label, step.kind, step.note, step.msg);
      }
    }
  };

  if (opts.start !== false) {
    const ok = await waitFor(isIdleScreen, 45000);
    if (!ok) problems.push('idle prompt never appeared');
    await sleep(agent.settleMs ?? 600);
    driverLabel('idle', undefined, 'start');
    if (agent.quiet) {
      const q = await waitCpuQuiet(child.pid, agent.quiet);
      if (verbose) console.error(`  cpu quiet=${q.quiet} after ${q.waitedMs} ms`);
    }
  }
  await runSteps(scenario.drive);

  // Leave the way a session ends: the agent's exit command (or the scenario's own way out).
  if (!exited) {
    await sleep(300);
    if (opts.leave || agent.exitKeys) {
      driverLabel('exit', undefined, opts.leave ? 'leaving' : 'exit keys');
      await runSteps(opts.leave ?? agent.exitKeys);
    } else {
      for (const ch of agent.exitText) {
        toChild(ch);
        await sleep(40);
      }
      await sleep(500);
      driverLabel('exit', undefined, `${agent.exitText} sent`);
      toChild('\r');
    }
    const end = Date.now() + 10000;
    while (!exited && Date.now() < end) await sleep(50);
    if (!exited) {
      problems.push('did not exit');
      child.kill('SIGKILL');
    }
  }
  await sleep(150);
  writer.close();
  term.dispose();

  labels.sort((a, b) => a.t - b.t);
  fs.writeFileSync(stem + '.cast', castLines.join(''));
  fs.writeFileSync(stem + '.labels.jsonl', labels.map((l) => JSON.stringify(l)).join('\n') + '\n');
  fs.writeFileSync(stem + '.screens.txt', screens.join('\n'));
  sandbox.remove();
  const nativeCount = labels.filter((l) => l.source === 'native' && l.state).length;
  console.log(
    `${path.relative(repo, stem)}.cast  ${writer.elapsed().toFixed(1)}s  native=${nativeCount}  exit=${exited ? exited.exitCode : 'killed'}` +
      (problems.length ? `  PROBLEMS: ${problems.join('; ')}` : ''),
  );
  return { problems };
}

// ------------------------------------------------------------------------------------------ main
const all = SCENARIOS[agentName]();
const wanted =
  scenarioNames === 'all'
    ? all
    : scenarioNames.split(',').map((n) => all.find((s) => s.name === n) ?? (console.error(`no scenario ${n}`), process.exit(2)));

const given = opt('mock-url');
const mock = given ? { url: given, stop: () => {} } : await startAgentMock({ logFile: path.join(os.tmpdir(), `osf7501-agent-mock-${process.pid}.log`) });
if (verbose) console.error(`mock ${mock.url} log ${mock.logFile ?? '-'}; ${agentName} ${version} at ${bin}`);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    mock.stop();
    process.exit(130);
  });
}
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
