// The other agents' hooks: their payloads (as Gemini CLI 0.61.0, Qwen Code 0.24.4 and Copilot CLI 1.0.102 sent
// them to a logging hook against the mocks) mapped to signals; each agent's per-session layer, merged with the
// user's; the sh hook in it run as the agent runs it, against a real HookServer.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { HookServer } from '../../src/hook-channel/channel.js';
import { checksRootOwner, GEMINI_ROOT_OWNED_SINCE, injectAgentHooks, rootOwnedChain, type AgentInjection } from '../../src/hook-channel/inject-agent.js';
import { npmPackageVersionAt } from '../../src/hook-channel/claude-version.js';
import { COPILOT_SPEC } from '../../src/hooks/agents/copilot.js';
import { GEMINI_SPEC } from '../../src/hooks/agents/gemini.js';
import { agentHookSpecFor } from '../../src/hooks/agents/index.js';
import { QWEN_SPEC } from '../../src/hooks/agents/qwen.js';
import { OPENCODE_SPEC } from '../../src/hooks/agents/opencode.js';
import { pathToFileURL } from 'node:url';
import type { HookSignal } from '../../src/hooks/events.js';
import { parsePayload } from '../../src/hooks/map-event.js';
import { TaskLedger } from '../../src/hooks/task-ledger.js';

const scratch = mkdtempSync(join(tmpdir(), 'osf-agent-hooks-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const servers: HookServer[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.dispose();
});

// Payloads as the agents sent them (session ids and paths shortened).
const GEMINI_PERMISSION = {
  hook_event_name: 'Notification',
  notification_type: 'ToolPermission',
  message: 'Tool Confirm Shell Command requires execution',
  details: { type: 'exec', title: 'Confirm Shell Command', command: 'touch build.log', rootCommand: 'touch' },
};
const QWEN_PERMISSION = { hook_event_name: 'PermissionRequest', permission_mode: 'default', tool_name: 'run_shell_command', tool_input: { command: 'touch build.log', description: 'Create an empty build log' } };
const COPILOT_PERMISSION = { hookName: 'permissionRequest', toolName: 'bash', toolInput: { command: 'touch build.log' }, permissionSuggestions: [] };

// Error and todo payloads, their field names read in the binaries (Copilot CLI 1.0.102's ErrorOccurredHookInput,
// Gemini CLI 0.61.0's write_todos, Qwen Code 0.24.4's todo_write, OpenCode 1.18.33's todo.updated); the todo lists
// as the mock's three-step plan writes them (test/e2e/agent-hooks-e2e.test.ts runs them live).
const COPILOT_ERROR = { error: '429 You have hit your usage limit · resets 3:45pm', errorContext: 'model_call', recoverable: false };
const PLAN = [
  ['Read the parser', 'completed'],
  ['Split the tokenizer out', 'in_progress'],
  ['Run the tests', 'pending'],
  ['Benchmark it', 'cancelled'],
] as const;
const GEMINI_TODOS = { hook_event_name: 'AfterTool', tool_name: 'write_todos', tool_input: { todos: PLAN.map(([description, status]) => ({ description, status })) }, tool_response: {} };
const QWEN_TODOS = { hook_event_name: 'PostToolUse', tool_name: 'todo_write', tool_input: { todos: PLAN.map(([content, status], i) => ({ id: String(i + 1), content, status })) } };
const OPENCODE_TODOS = { todos: PLAN.map(([content, status]) => ({ content, status, priority: 'medium' })) };

describe('mapping each agent’s events', () => {
  test.each<[string, (e: string, p: ReturnType<typeof parsePayload>) => HookSignal | undefined, string, unknown, Partial<HookSignal> | undefined]>([
    ['gemini', GEMINI_SPEC.map, 'BeforeAgent', { prompt: 'make a build log' }, { state: 'working' }],
    ['gemini', GEMINI_SPEC.map, 'BeforeTool', { tool_name: 'run_shell_command' }, { state: 'working', tool: 'run_shell_command' }],
    ['gemini', GEMINI_SPEC.map, 'Notification', GEMINI_PERMISSION, { state: 'blocked', kind: 'permission', msg: 'approve shell: touch build.log' }],
    ['gemini', GEMINI_SPEC.map, 'Notification', { notification_type: 'Other', message: 'x' }, undefined],
    ['gemini', GEMINI_SPEC.map, 'AfterAgent', { prompt_response: 'Created build.log' }, { state: 'done' }],
    ['qwen', QWEN_SPEC.map, 'UserPromptSubmit', { prompt: '' }, { state: 'working' }],
    ['qwen', QWEN_SPEC.map, 'PermissionRequest', QWEN_PERMISSION, { state: 'blocked', kind: 'permission', msg: 'approve shell: touch build.log', tool: 'run_shell_command' }],
    ['qwen', QWEN_SPEC.map, 'PermissionRequest', { tool_name: 'write_file', tool_input: { file_path: '/p/notes.txt' } }, { msg: 'approve write: /p/notes.txt' }],
    ['qwen', QWEN_SPEC.map, 'SubagentStart', { agent_id: 'a1', agent_type: 'Explore' }, { state: 'working', subagent: { id: 'a1', phase: 'start', title: 'Explore' } }],
    ['qwen', QWEN_SPEC.map, 'Stop', { stop_hook_active: false }, { state: 'done' }],
    ['copilot', COPILOT_SPEC.map, 'userPromptSubmitted', { prompt: 'make a build log' }, { state: 'working' }],
    ['copilot', COPILOT_SPEC.map, 'permissionRequest', COPILOT_PERMISSION, { state: 'blocked', kind: 'permission', msg: 'approve shell: touch build.log', tool: 'bash' }],
    ['copilot', COPILOT_SPEC.map, 'errorOccurred', { error: { message: 'rate limited' } }, { state: 'error', msg: 'rate limited' }],
    ['copilot', COPILOT_SPEC.map, 'errorOccurred', COPILOT_ERROR, { state: 'error', msg: COPILOT_ERROR.error, resets: '3:45pm' }],
    // As 1.0.102 sent it for the mock's 400 (the turn over, `✗ 400 …` on screen): recoverable, the API's body as text.
    ['copilot', COPILOT_SPEC.map, 'errorOccurred', { error: '{"message":"The model mock-model does not accept this request (mock 400).","type":"invalid_request_error","param":null,"code":null}', errorContext: 'model_call', recoverable: true }, { state: 'error', msg: 'The model mock-model does not accept this request (mock 400).' }],
    ['copilot', COPILOT_SPEC.map, 'errorOccurred', { error: 'ENOENT: no such file', errorContext: 'tool_execution', recoverable: false }, undefined],
    ['gemini', GEMINI_SPEC.map, 'AfterTool', GEMINI_TODOS, { state: 'working', tool: 'write_todos' }],
    ['qwen', QWEN_SPEC.map, 'PostToolUse', QWEN_TODOS, { state: 'working', tool: 'todo_write' }],
    ['qwen', QWEN_SPEC.map, 'StopFailure', { error: 'rate_limit', error_details: 'Usage limit reached · resets 3:45pm' }, { agent: 'qwen-code', state: 'error', msg: 'usage limit · resets 3:45pm', resets: '3:45pm' }],
    ['qwen', QWEN_SPEC.map, 'StopFailure', { error: 'loop_detected' }, { state: 'error', msg: 'loop detected' }],
    ['qwen', QWEN_SPEC.map, 'StopFailure', { error: 'authentication_failed', error_details: '401 Incorrect API key provided' }, { state: 'blocked', kind: 'auth', msg: '401 Incorrect API key provided' }],
    ['opencode', OPENCODE_SPEC.map, 'todo.updated', OPENCODE_TODOS, { state: 'working' }],
    ['opencode', OPENCODE_SPEC.map, 'session.retry', { attempt: 2, message: 'Rate limited' }, { state: 'working', msg: 'retrying · Rate limited' }],
    ['opencode', OPENCODE_SPEC.map, 'session.error', { name: 'APIError', message: 'You exceeded your current quota; resets at 9am (UTC).' }, { state: 'error', msg: 'You exceeded your current quota; resets at 9am (UTC).', resets: '9am (UTC)' }],
    ['opencode', OPENCODE_SPEC.map, 'session.error', {}, { state: 'error' }],
    ['copilot', COPILOT_SPEC.map, 'agentStop', { stopReason: 'end_turn' }, { state: 'done' }],
  ])('%s %s', (agent, map, event, payload, want) => {
    const signal = map(event, parsePayload(JSON.stringify(payload)));
    if (want === undefined) expect(signal).toBeUndefined();
    else expect(signal).toMatchObject({ event, ...want });
  });

  test.each<[string, NonNullable<typeof QWEN_SPEC.todos>, string, unknown]>([
    ['gemini', GEMINI_SPEC.todos!, 'AfterTool', GEMINI_TODOS],
    ['qwen', QWEN_SPEC.todos!, 'PostToolUse', QWEN_TODOS],
    ['opencode', OPENCODE_SPEC.todos!, 'todo.updated', OPENCODE_TODOS],
  ])('%s: %s of the todo tool is the whole list; done/total leaves the cancelled task out', (_agent, todos, event, payload) => {
    const items = todos(event, parsePayload(JSON.stringify(payload)));
    expect(items?.map((t) => `${t.status} ${t.subject}`)).toEqual(['completed Read the parser', 'in_progress Split the tokenizer out', 'pending Run the tests', 'cancelled Benchmark it']);
    expect(new TaskLedger().replace(items!)).toEqual({ done: 1, total: 3, current: 'Split the tokenizer out' });
  });

  test('another tool, another event, or no list: no todo list', () => {
    expect(QWEN_SPEC.todos!('PostToolUse', parsePayload(JSON.stringify({ tool_name: 'run_shell_command', tool_input: { command: 'ls' } })))).toBeUndefined();
    expect(QWEN_SPEC.todos!('PreToolUse', parsePayload(JSON.stringify(QWEN_TODOS)))).toBeUndefined();
    expect(GEMINI_SPEC.todos!('BeforeTool', parsePayload(JSON.stringify(GEMINI_TODOS)))).toBeUndefined();
    expect(OPENCODE_SPEC.todos!('todo.updated', parsePayload('{"todos":"none"}'))).toBeUndefined();
    expect(new TaskLedger().replace([])).toEqual({ done: 0, total: 0 });
  });

  test('which commands get which hooks: gemini, qwen, copilot, opencode, kilo; not codex, claude', () => {
    expect(['gemini', 'qwen', 'copilot', 'opencode', 'kilo', 'codex', 'claude', 'toString'].map((c) => agentHookSpecFor(c)?.app)).toEqual([
      'gemini-cli',
      'qwen-code',
      'copilot',
      'opencode',
      'kilo-code',
      undefined,
      undefined,
      undefined,
    ]);
  });
});

/** Runs one hook entry of a layer as the agent does: `sh -c command`, the entry's env over a bare one, the payload on stdin. */
function runHook(command: string, env: Record<string, string>, payload: unknown): number | null {
  return spawnSync('/bin/sh', ['-c', command], { env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...env }, input: JSON.stringify(payload), timeout: 10_000 }).status;
}

async function until(ok: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the per-session layer', () => {
  test("Qwen Code: the user's system defaults, their hooks first, then the shim's; its hook reaches the session", async () => {
    const user = join(scratch, 'qwen-user-defaults.json');
    writeFileSync(user, JSON.stringify({ general: { vimMode: true }, hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo mine' }] }] } }));
    const server = await HookServer.start({ parentDir: scratch }, QWEN_SPEC);
    servers.push(server);
    const got = injectAgentHooks(QWEN_SPEC, { dir: server.directory, hookEnv: server.childEnv(), env: { QWEN_CODE_SYSTEM_DEFAULTS_PATH: user }, cwd: scratch }) as AgentInjection;
    const layerPath = got.env['QWEN_CODE_SYSTEM_DEFAULTS_PATH']!;
    expect(layerPath.startsWith(server.directory)).toBe(true);
    expect(got.args).toEqual([]);
    const layer = JSON.parse(readFileSync(layerPath, 'utf8')) as { general: unknown; hooks: Record<string, Array<{ matcher?: string; hooks: Array<{ command: string; env: Record<string, string>; timeout: number }> }>> };
    expect(layer.general).toEqual({ vimMode: true });
    expect(layer.hooks['Stop']?.[0]?.hooks[0]?.command).toBe('echo mine');
    expect(Object.keys(layer.hooks)).toEqual(['Stop', 'UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'PostToolUse', 'SubagentStart', 'SubagentStop', 'StopFailure']);
    // PostToolUse ships its payload only for the todo tool (the whole list); every other tool's call stays bare.
    expect(layer.hooks['PostToolUse']?.map((g) => [g.matcher, g.hooks[0]!.command.includes('head -c')])).toEqual([
      ['todo_write', true],
      ['*', false],
    ]);
    const ours = layer.hooks['PermissionRequest']![0]!;
    expect(ours.matcher).toBe('*');
    expect(ours.hooks[0]!.timeout).toBe(5); // Qwen Code's timeout is in seconds
    const signals: HookSignal[] = [];
    server.onSignal((r) => signals.push(r.signal));
    expect(runHook(ours.hooks[0]!.command, ours.hooks[0]!.env, QWEN_PERMISSION)).toBe(0);
    await until(() => signals.length > 0, 'the PermissionRequest signal');
    expect(signals[0]).toMatchObject({ agent: 'qwen-code', state: 'blocked', msg: 'approve shell: touch build.log' });
    // The todo tool's group ships the list: the session's ledger adds its progress to the signal.
    const todo = layer.hooks['PostToolUse']![0]!.hooks[0]!;
    expect(runHook(todo.command, todo.env, QWEN_TODOS)).toBe(0);
    await until(() => signals.length > 1, 'the PostToolUse signal');
    expect(signals[1]).toMatchObject({ agent: 'qwen-code', state: 'working', tool: 'todo_write', tasks: { done: 1, total: 3, current: 'Split the tokenizer out' } });
  });

  test("a user's layer that is not plain JSON, or whose hooks cannot be merged, gets nothing added", () => {
    const dir = mkdtempSync(join(scratch, 'layer-'));
    const commented = join(scratch, 'commented.json');
    writeFileSync(commented, '{ // mine\n "hooks": {} }');
    expect(injectAgentHooks(QWEN_SPEC, { dir, hookEnv: {}, env: { QWEN_CODE_SYSTEM_DEFAULTS_PATH: commented }, cwd: scratch })).toEqual({ reason: `${commented} is not plain JSON` });
    const listHooks = join(scratch, 'list-hooks.json');
    writeFileSync(listHooks, '{"hooks": []}');
    expect(injectAgentHooks(QWEN_SPEC, { dir, hookEnv: {}, env: { QWEN_CODE_SYSTEM_DEFAULTS_PATH: listHooks }, cwd: scratch })).toHaveProperty('reason');
    expect(readdirSync(dir)).toEqual([]);
  });

  test('Gemini CLI: a folder root does not own all the way up takes no layer (Gemini would skip it with a warning on screen)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'osf-gemini-layer-')); // under /tmp: sticky and writable by all
    try {
      expect(rootOwnedChain(dir)).toBe(false);
      expect(injectAgentHooks(GEMINI_SPEC, { dir, hookEnv: {}, env: {}, cwd: scratch })).toHaveProperty('reason');
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(rootOwnedChain('/')).toBe(true);
  });

  test('Gemini CLI before 0.36 reads its system defaults anywhere: a layer for any user (the check came with 0.36.0)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'osf-gemini-old-')); // not root-owned all the way up
    try {
      expect(injectAgentHooks(GEMINI_SPEC, { dir, hookEnv: {}, env: {}, cwd: scratch, version: '0.36.0' })).toHaveProperty('reason');
      expect(injectAgentHooks(GEMINI_SPEC, { dir, hookEnv: {}, env: {}, cwd: scratch })).toHaveProperty('reason'); // unknown: taken to check
      const got = injectAgentHooks(GEMINI_SPEC, { dir, hookEnv: {}, env: {}, cwd: scratch, version: '0.35.3' }) as AgentInjection;
      expect(got.env['GEMINI_CLI_SYSTEM_DEFAULTS_PATH']).toBe(join(dir, 'gemini-cli-defaults.json'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect([checksRootOwner(GEMINI_ROOT_OWNED_SINCE, '0.26.0'), checksRootOwner(GEMINI_ROOT_OWNED_SINCE, '0.61.0'), checksRootOwner(undefined, '0.61.0')]).toEqual([false, true, false]);
  });

  test("the agent's version from its npm package, through node_modules/.bin's link", () => {
    const prefix = mkdtempSync(join(scratch, 'prefix-'));
    const pkg = join(prefix, 'node_modules', '@google', 'gemini-cli');
    mkdirSync(join(pkg, 'bundle'), { recursive: true });
    mkdirSync(join(prefix, 'node_modules', '.bin'));
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: '@google/gemini-cli', version: '0.35.3' }));
    writeFileSync(join(pkg, 'bundle', 'gemini.js'), '');
    symlinkSync('../@google/gemini-cli/bundle/gemini.js', join(prefix, 'node_modules', '.bin', 'gemini'));
    expect(npmPackageVersionAt(join(prefix, 'node_modules', '.bin', 'gemini'), '@google/gemini-cli')).toBe('0.35.3');
    expect(npmPackageVersionAt(join(prefix, 'node_modules', '.bin', 'gemini'), '@qwen-code/qwen-code')).toBeUndefined();
    expect(npmPackageVersionAt(join(prefix, 'missing'), '@google/gemini-cli')).toBeUndefined();
  });

  test("Copilot CLI: a plugin given by --plugin-dir; the empty data folder Copilot makes for it is removed after, the user's are not", () => {
    const dir = mkdtempSync(join(scratch, 'copilot-'));
    const home = join(scratch, 'copilot-home');
    const data = join(home, 'plugin-data', '_direct');
    mkdirSync(join(data, 'theirs'), { recursive: true });
    const got = injectAgentHooks(COPILOT_SPEC, { dir, hookEnv: { OSF7501_HOOK_FIFO: '/x' }, env: { COPILOT_HOME: home }, cwd: scratch }) as AgentInjection;
    expect(got.args).toEqual(['--plugin-dir', join(dir, 'copilot-plugin')]);
    const manifest = JSON.parse(readFileSync(join(dir, 'copilot-plugin', 'plugin.json'), 'utf8')) as { name: string; hooks: string };
    expect(manifest).toMatchObject({ name: 'osf7501', hooks: 'hooks.json' });
    const hooks = JSON.parse(readFileSync(join(dir, 'copilot-plugin', 'hooks.json'), 'utf8')) as { version: number; hooks: Record<string, Array<{ bash: string; env: object }>> };
    expect(hooks.version).toBe(1);
    expect(Object.keys(hooks.hooks)).toEqual(['userPromptSubmitted', 'preToolUse', 'permissionRequest', 'postToolUse', 'errorOccurred', 'agentStop']);
    expect(hooks.hooks['agentStop']?.[0]?.env).toEqual({ OSF7501_HOOK_FIFO: '/x' });
    // What Copilot does while the session runs: a data folder for the session's plugin, and one with files.
    mkdirSync(join(data, 'session-plugin'));
    mkdirSync(join(data, 'kept'));
    writeFileSync(join(data, 'kept', 'state'), 'x');
    got.cleanup?.();
    expect(readdirSync(data).sort()).toEqual(['kept', 'theirs']);
    expect(existsSync(join(data, 'theirs'))).toBe(true);
  });
});

describe("OpenCode's session plugin", () => {
  // Events as OpenCode 1.18.33 gave them to a logging plugin against the mock (ids shortened).
  const EVENTS = [
    { type: 'session.status', properties: { sessionID: 'ses_1', status: { type: 'busy' } } },
    { type: 'permission.asked', properties: { id: 'per_1', sessionID: 'ses_1', permission: 'bash', patterns: ['touch build.log'], metadata: { command: 'touch build.log' }, always: ['touch *'] } },
    { type: 'permission.replied', properties: { sessionID: 'ses_1', requestID: 'per_1', reply: 'once' } },
    { type: 'message.part.updated', properties: {} },
    { type: 'session.status', properties: { sessionID: 'ses_1', status: { type: 'idle' } } },
    { type: 'session.idle', properties: { sessionID: 'ses_1' } },
  ];

  test("added through OPENCODE_CONFIG_CONTENT (the user's kept), it reports each event on the session's FIFO", async () => {
    const server = await HookServer.start({ parentDir: scratch }, OPENCODE_SPEC);
    servers.push(server);
    const signals: HookSignal[] = [];
    server.onSignal((r) => signals.push(r.signal));
    const got = injectAgentHooks(OPENCODE_SPEC, { dir: server.directory, hookEnv: server.childEnv(), env: { OPENCODE_CONFIG_CONTENT: '{"model":"mock/m","plugin":["mine"]}' }, cwd: scratch }) as AgentInjection;
    const pluginPath = join(server.directory, 'osf7501-opencode.js');
    expect(JSON.parse(got.env['OPENCODE_CONFIG_CONTENT']!)).toEqual({ model: 'mock/m', plugin: ['mine', pathToFileURL(pluginPath).href] });
    // The plugin runs in OpenCode's process, whose environment has the channel (the shim's child env).
    Object.assign(process.env, server.childEnv());
    try {
      const mod = (await import(pathToFileURL(pluginPath).href)) as { Osf7501: () => Promise<{ event: (e: { event: unknown }) => Promise<void> }> };
      const hooks = await mod.Osf7501();
      for (const event of EVENTS) await hooks.event({ event });
      await hooks.event({ event: null }); // nothing it meets throws
    } finally {
      for (const k of Object.keys(server.childEnv())) delete process.env[k];
    }
    // A second turn whose permission is rejected (Esc) ends without a result: idle, not done.
    const rejected = [
      { type: 'session.status', properties: { sessionID: 'ses_1', status: { type: 'busy' } } },
      { type: 'permission.asked', properties: { id: 'per_2', sessionID: 'ses_1', permission: 'bash', patterns: ['npm test'], metadata: { command: 'npm test' } } },
      { type: 'permission.replied', properties: { sessionID: 'ses_1', requestID: 'per_2', reply: 'reject' } },
      { type: 'session.status', properties: { sessionID: 'ses_1', status: { type: 'idle' } } },
    ];
    Object.assign(process.env, server.childEnv());
    try {
      const mod = (await import(pathToFileURL(pluginPath).href)) as { Osf7501: () => Promise<{ event: (e: { event: unknown }) => Promise<void> }> };
      const hooks = await mod.Osf7501();
      for (const event of rejected) await hooks.event({ event });
    } finally {
      for (const k of Object.keys(server.childEnv())) delete process.env[k];
    }
    await until(() => signals.length >= 7, 'seven signals');
    expect(signals.map((s) => `${s.state}${s.msg ? ` ${s.msg}` : ''}`)).toEqual([
      'working',
      'blocked approve shell: touch build.log',
      'working',
      'done',
      'working',
      'blocked approve shell: npm test',
      'idle',
    ]);
    expect(readdirSync(server.directory).filter((n) => n.startsWith('payload.'))).toEqual([]);
  });

  test('its todo list is progress; a retry says so; an API error names itself', async () => {
    const server = await HookServer.start({ parentDir: scratch }, OPENCODE_SPEC);
    servers.push(server);
    const signals: HookSignal[] = [];
    server.onSignal((r) => signals.push(r.signal));
    injectAgentHooks(OPENCODE_SPEC, { dir: server.directory, hookEnv: server.childEnv(), env: {}, cwd: scratch });
    const events = [
      { type: 'session.status', properties: { sessionID: 'ses_1', status: { type: 'busy' } } },
      { type: 'todo.updated', properties: { sessionID: 'ses_1', todos: OPENCODE_TODOS.todos } },
      { type: 'session.status', properties: { sessionID: 'ses_1', status: { type: 'retry', attempt: 1, message: 'Too Many Requests', next: 1 } } },
      { type: 'session.error', properties: { sessionID: 'ses_1', error: { name: 'APIError', data: { message: 'Rate limit reached · resets 3:45pm', statusCode: 429, isRetryable: false } } } },
    ];
    Object.assign(process.env, server.childEnv());
    try {
      const mod = (await import(`${pathToFileURL(join(server.directory, 'osf7501-opencode.js')).href}?todo`)) as { Osf7501: () => Promise<{ event: (e: { event: unknown }) => Promise<void> }> };
      const hooks = await mod.Osf7501();
      for (const event of events) await hooks.event({ event });
    } finally {
      for (const k of Object.keys(server.childEnv())) delete process.env[k];
    }
    await until(() => signals.length >= 4, 'four signals');
    expect(signals.map((s) => ({ state: s.state, msg: s.msg, tasks: s.tasks, resets: s.resets }))).toEqual([
      { state: 'working', msg: undefined, tasks: undefined, resets: undefined },
      { state: 'working', msg: undefined, tasks: { done: 1, total: 3, current: 'Split the tokenizer out' }, resets: undefined },
      { state: 'working', msg: 'retrying · Too Many Requests', tasks: undefined, resets: undefined },
      { state: 'error', msg: 'Rate limit reached · resets 3:45pm', tasks: undefined, resets: '3:45pm' },
    ]);
  });

  test("a user's OPENCODE_CONFIG_CONTENT that is not a JSON object gets nothing added", () => {
    const dir = mkdtempSync(join(scratch, 'oc-'));
    expect(injectAgentHooks(OPENCODE_SPEC, { dir, hookEnv: {}, env: { OPENCODE_CONFIG_CONTENT: '{ // jsonc' }, cwd: scratch })).toHaveProperty('reason');
    expect(readdirSync(dir)).toEqual([]);
  });
});
