// The other agents' hooks: their payloads (as Gemini CLI 0.61.0, Qwen Code 0.24.4 and Copilot CLI 1.0.102 sent
// them to a logging hook against the mocks) mapped to signals; each agent's per-session layer, merged with the
// user's; the sh hook in it run as the agent runs it, against a real HookServer.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { HookServer } from '../../src/hook-channel/channel.js';
import { injectAgentHooks, rootOwnedChain, type AgentInjection } from '../../src/hook-channel/inject-agent.js';
import { COPILOT_SPEC } from '../../src/hooks/agents/copilot.js';
import { GEMINI_SPEC } from '../../src/hooks/agents/gemini.js';
import { agentHookSpecFor } from '../../src/hooks/agents/index.js';
import { QWEN_SPEC } from '../../src/hooks/agents/qwen.js';
import { OPENCODE_SPEC } from '../../src/hooks/agents/opencode.js';
import { pathToFileURL } from 'node:url';
import type { HookSignal } from '../../src/hooks/events.js';
import { parsePayload } from '../../src/hooks/map-event.js';

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
    ['copilot', COPILOT_SPEC.map, 'agentStop', { stopReason: 'end_turn' }, { state: 'done' }],
  ])('%s %s', (agent, map, event, payload, want) => {
    const signal = map(event, parsePayload(JSON.stringify(payload)));
    if (want === undefined) expect(signal).toBeUndefined();
    else expect(signal).toMatchObject({ event, ...want });
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
    expect(Object.keys(layer.hooks)).toEqual(['Stop', 'UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'PostToolUse', 'SubagentStart', 'SubagentStop']);
    const ours = layer.hooks['PermissionRequest']![0]!;
    expect(ours.matcher).toBe('*');
    expect(ours.hooks[0]!.timeout).toBe(5); // Qwen Code's timeout is in seconds
    const signals: HookSignal[] = [];
    server.onSignal((r) => signals.push(r.signal));
    expect(runHook(ours.hooks[0]!.command, ours.hooks[0]!.env, QWEN_PERMISSION)).toBe(0);
    await until(() => signals.length > 0, 'the PermissionRequest signal');
    expect(signals[0]).toMatchObject({ agent: 'qwen-code', state: 'blocked', msg: 'approve shell: touch build.log' });
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

  test("a user's OPENCODE_CONFIG_CONTENT that is not a JSON object gets nothing added", () => {
    const dir = mkdtempSync(join(scratch, 'oc-'));
    expect(injectAgentHooks(OPENCODE_SPEC, { dir, hookEnv: {}, env: { OPENCODE_CONFIG_CONTENT: '{ // jsonc' }, cwd: scratch })).toHaveProperty('reason');
    expect(readdirSync(dir)).toEqual([]);
  });
});
