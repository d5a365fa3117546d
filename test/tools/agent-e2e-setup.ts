// The set-up every agent e2e file shares: the agent installed from the npm registry (cached), the mock API
// started once for the file and stopped after it, and a visible reason to skip when the registry is out of reach.
// setUpAgentE2e serves the Codex, Gemini and OpenCode files; setUpClaudeE2e the Claude Code ones, one install
// per version's describe.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { AGENTS, agentCacheDir, ensureAgent, startAgentMock, type AgentId, type AgentMock, type InstalledAgent } from './agents.mjs';
import { ensureClaude, startMock, type InstalledClaude, type Mock } from './claude-env.mjs';

/** How long an install from the registry may take. */
export const INSTALL_MS = 300_000;
/** How long installing one Claude Code version may take. */
const CLAUDE_INSTALL_MS = 240_000;

/** Newest first; each is installed on first use. `OSF7501_CC_VERSIONS=2.1.332` runs only that one. */
export const CLAUDE_VERSIONS = (process.env['OSF7501_CC_VERSIONS'] ?? '2.1.332,2.1.150')
  .split(',')
  .map((v) => v.trim())
  .filter(Boolean);

/** Claude Code sends its OSC 7501 query (and reports once it is answered) from 2.1.295 on. */
export function reportsNatively(version: string): boolean {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  return major > 2 || (major === 2 && (minor > 1 || (minor === 1 && patch >= 295)));
}

/** A test's context, as far as skipping goes. */
type SkipContext = { skip(note?: string): void };

/** What a test gets once the set-up ran. */
export interface AgentE2eReady {
  id: AgentId;
  agent: InstalledAgent;
  mock: AgentMock;
}

/** A test file's agent and mock; `ready()` skips the test (with the reason) when the agent is missing. */
export interface AgentE2e {
  ready(ctx?: SkipContext): AgentE2eReady;
}

/** Starts the file's mock (logging into a temp folder `<name>-…`) before its tests; stops it and removes the folder after. */
function mockForFile<M extends { stop(): void }>(name: string, start: (options: { logFile: string }) => Promise<M>): () => M | undefined {
  let mock: M | undefined;
  let mockDir = '';
  beforeAll(async () => {
    mockDir = mkdtempSync(join(tmpdir(), `${name}-`));
    mock = await start({ logFile: join(mockDir, 'mock.log') });
  });
  afterAll(() => {
    mock?.stop();
    if (mockDir) rmSync(mockDir, { recursive: true, force: true });
  });
  return () => mock;
}

/**
 * Registers the file's beforeAll/afterAll for `id@version`; `title` names it in the skip warning. With
 * `onlyIfInstalled` (an older release checked beside the current one) nothing is installed: the tests skip, saying
 * how to install it, unless it is already in its cache folder.
 */
export function setUpAgentE2e(id: AgentId, version: string, title: string, { onlyIfInstalled = false }: { onlyIfInstalled?: boolean } = {}): AgentE2e {
  const mock = mockForFile(`osf-${id}-e2e`, startAgentMock);
  let agent: InstalledAgent | undefined;
  let skipReason: string | undefined;

  beforeAll(async () => {
    const dir = agentCacheDir(id, version);
    if (onlyIfInstalled && !AGENTS[id].findBin(dir)) {
      skipReason = `${title} ${version} is not installed (npm i --prefix ${dir} ${AGENTS[id].pkg}@${version})`;
      console.warn(`${id}-e2e: skipping: ${skipReason}`);
      return;
    }
    const found = await ensureAgent(id, version, { timeoutMs: INSTALL_MS });
    if (found.ok) agent = found;
    else {
      skipReason = found.reason;
      console.warn(`${id}-e2e: skipping ${title} ${version}: ${found.reason}`);
    }
  }, INSTALL_MS + 60_000);

  return {
    ready(ctx) {
      if (skipReason !== undefined) {
        if (ctx === undefined) throw new Error(`${title} is not installed: ${skipReason}`);
        ctx.skip(skipReason);
      }
      const started = mock();
      if (agent === undefined || started === undefined) throw new Error('set-up did not run');
      return { id, agent, mock: started };
    },
  };
}

/** What a Claude Code test gets once the set-up ran. */
export interface ClaudeE2eReady {
  claude: InstalledClaude;
  mock: Mock;
}

/** A Claude Code test file's mock; `install(version)` inside a version's describe. */
export interface ClaudeE2e {
  /** Installs Claude Code `version` before the describe's tests; `ready(ctx)` skips a test (with the reason) when it is missing. */
  install(version: string): { ready(ctx: SkipContext): ClaudeE2eReady };
}

/** Registers the file's mock Anthropic API (beforeAll/afterAll); `file` names the file in skip warnings. */
export function setUpClaudeE2e(file: string): ClaudeE2e {
  const mock = mockForFile(`osf-${file}-mock`, startMock);
  return {
    install(version) {
      let claude: InstalledClaude | undefined;
      let skipReason: string | undefined;
      beforeAll(async () => {
        const found = await ensureClaude(version, { timeoutMs: CLAUDE_INSTALL_MS });
        if (found.ok) claude = found;
        else {
          skipReason = found.reason;
          console.warn(`${file}: skipping Claude Code ${version}: ${found.reason}`);
        }
      }, CLAUDE_INSTALL_MS + 30_000);
      return {
        ready(ctx) {
          if (skipReason !== undefined) ctx.skip(skipReason);
          const started = mock();
          if (claude === undefined || started === undefined) throw new Error('set-up did not run');
          return { claude, mock: started };
        },
      };
    },
  };
}
