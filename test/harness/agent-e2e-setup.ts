// The set-up every agent e2e file shares: the agent installed from the npm registry (cached), the mock API
// started once for the file and stopped after it, and a visible reason to skip when the registry is out of reach.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { ensureAgent, startAgentMock, type AgentMock, type InstalledAgent } from './agents.mjs';

/** How long an install from the registry may take. */
export const INSTALL_MS = 300_000;

/** What a test gets once the set-up ran. */
export interface AgentE2eReady {
  agent: InstalledAgent;
  mock: AgentMock;
}

/** A test file's agent and mock; `ready()` skips the test (with the reason) when the agent is missing. */
export interface AgentE2e {
  ready(ctx?: { skip(note?: string): void }): AgentE2eReady;
}

/** Registers the file's beforeAll/afterAll for `id@version`; `title` names it in the skip warning. */
export function setUpAgentE2e(id: 'codex' | 'gemini' | 'opencode', version: string, title: string): AgentE2e {
  let mock: AgentMock | undefined;
  let mockDir = '';
  let agent: InstalledAgent | undefined;
  let skipReason: string | undefined;

  beforeAll(async () => {
    mockDir = mkdtempSync(join(tmpdir(), `osf-${id}-e2e-`));
    mock = await startAgentMock({ logFile: join(mockDir, 'mock.log') });
    const found = await ensureAgent(id, version, { timeoutMs: INSTALL_MS });
    if (found.ok) agent = found;
    else {
      skipReason = found.reason;
      console.warn(`${id}-e2e: skipping ${title} ${version}: ${found.reason}`);
    }
  }, INSTALL_MS + 60_000);

  afterAll(() => {
    mock?.stop();
    if (mockDir) rmSync(mockDir, { recursive: true, force: true });
  });

  return {
    ready(ctx) {
      if (skipReason !== undefined) {
        if (ctx === undefined) throw new Error(`${title} is not installed: ${skipReason}`);
        ctx.skip(skipReason);
      }
      if (agent === undefined || mock === undefined) throw new Error('set-up did not run');
      return { agent, mock };
    },
  };
}
