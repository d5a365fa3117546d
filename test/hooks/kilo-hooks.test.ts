// Kilo Code (OpenCode's fork) takes OpenCode's session plugin through its own variable, KILO_CONFIG_CONTENT:
// the user's value kept, OPENCODE_CONFIG_CONTENT left alone; its events map as OpenCode's, said by kilo-code.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { injectAgentHooks, type AgentInjection } from '../../src/hook-channel/inject-agent.js';
import { KILO_SPEC } from '../../src/hooks/agents/kilo.js';
import { OPENCODE_SPEC, openCodePluginSource } from '../../src/hooks/agents/opencode.js';
import { parsePayload } from '../../src/hooks/map-event.js';

const scratch = mkdtempSync(join(tmpdir(), 'osf-kilo-hooks-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("Kilo Code's session plugin", () => {
  test("given through KILO_CONFIG_CONTENT with the user's own value kept; OPENCODE_CONFIG_CONTENT is not Kilo's", () => {
    const dir = mkdtempSync(join(scratch, 'kilo-'));
    const got = injectAgentHooks(KILO_SPEC, {
      dir,
      hookEnv: {},
      env: { KILO_CONFIG_CONTENT: '{"model":"mock/m","plugin":["mine"]}', OPENCODE_CONFIG_CONTENT: '{"plugin":["other"]}' },
      cwd: scratch,
    }) as AgentInjection;
    const plugin = join(dir, 'osf7501-opencode.js');
    expect(got.args).toEqual([]);
    expect(Object.keys(got.env)).toEqual(['KILO_CONFIG_CONTENT']);
    expect(JSON.parse(got.env['KILO_CONFIG_CONTENT']!)).toEqual({ model: 'mock/m', plugin: ['mine', pathToFileURL(plugin).href] });
    expect(readFileSync(plugin, 'utf8')).toBe(openCodePluginSource());
  });

  test("a user's KILO_CONFIG_CONTENT that is not a JSON object gets nothing added", () => {
    const dir = mkdtempSync(join(scratch, 'kilo-'));
    expect(injectAgentHooks(KILO_SPEC, { dir, hookEnv: {}, env: { KILO_CONFIG_CONTENT: '[1]' }, cwd: scratch })).toEqual({ reason: 'KILO_CONFIG_CONTENT is not a JSON object with a plugin list' });
  });

  test("OpenCode's events and signals, said by kilo-code", () => {
    expect(KILO_SPEC.events).toEqual(OPENCODE_SPEC.events);
    const asked = parsePayload(JSON.stringify({ permission: 'bash', patterns: ['touch build.log'], metadata: { command: 'touch build.log' } }));
    expect(KILO_SPEC.map('permission.asked', asked)).toEqual({ ...OPENCODE_SPEC.map('permission.asked', asked), agent: 'kilo-code' });
    expect(KILO_SPEC.map('session.idle', parsePayload(''))).toMatchObject({ state: 'done', agent: 'kilo-code' });
    expect(KILO_SPEC.map('message.updated', parsePayload(''))).toBeUndefined();
  });
});
