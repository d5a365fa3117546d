// `osf7501 hook EVENT` for an event without a payload is delivered by the launcher's shell part (bin/osf7501),
// without starting Node: the same line as the injected sh hook, on a real HookServer.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { HookServer } from '../../src/hook-channel/channel.js';
import type { HookSignal } from '../../src/hooks/events.js';

const BIN = join(fileURLToPath(new URL('../..', import.meta.url)), 'bin', 'osf7501');
/** Node started with this fails at once (a module that does not exist), so a call that works never started it. */
const NO_NODE = { NODE_OPTIONS: '--require /nonexistent/osf7501-no-node.cjs' };

const servers: HookServer[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.dispose();
});

async function until(ok: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!ok() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

describe('osf7501 hook, from the launcher’s shell part', () => {
  test('Stop and PreToolUse reach the session without Node; silent, status 0', async () => {
    const server = await HookServer.start();
    servers.push(server);
    const got: HookSignal[] = [];
    server.onSignal((r) => got.push(r.signal));
    const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...server.childEnv(), ...NO_NODE };
    for (const event of ['Stop', 'PreToolUse']) {
      const r = spawnSync(BIN, ['hook', event], { env, input: '{"tool_name":"Bash"}', encoding: 'utf8' });
      expect([r.status, r.stdout, r.stderr]).toEqual([0, '', '']);
    }
    await until(() => got.length === 2);
    expect(got).toEqual([
      { event: 'Stop', state: 'done' },
      { event: 'PreToolUse', state: 'working' },
    ]);
  });

  test('without a session nothing is written and nothing is printed; an event with a payload is left to Node', () => {
    const bare = spawnSync(BIN, ['hook', 'Stop'], { env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...NO_NODE }, encoding: 'utf8' });
    expect([bare.status, bare.stdout, bare.stderr]).toEqual([0, '', '']);
    // PermissionRequest needs its payload read and named: Node's (which this NODE_OPTIONS stops).
    const withPayload = spawnSync(BIN, ['hook', 'PermissionRequest'], { env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...NO_NODE }, input: '{}', encoding: 'utf8' });
    expect(withPayload.status).not.toBe(0);
  });
});
