// Types for claude-env.mjs (tests import it from TypeScript).

export const API_KEY: string;

export function claudeCacheDir(version: string): string;

export function findClaude(prefix: string): string | null;

export interface InstalledClaude {
  ok: true;
  /** The binary (or cli.js). */
  bin: string;
  /** How to run it: [file, ...args]. */
  command: string[];
  /** What `claude --version` says. */
  version: string;
  /** The npm prefix it lives in. */
  dir: string;
}

export interface MissingClaude {
  ok: false;
  /** Why it could not be installed (no registry). */
  reason: string;
}

export function ensureClaude(version: string, options?: { timeoutMs?: number }): Promise<InstalledClaude | MissingClaude>;

export interface Mock {
  url: string;
  logFile: string | undefined;
  stop(): void;
}

export function startMock(options?: { logFile?: string; delayMs?: number }): Promise<Mock>;

export interface Sandbox {
  root: string;
  home: string;
  project: string;
  remove(): void;
}

export function makeSandbox(options?: { version?: string; trusted?: boolean; files?: Record<string, string> }): Sandbox;

export function claudeEnv(options: { mockUrl: string; home: string }): Record<string, string>;

/** `project/`: README.md, package.json, plus `files` (name → text). */
export function writeProject(project: string, files?: Record<string, string>): void;

/** Claude Code's `home/` for `version` (onboarding done, the fake key approved, `project` trusted unless told). */
export function writeClaudeHome(home: string, options: { version: string; project: string; trusted?: boolean; upsell?: boolean }): void;
