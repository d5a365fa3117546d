// Types for agents.mjs (tests import it from TypeScript).

export const MOCK_KEY: string;

export interface AgentDef {
  app: string;
  pkg: string;
  command: string;
  findBin(prefix: string): string | null;
  setup(options: { root: string; home: string; project: string; mockUrl: string; options?: Record<string, unknown> }): {
    env: Record<string, string>;
    args: string[];
  };
  idle: RegExp;
  prompt: RegExp;
  working: RegExp;
  exitText?: string;
  exitKeys?: object[];
  settleMs?: number;
  startMs?: number;
  exitMs?: number;
  versionEnv?(): Record<string, string>;
  /** The version, when `--version` does not tell it (Grok CLI prints 1.0.1 for every release). */
  readVersion?(bin: string): string;
  quiet?: CpuQuietOptions;
}

/** The agents of AGENTS. */
export type AgentId =
  | 'codex'
  | 'gemini'
  | 'opencode'
  // i18a
  | 'copilot'
  | 'qwen'
  // i18b
  | 'pi'
  | 'cline'
  // agents-a
  | 'kilo'
  // i18c
  | 'droid'
  | 'continue'
  // wrap7
  | 'grok';

export interface CpuQuietOptions {
  /** Quiet means below this share of one core (percent) … */
  maxPct?: number;
  /** … over a window this long (ms). */
  windowMs?: number;
  /** Give up after this long (ms). */
  timeoutMs?: number;
}

/** The processes whose working directory is `dir` (Linux /proc; [] elsewhere), oldest first. */
export function processesIn(dir: string): { pid: number; exe: string }[];

/** Waits until process `pid` uses less than maxPct % of a core over windowMs (Linux /proc; else at once). */
export function waitCpuQuiet(pid: number, options?: CpuQuietOptions): Promise<{ quiet: boolean; waitedMs: number }>;

export const AGENTS: Record<AgentId, AgentDef>;

export function agentCacheDir(agent: string, version: string): string;

export function agentVersion(bin: string, env?: Record<string, string>): string;

export interface InstalledAgent {
  ok: true;
  /** The command users run (node_modules/.bin/<name>). */
  bin: string;
  /** What `<agent> --version` says. */
  version: string;
  /** The npm prefix it lives in. */
  dir: string;
}

export interface MissingAgent {
  ok: false;
  /** Why it cannot be used here (no registry, does not run). */
  reason: string;
}

export function ensureAgent(
  agent: AgentId,
  version: string,
  options?: { timeoutMs?: number },
): Promise<InstalledAgent | MissingAgent>;

export interface AgentMock {
  url: string;
  logFile: string | undefined;
  stop(): void;
}

export function startAgentMock(options?: { logFile?: string; delayMs?: number }): Promise<AgentMock>;

export interface AgentSandbox {
  root: string;
  home: string;
  project: string;
  env: Record<string, string>;
  args: string[];
  remove(): void;
}

export function makeAgentSandbox(
  agent: AgentId,
  options: { mockUrl: string; options?: Record<string, unknown>; files?: Record<string, string>; bin?: string },
): AgentSandbox;
