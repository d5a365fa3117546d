#!/usr/bin/env node
// Records real Claude Code sessions, driven by a script, against the mock Anthropic API.
//
//   node test/tools/record-claude.mjs --claude /tmp/cc-2.1.332 [--scenario NAME[,NAME…]|all]
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
// The driving loop is drive-session.mjs, shared with record-agent.mjs.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SCENARIOS, IDLE } from './scenarios.mjs';
import { claudeEnv, findClaude, startMock, writeClaudeHome, writeProject } from './claude-env.mjs';
import { pickScenarios, recordAll, recorderOptions, recordingStem, sleep, startSession } from './drive-session.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');

// ---------------------------------------------------------------------------------------------- options
const { opt, sizes, scenarioNames, answer7501, verbose } = recorderOptions(process.argv.slice(2), { size: '80x24,120x40' });
const claudeArg = opt('claude');
if (!claudeArg) {
  console.error('usage: record-claude.mjs --claude <npm prefix or binary> [--scenario a,b|all] [--size 80x24,120x40]');
  process.exit(2);
}
const outRoot = path.resolve(opt('out', path.join(repo, 'fixtures', 'claude-code')));

const claudeBin = findClaude(path.resolve(claudeArg));
if (!claudeBin) {
  console.error(`no Claude Code binary under ${path.resolve(claudeArg)}`);
  process.exit(2);
}
const claudeCmd = claudeBin.endsWith('.js') ? [process.execPath, claudeBin] : [claudeBin];
const version = execFileSync(claudeCmd[0], [...claudeCmd.slice(1), '--version'], { encoding: 'utf8' })
  .trim()
  .split(/\s+/)[0];

/** Claude Code reports its own state (once its query is answered) from 2.1.295 on. */
const REPORTS_NATIVELY = (() => {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  return major > 2 || (major === 2 && (minor > 1 || (minor === 1 && patch >= 295)));
})();

// ------------------------------------------------------------------------------------------ one run
async function record(scenario, cols, rows, mockUrl) {
  const opts = scenario.options ?? {};
  const trusted = opts.trusted !== false;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'osf7501-rec-'));
  const home = path.join(work, 'home');
  const project = path.join(work, 'project');
  writeProject(project, opts.files);
  writeClaudeHome(home, { version, project, trusted, upsell: opts.upsell === true });
  const stem = recordingStem({ outRoot, version, scenario: scenario.name, cols, rows, answer7501 });

  const env = claudeEnv({ mockUrl, home });
  Object.assign(env, opts.env ?? {});
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
  const session = startSession({
    file: claudeCmd[0],
    args,
    cwd: project,
    env,
    cols,
    rows,
    title: `claude-code ${version} ${scenario.name}`,
    scrollback: 500,
    answer7501,
    verbose,
    isIdle: (s) => IDLE.test(s),
  });

  // Start: wait for the idle prompt (or, for the trust dialog scenario, let the drive do the waiting).
  if (trusted && !opts.upsell) await session.start(30000, 400, REPORTS_NATIVELY ? 15000 : 0);
  await session.run(scenario.drive);

  // Always leave with /exit so every recording ends the way a session ends.
  if (!session.exited) {
    await sleep(300);
    if (!scenario.drive.some((s) => s.exit)) {
      await session.type('/exit', 25);
      await sleep(500);
      session.send('\r');
    }
    session.label('exit', undefined, '/exit sent');
    await session.waitExit(8000, 'did not exit after /exit');
  }
  const result = await session.finish(stem, { settleMs: 100 });
  fs.rmSync(work, { recursive: true, force: true });
  return result;
}

// ------------------------------------------------------------------------------------------ main
// Helper scenarios only answer a subagent's prompt (the mock reads them); they are never recorded themselves.
const wanted = pickScenarios(SCENARIOS.filter((s) => !s.helper), scenarioNames);
const given = opt('mock-url');
const mock = given ? { url: given, stop: () => {} } : await startMock({ logFile: path.join(os.tmpdir(), `osf7501-mock-${process.pid}.log`) });
if (verbose) console.error(`mock ${mock.url} log ${mock.logFile ?? '-'}`);
await recordAll({ scenarios: wanted, sizes, mock, record });
