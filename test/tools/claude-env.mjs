// What it takes to run a real Claude Code against the mock Anthropic API, for tests: find (or install) the
// binary, start the mock, and make a throw-away HOME and project that skip every first-run screen.
// The same set-up as record-claude.mjs (see README.md, "The recorder", step 1 and 2).
//
//   import { ensureClaude, startMock, makeSandbox, claudeEnv } from './claude-env.mjs';

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startMockServer } from './mock-server.mjs';
import { installInto } from './npm.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The fake key Claude Code sends to the mock; `~/.claude.json` pre-approves its last 20 characters. */
export const API_KEY = 'sk-ant-test-osf7501-mock-key-0123456789abcdefghij';

/** Where a test keeps Claude Code VERSION: `$OSF7501_CC_CACHE/cc-VERSION` (default: the OS temp folder). */
export function claudeCacheDir(version) {
  const root = process.env.OSF7501_CC_CACHE || os.tmpdir();
  return path.join(root, `cc-${version}`);
}

/** The Claude Code binary inside an npm prefix (the platform package, or the wrapper's bin), or null. */
export function findClaude(prefix) {
  if (fs.existsSync(prefix) && fs.statSync(prefix).isFile()) return prefix;
  const base = path.join(prefix, 'node_modules', '@anthropic-ai');
  for (const c of [
    path.join(base, `claude-code-${process.platform}-${process.arch}`, 'claude'),
    path.join(base, 'claude-code', 'bin', 'claude.exe'),
    path.join(base, 'claude-code', 'cli.js'),
  ]) {
    if (fs.existsSync(c) && fs.statSync(c).size > 100_000) return c;
  }
  return null;
}


/**
 * Claude Code VERSION, installed into its cache folder with `npm install --prefix` when it is not there yet.
 * Resolves to { ok: true, bin, command: [file, ...args], version, dir } or, when the registry cannot be
 * reached, { ok: false, reason }. Any other install failure rejects (a real problem, not a missing network).
 * A quick `npm view` without retries comes first, so an offline run gives up in seconds, not minutes of
 * npm's retry back-off.
 */
export async function ensureClaude(version, { timeoutMs = 240_000 } = {}) {
  const dir = claudeCacheDir(version);
  const spec = `@anthropic-ai/claude-code@${version}`;
  const installed = await installInto(dir, spec, version, findClaude, timeoutMs);
  if (!installed.ok) return installed;
  const { bin } = installed;
  const command = bin.endsWith('.js') ? [process.execPath, bin] : [bin];
  const reported = execFileSync(command[0], [...command.slice(1), '--version'], { encoding: 'utf8' }).trim().split(/\s+/)[0];
  return { ok: true, bin, command, version: reported, dir };
}

/** Starts test/tools/mock-anthropic.mjs on a free port; resolves to { url, logFile, stop() }. */
export function startMock(options = {}) {
  return startMockServer(path.join(here, 'mock-anthropic.mjs'), options);
}

/** `project/`: README.md, package.json, plus `files` (name → text). */
export function writeProject(project, files = {}) {
  fs.mkdirSync(project, { recursive: true });
  fs.writeFileSync(path.join(project, 'README.md'), '# demo\n\nA tiny project for recordings.\n');
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'demo', version: '1.0.0' }, null, 2) + '\n');
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(project, name), text);
}

/**
 * Claude Code's `home/` for `version`: onboarding done, the fake key approved, `project` trusted (unless
 * `trusted` is false), upsells seen (unless `upsell`: then the fullscreen upsell shows), no updates or tips.
 */
export function writeClaudeHome(home, { version, project, trusted = true, upsell = false }) {
  fs.mkdirSync(path.join(home, '.claude'), { recursive: true });
  const config = {
    hasCompletedOnboarding: true,
    lastOnboardingVersion: version,
    theme: 'dark',
    numStartups: 5,
    firstStartTime: '2026-01-01T00:00:00.000Z',
    autoUpdates: false,
    bypassPermissionsModeAccepted: false,
    hasSeenTasksHint: true,
    fullscreenUpsellSeenCount: 5,
    officialMarketplaceAutoInstallAttempted: true,
    officialMarketplaceAutoInstalled: true,
    lastReleaseNotesSeen: version,
    tipsHistory: {},
    customApiKeyResponses: { approved: [API_KEY.slice(-20)], rejected: [] },
    projects: {
      [project]: {
        allowedTools: [],
        hasTrustDialogAccepted: trusted,
        hasCompletedProjectOnboarding: true,
        projectOnboardingSeenCount: 5,
      },
    },
  };
  if (upsell) delete config.fullscreenUpsellSeenCount;
  fs.writeFileSync(path.join(home, '.claude.json'), JSON.stringify(config, null, 2));
  fs.writeFileSync(
    path.join(home, '.claude', 'settings.json'),
    JSON.stringify({ skipWebFetchPreflight: true, autoUpdates: false, spinnerTipsEnabled: false }, null, 2),
  );
}

/**
 * A temp folder with `home/` (onboarding done, the fake key approved, the project trusted, upsells off) and
 * `project/` (README.md, package.json, plus `files`). Returns { root, home, project, remove() }.
 */
export function makeSandbox({ version, trusted = true, files = {} } = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'osf7501-cc-'));
  const home = path.join(root, 'home');
  const project = path.join(root, 'project');
  writeProject(project, files);
  writeClaudeHome(home, { version, project, trusted });
  // Retried: a Claude Code just killed may still write its config while the folder goes (ENOTEMPTY), which would
  // hide the test's own failure behind the clean-up's.
  return { root, home, project, remove: () => fs.rmSync(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }) };
}

/** Claude Code's environment: the mock, the fake key, no updater, telemetry, tips or tool search. */
export function claudeEnv({ mockUrl, home }) {
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    USER: 'user',
    SHELL: '/bin/bash',
    TERM: 'xterm-256color',
    COLORTERM: 'truecolor',
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    TZ: 'UTC',
    ANTHROPIC_BASE_URL: mockUrl,
    ANTHROPIC_API_KEY: API_KEY,
    ENABLE_TOOL_SEARCH: 'false',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    DISABLE_BUG_COMMAND: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    CLAUDE_CODE_DISABLE_TERMINAL_TITLE: '0',
    CLAUDE_CODE_IDE_SKIP_AUTO_INSTALL: '1',
    CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: '1',
  };
}
