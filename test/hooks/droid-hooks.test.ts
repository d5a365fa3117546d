// Factory Droid's hooks: payloads as Droid 0.215.0 sent them to a logging hook against the mock (ids and paths
// shortened) mapped to signals by a session's mapping; its runtime settings overlay merged with the user's.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { injectAgentHooks, type AgentInjection } from '../../src/hook-channel/inject-agent.js';
import { DROID_SPEC } from '../../src/hooks/agents/droid.js';
import { agentHookSpecFor } from '../../src/hooks/agents/index.js';
import { parsePayload } from '../../src/hooks/map-event.js';

const scratch = mkdtempSync(join(tmpdir(), 'osf-droid-hooks-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const PRE = { hook_event_name: 'PreToolUse', permission_mode: 'off', tool_name: 'Execute', tool_input: { command: 'touch build.log', summary: 'Create an empty build log', riskLevel: 'medium' } };
const ASK = { hook_event_name: 'Notification', message: 'Factory CLI needs permission to execute 1 tool(s)', notification_type: 'permission_prompt' };
const POST = { hook_event_name: 'PostToolUse', tool_name: 'Execute' };
const STOP = { hook_event_name: 'Stop', stop_hook_active: false, tool_execution_count: 1 };

/** The signals one session's mapping gives for `calls`, as `state[ msg]`. */
function run(calls: Array<[string, unknown]>): string[] {
  const map = DROID_SPEC.session!();
  return calls.map(([event, payload]) => map(event, parsePayload(JSON.stringify(payload)))).map((s) => (s === undefined ? '-' : `${s.state}${s.msg ? ` ${s.msg}` : ''}`));
}

describe("Factory Droid's hooks", () => {
  test('the droid command gets them', () => {
    expect(agentHookSpecFor('droid')).toBe(DROID_SPEC);
  });

  test('an approved command: working, blocked naming the command from the PreToolUse before, working, done', () => {
    expect(run([['UserPromptSubmit', { prompt: 'make a build log' }], ['PreToolUse', PRE], ['Notification', ASK], ['PostToolUse', POST], ['Stop', STOP]])).toEqual([
      'working',
      'working',
      'blocked approve Execute: touch build.log',
      'working',
      'done',
    ]);
  });

  test('Esc at the approval: the Stop after it, with no PostToolUse, ends a turn without a result (idle); the next turn ends done', () => {
    const denied: Array<[string, unknown]> = [['UserPromptSubmit', {}], ['PreToolUse', { ...PRE, tool_input: { command: 'npm test' } }], ['Notification', ASK], ['Stop', STOP]];
    expect(run([...denied, ['UserPromptSubmit', {}], ['Stop', STOP]])).toEqual(['working', 'working', 'blocked approve Execute: npm test', 'idle', 'working', 'done']);
  });

  test('a file tool as its own rules word it; a notification of another type says nothing; a Notification alone names no tool', () => {
    expect(run([['PreToolUse', { tool_name: 'Create', tool_input: { file_path: '/p/notes.txt' } }], ['Notification', ASK], ['Notification', { notification_type: 'idle' }]])).toEqual([
      'working',
      'blocked approve Create /p/notes.txt',
      '-',
    ]);
    expect(DROID_SPEC.map('Notification', parsePayload(JSON.stringify(ASK)))).toMatchObject({ state: 'blocked', msg: 'approve a Droid tool call' });
  });
});

describe("Factory Droid's runtime settings overlay", () => {
  test("FACTORY_RUNTIME_SETTINGS_PATH names the session's overlay: the user's own overlay with its hooks first, the shim's after, hook rows hidden", () => {
    const dir = mkdtempSync(join(scratch, 'd-'));
    const userFile = join(scratch, 'user-overlay.json');
    writeFileSync(userFile, JSON.stringify({ model: 'x', hooks: { Stop: [{ hooks: [{ type: 'command', command: 'mine' }] }] } }));
    const got = injectAgentHooks(DROID_SPEC, { dir, hookEnv: { OSF7501_HOOK_FIFO: '/f' }, env: { FACTORY_RUNTIME_SETTINGS_PATH: userFile, HOME: scratch }, cwd: scratch, args: [] }) as AgentInjection;
    expect(got.args).toEqual([]);
    const overlay = JSON.parse(readFileSync(got.env['FACTORY_RUNTIME_SETTINGS_PATH']!, 'utf8')) as { model: string; hooks: Record<string, Array<{ matcher?: string; hooks: Array<{ command: string; timeout: number }> }>> & { showHookOutput: boolean } };
    expect(overlay.model).toBe('x');
    expect(overlay.hooks.showHookOutput).toBe(false);
    expect(overlay.hooks['Stop']!.map((g) => g.hooks[0]!.command)).toEqual(['mine', expect.stringContaining(' Stop\\n')]);
    expect(overlay.hooks['PreToolUse']![0]).toMatchObject({ matcher: '*', hooks: [{ timeout: 5 }] });
    expect(Object.keys(overlay.hooks).filter((k) => k !== 'showHookOutput')).toEqual(['Stop', 'UserPromptSubmit', 'PreToolUse', 'Notification', 'PostToolUse']);
  });

  test("a user whose own settings choose showHookOutput keeps their choice: the overlay leaves it out", () => {
    const home = mkdtempSync(join(scratch, 'home-'));
    const project = mkdtempSync(join(scratch, 'project-'));
    mkdirSync(join(home, '.factory'));
    writeFileSync(join(home, '.factory', 'settings.json'), JSON.stringify({ hooks: { showHookOutput: true } }));
    const dir = mkdtempSync(join(scratch, 'd-'));
    const got = injectAgentHooks(DROID_SPEC, { dir, hookEnv: {}, env: { HOME: home }, cwd: project, args: [] }) as AgentInjection;
    expect(JSON.parse(readFileSync(got.env['FACTORY_RUNTIME_SETTINGS_PATH']!, 'utf8')).hooks).not.toHaveProperty('showHookOutput');
    // Without a choice of theirs (another home, no project settings): hidden.
    const bare = mkdtempSync(join(scratch, 'd-'));
    const other = injectAgentHooks(DROID_SPEC, { dir: bare, hookEnv: {}, env: { HOME: project }, cwd: project, args: [] }) as AgentInjection;
    expect(JSON.parse(readFileSync(other.env['FACTORY_RUNTIME_SETTINGS_PATH']!, 'utf8')).hooks.showHookOutput).toBe(false);
  });

  test('a user who shows hook output keeps it; a --settings on the command line gets nothing added', () => {
    const dir = mkdtempSync(join(scratch, 'd-'));
    const userFile = join(scratch, 'user-shows.json');
    writeFileSync(userFile, JSON.stringify({ hooks: { showHookOutput: true } }));
    const got = injectAgentHooks(DROID_SPEC, { dir, hookEnv: {}, env: { FACTORY_RUNTIME_SETTINGS_PATH: userFile }, cwd: scratch, args: [] }) as AgentInjection;
    expect(JSON.parse(readFileSync(got.env['FACTORY_RUNTIME_SETTINGS_PATH']!, 'utf8')).hooks.showHookOutput).toBe(true);
    const other = mkdtempSync(join(scratch, 'd-'));
    expect(injectAgentHooks(DROID_SPEC, { dir: other, hookEnv: {}, env: {}, cwd: scratch, args: ['--settings=/x.json'] })).toHaveProperty('reason');
    expect(injectAgentHooks(DROID_SPEC, { dir: other, hookEnv: {}, env: {}, cwd: scratch, args: ['exec', '--settings', '/x.json'] })).toHaveProperty('reason');
  });
});
