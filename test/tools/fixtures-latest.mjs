#!/usr/bin/env node
// `npm run fixtures:latest [-- OPTIONS]`: keeps the rules up with the agents' releases. For each bundled agent
// (Claude Code and every agent of agents.mjs: Codex CLI, Gemini CLI, OpenCode, Copilot CLI, Qwen Code, Pi,
// Cline, Kilo Code, Factory Droid, Continue, Grok CLI) it asks the npm registry for the newest version, installs it
// into the test cache (the one the e2e tests use), re-records its scenarios with the existing recorders
// (record-claude.mjs, record-agent.mjs) against the mock APIs, replays the recordings through the rules
// (bench/compare/check-fixtures.ts: every labelled moment, fed whole and in random chunks) and prints every
// moment the rules get wrong.
//
//   --agent claude-code,codex,gemini,…          which agents (default: all of them)
//   --scenario a,b|all                           which scenarios (default: the ones that matter, below)
//   --size 80x24[,200x50]                        sizes (default 80x24)
//   --version V                                  record V instead of the newest (one agent only)
//   --write                                      record into fixtures/<app>/<version>/ and, when every moment
//                                                of that version is right, add it to the rule file's `versions`
//                                                (default: a temp folder, nothing in the repository changes)
//
// Exit status: 0 every agent's every moment right; 1 a recording failed or a moment is wrong; 2 bad arguments.
// The recordings of a version that is already in fixtures/ are re-made, not added to (with --write they
// replace the files of the same scenario and size).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AGENTS as AGENT_DEFS, ensureAgent } from './agents.mjs';
import { SCENARIOS } from './agent-scenarios.mjs';
import { ensureClaude } from './claude-env.mjs';
import { runNpm } from './npm.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');

/** The agents, by the name `--agent` takes: package, recorder, fixtures folder, rule file, default scenarios. */
const LATEST = {
  'claude-code': {
    pkg: '@anthropic-ai/claude-code',
    app: 'claude-code',
    rules: 'rules/claude-code.toml',
    scenarios:
      'idle-start,bash-approve,bash-deny,edit-approve,question,plan-approval,plan-exit,trust-dialog,api-error,auth-error,' +
      'auto-mode-notice,spinner-start,background-agents,background-bash,theme-picker,long-utf8-command',
  },
  codex: {
    pkg: AGENT_DEFS.codex.pkg,
    app: 'codex',
    rules: 'rules/codex.toml',
    scenarios: 'idle-start,shell-approve,shell-deny,question,plan-implement,trust-dialog,api-error',
  },
  gemini: {
    pkg: AGENT_DEFS.gemini.pkg,
    app: 'gemini-cli',
    rules: 'rules/gemini.toml',
    scenarios: 'idle-start,shell-approve,shell-deny,write-approve,question,trust-dialog,api-error',
  },
  opencode: {
    pkg: AGENT_DEFS.opencode.pkg,
    app: 'opencode',
    rules: 'rules/opencode.toml',
    scenarios: 'shell-approve,shell-deny,write-approve,question,api-error',
  },
};

/** The scenarios that matter, for the agents above without a list of their own: those each agent has. */
const MAIN_SCENARIOS = ['idle-start', 'shell-approve', 'shell-deny', 'write-approve', 'question', 'trust-dialog', 'long-command', 'api-error'];

// Every other agent of agents.mjs with scenarios: its rule file is the one whose `app` is the agent's.
for (const [name, def] of Object.entries(AGENT_DEFS)) {
  if (LATEST[name] || !SCENARIOS[name]) continue;
  const rules = fs
    .readdirSync(path.join(repo, 'rules'))
    .find((f) => f.endsWith('.toml') && new RegExp(`^app\\s*=\\s*"${def.app}"`, 'mu').test(fs.readFileSync(path.join(repo, 'rules', f), 'utf8')));
  if (rules === undefined) continue;
  const names = new Set(SCENARIOS[name]().map((scenario) => scenario.name));
  LATEST[name] = { pkg: def.pkg, app: def.app, rules: `rules/${rules}`, scenarios: MAIN_SCENARIOS.filter((n) => names.has(n)).join(',') };
}

function parseArgs(argv) {
  const args = { agents: Object.keys(LATEST), scenario: undefined, size: '80x24', version: undefined, write: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) fail(`${a} needs a value`);
      return v;
    };
    if (a === '--agent') args.agents = value().split(',');
    else if (a === '--scenario') args.scenario = value();
    else if (a === '--size') args.size = value();
    else if (a === '--version') args.version = value();
    else if (a === '--write') args.write = true;
    else fail(`unknown argument ${a}`);
  }
  for (const name of args.agents) if (!LATEST[name]) fail(`unknown agent ${name} (one of ${Object.keys(LATEST).join(', ')})`);
  if (args.version !== undefined && args.agents.length !== 1) fail('--version needs exactly one --agent');
  if (!/^\d+x\d+(?:,\d+x\d+)*$/.test(args.size)) fail(`--size ${args.size}: want COLSxROWS[,COLSxROWS…]`);
  return args;
}

function fail(message) {
  process.stderr.write(`fixtures:latest: ${message}\n`);
  process.exit(2);
}

/** Runs `node FILE ARGS`, its output going to ours; resolves to its exit status. */
function runNode(file, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file, ...args], { stdio: 'inherit', cwd: repo });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** The registry's newest version of `pkg` (its `latest` tag). */
async function newestVersion(pkg) {
  const result = await runNpm(['view', pkg, 'version', '--fetch-retries=1'], 60_000);
  const version = result.stdout.trim().split('\n').at(-1)?.trim();
  if (result.error || !/^\d+\.\d+\.\d+/.test(version ?? '')) throw new Error(`npm view ${pkg} version failed:\n${result.output.slice(-800)}`);
  return version;
}

/** The rule file's `versions = [...]` list. */
function ruleVersions(file) {
  const m = /^versions\s*=\s*\[([^\]]*)\]/m.exec(fs.readFileSync(file, 'utf8'));
  return m ? [...m[1].matchAll(/"([^"]+)"/g)].map((x) => x[1]) : [];
}

/** Adds `version` to the rule file's `versions` (kept in version order), touching nothing else in the file. */
function addRuleVersion(file, version) {
  const text = fs.readFileSync(file, 'utf8');
  const list = [...new Set([...ruleVersions(file), version])].sort((a, b) =>
    a.localeCompare(b, 'en', { numeric: true }),
  );
  fs.writeFileSync(file, text.replace(/^versions\s*=\s*\[[^\]]*\]/m, `versions = [${list.map((v) => `"${v}"`).join(', ')}]`));
}

const args = parseArgs(process.argv.slice(2));
const check = path.join(repo, 'dist', 'bench', 'compare', 'check-fixtures.js');
if (!fs.existsSync(check)) fail(`${path.relative(repo, check)} is missing: run npm run build first`);
const scratch = args.write ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'osf7501-latest-'));
const summary = [];

for (const name of args.agents) {
  const def = LATEST[name];
  const version = args.version ?? (await newestVersion(def.pkg));
  console.log(`\n=== ${name}: ${def.pkg}@${version}`);
  const installed = name === 'claude-code' ? await ensureClaude(version) : await ensureAgent(name, version);
  if (!installed.ok) {
    summary.push(`${name} ${version}: not installed (${installed.reason})`);
    continue;
  }
  const out = args.write ? path.join(repo, 'fixtures', def.app) : path.join(scratch, def.app);
  const scenarios = args.scenario ?? def.scenarios;
  const recorder =
    name === 'claude-code'
      ? [path.join(here, 'record-claude.mjs'), '--claude', installed.dir]
      : [path.join(here, 'record-agent.mjs'), '--agent', name, '--bin', installed.dir];
  const recorded = await runNode(recorder[0], [...recorder.slice(1), '--scenario', scenarios, '--size', args.size, '--out', out]);
  const checked = await runNode(check, ['--agent', def.app, '--version', installed.version, out]);
  const rulesFile = path.join(repo, def.rules);
  const listed = ruleVersions(rulesFile).includes(installed.version);
  const passed = recorded === 0 && checked === 0;
  if (passed && args.write && !listed) addRuleVersion(rulesFile, installed.version);
  summary.push(
    `${name} ${installed.version}: ${recorded === 0 ? 'recorded' : 'RECORDING PROBLEMS'}, ` +
      `${checked === 0 ? 'every moment right' : checked === 1 ? 'MOMENTS WRONG (above)' : 'not checked'}; ` +
      `${def.rules} versions ${listed ? 'list it' : passed && args.write ? 'now list it' : 'do not list it'}` +
      (args.write ? '' : ` (recordings in ${out})`),
  );
  if (!passed) process.exitCode = 1;
}

console.log(`\n${summary.join('\n')}`);
