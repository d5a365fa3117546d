// Pi's session extension: loaded with `-e` (before the user's arguments, not for Pi's package commands), it reports
// agent_start, tool_execution_start and agent_end (by the last assistant message's stopReason) on a real HookServer.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { HookServer } from '../../src/hook-channel/channel.js';
import { injectAgentHooks, type AgentInjection } from '../../src/hook-channel/inject-agent.js';
import { agentHookSpecFor } from '../../src/hooks/agents/index.js';
import { PI_SPEC } from '../../src/hooks/agents/pi.js';
import type { HookSignal } from '../../src/hooks/events.js';

const scratch = mkdtempSync(join(tmpdir(), 'osf-pi-hooks-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Handler = (event: unknown) => Promise<void>;

async function until(ok: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("Pi's session extension", () => {
  test('the pi command gets it as `-e <file>` before its arguments; a package command gets nothing', () => {
    expect(agentHookSpecFor('pi')).toBe(PI_SPEC);
    const dir = mkdtempSync(join(scratch, 'pi-'));
    const got = injectAgentHooks(PI_SPEC, { dir, hookEnv: {}, env: {}, cwd: scratch, args: ['--model', 'x'] }) as AgentInjection;
    expect(got).toEqual({ args: ['-e', join(dir, 'osf7501-pi.js')], env: {} });
    const other = mkdtempSync(join(scratch, 'pi-'));
    expect(injectAgentHooks(PI_SPEC, { dir: other, hookEnv: {}, env: {}, cwd: scratch, args: ['install', 'npm:x'] })).toHaveProperty('reason');
    expect(readdirSync(other)).toEqual([]);
  });

  test("it reports a run's start, its tools and its end (done, aborted: idle, error with its message) on the session's FIFO", async () => {
    const server = await HookServer.start({ parentDir: scratch }, PI_SPEC);
    try {
      const signals: HookSignal[] = [];
      server.onSignal((r) => signals.push(r.signal));
      const got = injectAgentHooks(PI_SPEC, { dir: server.directory, hookEnv: server.childEnv(), env: {}, cwd: scratch, args: [] }) as AgentInjection;
      const handlers = new Map<string, Handler>();
      Object.assign(process.env, server.childEnv());
      try {
        const mod = (await import(pathToFileURL(got.args[1]!).href)) as { default: (pi: { on(name: string, h: Handler): void }) => void };
        mod.default({ on: (name, h) => handlers.set(name, h) });
        const fire = (name: string, event: unknown = {}): Promise<void> => handlers.get(name)!(event);
        await fire('agent_start');
        await fire('tool_execution_start', { toolName: 'bash' });
        await fire('agent_end', { messages: [{ role: 'user' }, { role: 'assistant', stopReason: 'stop' }] });
        await fire('agent_start');
        await fire('agent_end', { messages: [{ role: 'assistant', stopReason: 'aborted' }] });
        await fire('agent_start');
        await fire('agent_end', { messages: [{ role: 'assistant', stopReason: 'error', errorMessage: '429 quota exceeded' }] });
        await fire('agent_end', null); // nothing it meets throws
      } finally {
        for (const k of Object.keys(server.childEnv())) delete process.env[k];
      }
      await until(() => signals.length >= 8, 'eight signals');
      expect(signals.map((s) => `${s.state}${s.msg ? ` ${s.msg}` : ''}`)).toEqual(['working', 'working', 'done', 'working', 'idle', 'working', 'error 429 quota exceeded', 'done']);
      expect(readdirSync(server.directory).filter((n) => n.startsWith('payload.'))).toEqual([]);
    } finally {
      server.dispose();
    }
  });
});
