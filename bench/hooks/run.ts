// Benchmark: the cost of one hook call as Claude Code pays it (it spawns `/bin/sh -c <command>`, writes the
// payload to its stdin and waits for it to exit — before every tool, for PreToolUse), for the shipped sh
// FIFO hook of each event, next to `sh -c true` (the floor of any hook), node's start-up and the node
// `osf7501 hook`, and a few rejected alternatives. The same sh hook as the other agents run it (Gemini CLI, Qwen
// Code and Copilot CLI start `bash -c <command>`): per event of theirs, each on its own session channel. Prints median and p99 wall time per call, the ratio to
// `sh -c true`, and CPU time. The machine may be shared and noisy: the rows run round-robin so load
// hits them alike; compare rows, and read the CPU column when the load is high.
//
//   npm run -s build && node dist/bench/hooks/run.js [--n 100] [--instructions]
//
// --instructions adds instruction counts under valgrind (callgrind, children traced): load-independent
// (slow: node -e 0 takes ~20 s).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HookServer, type ReceivedSignal } from '../../src/hook-channel/channel.js';
import { HOOK_EVENTS, type HookEventName } from '../../src/hooks/events.js';
import { mapHookEvent, parsePayload } from '../../src/hooks/map-event.js';
import { fifoHookCommand, fifoHookLine } from '../../src/hooks/settings.js';
import { COPILOT_SPEC } from '../../src/hooks/agents/copilot.js';
import { GEMINI_SPEC } from '../../src/hooks/agents/gemini.js';
import { QWEN_SPEC } from '../../src/hooks/agents/qwen.js';
import type { AgentHookSpec } from '../../src/hooks/agents/spec.js';
import { decodeHookLine, encodeHookLine } from '../../src/hooks/wire.js';
import { drained, FifoSink, inlinePayload, timeBounded, withPayload } from './alternatives.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'osf7501');
const INSTRUCTIONS = process.argv.includes('--instructions');
const N = Number(process.argv[process.argv.indexOf('--n') + 1] ?? '') || 100;
const WARMUP = 3;

const COMMON = {
  session_id: '0f8e5c3a-9d1b-4c7e-8a2f-6b4d3e2a1c0f',
  transcript_path: '/home/user/.claude/projects/-home-user-project/0f8e5c3a-9d1b-4c7e-8a2f-6b4d3e2a1c0f.jsonl',
  cwd: '/home/user/project',
  permission_mode: 'default',
};
const BASH = { tool_name: 'Bash', tool_input: { command: 'npm test -- --reporter=dot', description: 'Run the test suite' } };
/** Payloads shaped like Claude Code 2.1's (a Bash call: ~0.5 KB). */
const PAYLOADS: Record<HookEventName, string> = {
  UserPromptSubmit: JSON.stringify({ ...COMMON, hook_event_name: 'UserPromptSubmit', prompt: 'run the tests and fix what fails' }),
  PreToolUse: JSON.stringify({ ...COMMON, hook_event_name: 'PreToolUse', ...BASH, tool_use_id: 'toolu_01ABCDEFGHIJKLMNOPQRSTUV' }),
  PermissionRequest: JSON.stringify({ ...COMMON, hook_event_name: 'PermissionRequest', ...BASH }),
  PostToolUse: JSON.stringify({ ...COMMON, hook_event_name: 'PostToolUse', ...BASH, tool_response: { stdout: 'ok', stderr: '', interrupted: false } }),
  Notification: JSON.stringify({ ...COMMON, hook_event_name: 'Notification', message: 'Claude needs your permission to use Bash', notification_type: 'permission_prompt' }),
  SubagentStart: JSON.stringify({ ...COMMON, hook_event_name: 'SubagentStart', agent_id: 'a31bf86884dfd3ebc', agent_type: 'general-purpose' }),
  SubagentStop: JSON.stringify({ ...COMMON, hook_event_name: 'SubagentStop', stop_hook_active: false, agent_id: 'a31bf86884dfd3ebc', agent_type: 'general-purpose', agent_transcript_path: '/tmp/t.jsonl' }),
  TaskCreated: JSON.stringify({ ...COMMON, hook_event_name: 'TaskCreated', task_id: '1', task_subject: 'Run the tests' }),
  TaskCompleted: JSON.stringify({ ...COMMON, hook_event_name: 'TaskCompleted', task_id: '1', task_subject: 'Run the tests' }),
  Stop: JSON.stringify({ ...COMMON, hook_event_name: 'Stop', stop_hook_active: false }),
  StopFailure: JSON.stringify({ ...COMMON, hook_event_name: 'StopFailure', error: 'rate_limit', error_details: 'API Error: Request rejected (429)' }),
};

interface Variant {
  name: string;
  argv: string[];
  payload: string;
  /** What a call delivers: a signal to the server, a line to the counting sink, or nothing. */
  sends: 'signal' | 'sink' | 'none';
  group: 'floor' | 'shipped' | 'agents' | 'node' | 'alternative';
  /** The environment of the call (an agent's own channel), when not the Claude Code one. */
  env?: NodeJS.ProcessEnv;
}

/** Payloads shaped like each agent's (as they sent them to a logging hook against the mocks), per event. */
const AGENT_PAYLOADS: Record<string, string> = {
  BeforeAgent: JSON.stringify({ ...COMMON, hook_event_name: 'BeforeAgent', prompt: 'run the tests and fix what fails' }),
  BeforeTool: JSON.stringify({ ...COMMON, hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'npm test' } }),
  AfterTool: JSON.stringify({ ...COMMON, hook_event_name: 'AfterTool', tool_name: 'run_shell_command', tool_input: { command: 'npm test' }, tool_response: { llmContent: 'ok' } }),
  Notification: JSON.stringify({ ...COMMON, hook_event_name: 'Notification', notification_type: 'ToolPermission', message: 'Tool Confirm Shell Command requires execution', details: { type: 'exec', title: 'Confirm Shell Command', command: 'npm test', rootCommand: 'npm' } }),
  AfterAgent: JSON.stringify({ ...COMMON, hook_event_name: 'AfterAgent', prompt_response: 'All tests pass.' }),
  userPromptSubmitted: JSON.stringify({ timestamp: 1, cwd: '/home/user/project', prompt: 'run the tests' }),
  preToolUse: JSON.stringify({ timestamp: 1, cwd: '/home/user/project', toolName: 'bash', toolArgs: { command: 'npm test' } }),
  permissionRequest: JSON.stringify({ hookName: 'permissionRequest', timestamp: 1, cwd: '/home/user/project', toolName: 'bash', toolInput: { command: 'npm test' } }),
  postToolUse: JSON.stringify({ timestamp: 1, cwd: '/home/user/project', toolName: 'bash', toolArgs: { command: 'npm test' }, toolResult: { resultType: 'success' } }),
  errorOccurred: JSON.stringify({ timestamp: 1, cwd: '/home/user/project', error: { message: 'rate limited' } }),
  agentStop: JSON.stringify({ timestamp: 1, cwd: '/home/user/project', stopReason: 'end_turn' }),
};

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN;
}

/** Wall time of one run, spawn to exit, the payload on stdin (as Claude Code waits for a hook). */
function timeOnce(v: Variant, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(v.argv[0]!, v.argv.slice(1), { env, stdio: ['pipe', 'ignore', 'ignore'] });
    child.stdin.on('error', () => undefined); // a hook that does not read may close stdin first
    child.stdin.end(v.payload);
    child.on('error', reject);
    child.on('exit', () => resolve(performance.now() - started));
  });
}

/** CPU time (user + sys) per call, from bash's `times` over `n` calls: steadier than wall time under load. */
function cpuPerCall(v: Variant, env: NodeJS.ProcessEnv, dir: string, n: number): number {
  const payloadFile = join(dir, 'cpu-payload.json');
  writeFileSync(payloadFile, v.payload);
  const command = v.argv.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const script = `for i in $(seq ${n}); do ${command} <'${payloadFile}' >/dev/null 2>&1; done; times`;
  const out = spawnSync('bash', ['-c', script], { env, encoding: 'utf8' }).stdout.trim().split('\n');
  const children = (out[1] ?? '').match(/(\d+)m([\d.]+)s/g) ?? [];
  const seconds = children.reduce((sum, t) => {
    const m = /(\d+)m([\d.]+)s/.exec(t);
    return sum + (m ? Number(m[1]) * 60 + Number(m[2]) : 0);
  }, 0);
  return (seconds * 1000) / n;
}

/** µs per call of a function, over enough calls to take ~0.2 s. */
function micro(fn: () => void): number {
  let n = 100;
  for (;;) {
    const t = performance.now();
    for (let i = 0; i < n; i++) fn();
    const ms = performance.now() - t;
    if (ms > 200) return (ms * 1000) / n;
    n *= 4;
  }
}

const col = (text: string, width: number): string => text.padStart(width);
const ms = (x: number): string => x.toFixed(2);

async function main(): Promise<void> {
  const server = await HookServer.start();
  const received: ReceivedSignal[] = [];
  let refused = 0;
  server.onSignal((r) => received.push(r));
  server.onRefused(() => refused++);
  const dir = mkdtempSync(join(tmpdir(), 'osf-hook-bench-'));
  const sink = new FifoSink(dir);
  const env = { ...process.env, ...server.childEnv(), SINK: sink.path };

  const sh = (name: string, command: string, payload: string, sends: Variant['sends'], group: Variant['group']): Variant => ({
    name,
    argv: ['/bin/sh', '-c', command],
    payload,
    sends,
    group,
  });
  // Each other agent on a channel of its own, its hooks run by bash as the agent runs them.
  const agentServers: HookServer[] = [];
  const agentVariants: Variant[] = [];
  const agents: Array<[string, AgentHookSpec]> = [['gemini', GEMINI_SPEC], ['qwen', QWEN_SPEC], ['copilot', COPILOT_SPEC]];
  for (const [name, spec] of agents) {
    const agentServer = await HookServer.start({}, spec);
    agentServers.push(agentServer);
    agentServer.onSignal((r) => received.push(r));
    agentServer.onRefused(() => refused++);
    const agentEnv = { ...process.env, ...agentServer.childEnv() };
    for (const event of spec.events) {
      const payload = AGENT_PAYLOADS[event] ?? JSON.stringify({ ...COMMON, ...BASH, hook_event_name: event });
      agentVariants.push({ name: `${name} ${event} (bash -c)`, argv: ['bash', '-c', fifoHookLine(event, spec.needsPayload(event))], payload, sends: 'signal', group: 'agents', env: agentEnv });
    }
  }
  const variants: Variant[] = [
    sh('sh -c true', 'true', PAYLOADS.PreToolUse, 'none', 'floor'),
    { name: 'bash -c true', argv: ['bash', '-c', 'true'], payload: PAYLOADS.PreToolUse, sends: 'none', group: 'floor' },
    ...HOOK_EVENTS.map((event) => sh(`sh hook ${event}`, fifoHookCommand(event), PAYLOADS[event], 'signal', 'shipped')),
    ...agentVariants,
    { name: 'node -e 0', argv: [process.execPath, '-e', '0'], payload: PAYLOADS.PreToolUse, sends: 'none', group: 'node' },
    { name: 'osf7501 hook PreToolUse (node)', argv: [process.execPath, BIN, 'hook', 'PreToolUse'], payload: PAYLOADS.PreToolUse, sends: 'signal', group: 'node' },
    sh('alt: PreToolUse + payload (tool name)', withPayload('PreToolUse'), PAYLOADS.PreToolUse, 'signal', 'alternative'),
    sh('alt: Stop, stdin drained by cat', drained('Stop'), PAYLOADS.Stop, 'signal', 'alternative'),
    sh('alt: PermissionRequest, timeout 1 head', timeBounded('PermissionRequest'), PAYLOADS.PermissionRequest, 'signal', 'alternative'),
    sh('alt: PermissionRequest, inline $(head|tr)', inlinePayload('PermissionRequest'), PAYLOADS.PermissionRequest, 'sink', 'alternative'),
  ];

  // Round-robin: every round runs each variant once, so load changes hit all rows alike.
  const walls = new Map<string, number[]>(variants.map((v) => [v.name, []]));
  for (let round = 0; round < WARMUP + N; round++) {
    for (const v of variants) {
      const wall = await timeOnce(v, v.env ?? env);
      if (round >= WARMUP) walls.get(v.name)!.push(wall);
    }
  }
  await new Promise((r) => setTimeout(r, 300));
  const signalCalls = (WARMUP + N) * variants.filter((v) => v.sends === 'signal').length;
  const sinkCalls = (WARMUP + N) * variants.filter((v) => v.sends === 'sink').length;
  const [signalsGot, sinkGot, refusedGot] = [received.length, sink.lines, refused];
  const leftover = readdirSync(server.directory).filter((name) => name !== 'hook.fifo').length;

  const cpuN = Math.max(20, Math.floor(N / 2));
  const floor = quantile(walls.get('sh -c true')!, 0.5);
  console.log(`hook call cost: wall ms from spawn to exit, payload on stdin, ${N} calls per row (round-robin, ${WARMUP} warm-up rounds); CPU = user+sys ms per call over ${cpuN} calls`);
  console.log(`node ${process.version}, ${process.platform}/${process.arch}, /bin/sh -> ${shellName()}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log('');
  console.log(`${'variant'.padEnd(42)} ${col('median', 7)} ${col('p99', 7)} ${col('×true', 6)} ${col('CPU', 6)}`);
  let group: Variant['group'] | undefined;
  for (const v of variants) {
    if (group !== undefined && v.group !== group) console.log('');
    group = v.group;
    const xs = walls.get(v.name)!;
    const med = quantile(xs, 0.5);
    const cpu = cpuPerCall(v, v.env ?? env, dir, cpuN);
    console.log(`${v.name.padEnd(42)} ${col(ms(med), 7)} ${col(ms(quantile(xs, 0.99)), 7)} ${col((med / floor).toFixed(2), 6)} ${col(ms(cpu), 6)}`);
  }
  const shipped = variants.filter((v) => v.group === 'shipped').map((v) => quantile(walls.get(v.name)!, 0.5));
  const agentsMed = variants.filter((v) => v.group === 'agents').map((v) => quantile(walls.get(v.name)!, 0.5));
  const bashFloor = quantile(walls.get('bash -c true')!, 0.5);
  const node = quantile(walls.get('node -e 0')!, 0.5);
  const nodeHook = quantile(walls.get('osf7501 hook PreToolUse (node)')!, 0.5);
  console.log('');
  console.log(
    `shipped sh hooks: median ${ms(Math.min(...shipped))}–${ms(Math.max(...shipped))} ms a call, ` +
      `${(node / Math.max(...shipped)).toFixed(1)}–${(node / Math.min(...shipped)).toFixed(1)}× faster than node -e 0, ` +
      `${(nodeHook / Math.max(...shipped)).toFixed(1)}–${(nodeHook / Math.min(...shipped)).toFixed(1)}× faster than osf7501 hook (node)`,
  );
  console.log(
    `other agents' hooks (bash -c): median ${ms(Math.min(...agentsMed))}–${ms(Math.max(...agentsMed))} ms a call, ` +
      `${(Math.min(...agentsMed) / bashFloor).toFixed(2)}–${(Math.max(...agentsMed) / bashFloor).toFixed(2)}× bash -c true, ${(node / Math.max(...agentsMed)).toFixed(1)}× or more faster than node -e 0`,
  );
  console.log(`delivered in the timed rounds: ${signalsGot} of ${signalCalls} signals (${refusedGot} refused), sink ${sinkGot} of ${sinkCalls} lines; payload files left: ${leftover}`);
  const permission = received.find((r) => r.signal.event === 'PermissionRequest')?.signal;
  console.log(`e.g. PermissionRequest → ${JSON.stringify(permission)}`);

  // The shim's own side, in-process: one line decoded and mapped, with and without a payload file.
  const line = encodeHookLine(server.token, 'PreToolUse').trimEnd();
  const decodeUs = micro(() => {
    const decoded = decodeHookLine(line, server.token);
    if (decoded.ok) mapHookEvent(decoded.event);
  });
  const mapUs = micro(() => mapHookEvent('PermissionRequest', parsePayload(PAYLOADS.PermissionRequest)));
  console.log(`shim side, in-process: decode+map a line ${decodeUs.toFixed(2)} µs; parse+map a ${PAYLOADS.PermissionRequest.length}-byte payload ${mapUs.toFixed(2)} µs (+ reading and deleting its file)`);

  if (INSTRUCTIONS) instructionCounts(env, dir);

  sink.dispose();
  server.dispose();
  for (const s of agentServers) s.dispose();
  rmSync(dir, { recursive: true, force: true });
}

function shellName(): string {
  const r = spawnSync('readlink', ['-f', '/bin/sh'], { encoding: 'utf8' });
  return (r.stdout ?? '').trim() || '?';
}

/**
 * Instructions one run executes under callgrind, its children included (load-independent), or NaN without
 * valgrind. Each process logs to its own file (a child's stderr may be /dev/null, as the hook's head's is).
 */
function instructions(argv: string[], env: NodeJS.ProcessEnv, payloadFile: string, dir: string): number {
  const logs = mkdtempSync(join(dir, 'valgrind-'));
  try {
    spawnSync(
      'sh',
      ['-c', `exec valgrind --tool=callgrind --trace-children=yes --callgrind-out-file=/dev/null --log-file='${logs}/%p.log' --smc-check=all-non-file "$@" <"$0"`, payloadFile, ...argv],
      { env, encoding: 'utf8' },
    );
    const counts = readdirSync(logs).flatMap((name) => [...readFileSync(join(logs, name), 'utf8').matchAll(/Collected\s*:\s*(\d+)/g)].map((m) => Number(m[1])));
    return counts.length === 0 ? NaN : counts.reduce((a, b) => a + b, 0);
  } finally {
    rmSync(logs, { recursive: true, force: true });
  }
}

function instructionCounts(env: NodeJS.ProcessEnv, dir: string): void {
  const payloadFile = join(dir, 'valgrind-payload.json');
  writeFileSync(payloadFile, PAYLOADS.PermissionRequest);
  const rows: Array<[string, string[]]> = [
    ['sh -c true', ['/bin/sh', '-c', 'true']],
    ['sh hook Stop (builtins only)', ['/bin/sh', '-c', fifoHookCommand('Stop')]],
    ['sh hook PermissionRequest (+ head)', ['/bin/sh', '-c', fifoHookCommand('PermissionRequest')]],
    ['node -e 0', [process.execPath, '-e', '0']],
  ];
  console.log('\ninstructions per call under valgrind (callgrind, every process of the call counted; load-independent)');
  let base = NaN;
  for (const [name, argv] of rows) {
    const count = instructions(argv, env, payloadFile, dir);
    if (Number.isNaN(base)) base = count;
    console.log(`${name.padEnd(42)} ${(count / 1e6).toFixed(2).padStart(9)} M   ×${(count / base).toFixed(2)}`);
  }
}

void main();
