#!/usr/bin/env node
// Records real Codex CLI / Gemini CLI / OpenCode sessions, driven by a script, against the mock model APIs
// (test/tools/mock-agents.mjs). The same files as record-claude.mjs, for other agents:
//
//   node test/tools/record-agent.mjs --agent codex|gemini|opencode|copilot|qwen --bin <npm prefix or file>
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
// writes is kept as a native label. The driving loop is drive-session.mjs, shared with record-claude.mjs.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AGENTS, agentVersion, makeAgentSandbox, startAgentMock } from './agents.mjs';
import { SCENARIOS } from './agent-scenarios.mjs';
import { pickScenarios, recordAll, recorderOptions, recordingStem, sleep, startSession } from './drive-session.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');

// ---------------------------------------------------------------------------------------------- options
const { opt, sizes, scenarioNames, answer7501, verbose } = recorderOptions(process.argv.slice(2), { size: '80x24,120x32' });
const agentName = opt('agent');
const binArg = opt('bin');
const agent = AGENTS[agentName];
if (!agent || !binArg || !SCENARIOS[agentName]) {
  console.error('usage: record-agent.mjs --agent codex|gemini|opencode|copilot|qwen --bin <npm prefix or file> [--scenario a,b|all] [--size 80x24,120x32]');
  process.exit(2);
}
const outRoot = path.resolve(opt('out', path.join(repo, 'fixtures', agent.app)));

const binPath = path.resolve(binArg);
const bin = fs.statSync(binPath).isFile() ? binPath : agent.findBin(binPath);
if (!bin) {
  console.error(`no ${agentName} binary under ${binPath}`);
  process.exit(2);
}
const version = agent.readVersion?.(bin) ?? agentVersion(bin, { HOME: fs.mkdtempSync(path.join(os.tmpdir(), 'osf7501-ver-')), ...(agent.versionEnv?.() ?? {}) });

// ------------------------------------------------------------------------------------------ one run
async function record(scenario, cols, rows, mockUrl) {
  const opts = scenario.options ?? {};
  const sandbox = makeAgentSandbox(agentName, { mockUrl, options: opts, files: opts.files, bin });
  const stem = recordingStem({ outRoot, version, scenario: scenario.name, cols, rows, answer7501 });
  const session = startSession({
    file: bin,
    args: [...sandbox.args, ...(opts.args ?? [])],
    cwd: sandbox.project,
    env: sandbox.env,
    cols,
    rows,
    title: `${agent.app} ${version} ${scenario.name}`,
    scrollback: 1000,
    answer7501,
    verbose,
    isIdle: (s) => agent.idle.test(s) && !agent.working.test(s),
    quiet: agent.quiet,
  });

  if (opts.start !== false) {
    await session.start(agent.startMs ?? 45000, agent.settleMs ?? 600, agent.nativeMs ?? 0);
    if (agent.quiet) await session.waitQuiet(agent.quiet);
  }
  await session.run(scenario.drive);

  // Leave the way a session ends: the agent's exit command (or the scenario's own way out).
  if (!session.exited) {
    await sleep(300);
    if (opts.leave || agent.exitKeys) {
      session.label('exit', undefined, opts.leave ? 'leaving' : 'exit keys');
      await session.run(opts.leave ?? agent.exitKeys);
    } else {
      await session.type(agent.exitText, 40);
      await sleep(500);
      session.label('exit', undefined, `${agent.exitText} sent`);
      session.send('\r');
    }
    await session.waitExit(agent.exitMs ?? 10000, 'did not exit');
  }
  const result = await session.finish(stem, { settleMs: 150, showExit: true });
  sandbox.remove();
  return result;
}

// ------------------------------------------------------------------------------------------ main
const wanted = pickScenarios(SCENARIOS[agentName](), scenarioNames);
const given = opt('mock-url');
const mock = given ? { url: given, stop: () => {} } : await startAgentMock({ logFile: path.join(os.tmpdir(), `osf7501-agent-mock-${process.pid}.log`) });
if (verbose) console.error(`mock ${mock.url} log ${mock.logFile ?? '-'}; ${agentName} ${version} at ${bin}`);
await recordAll({ scenarios: wanted, sizes, mock, record });
