// What it takes to run Codex CLI, Gemini CLI, OpenCode, GitHub Copilot CLI or Qwen Code against test/tools/mock-agents.mjs, for the
// recorder (record-agent.mjs) and the end-to-end tests (test/e2e/<agent>-e2e.test.ts): find (or install) the
// agent, start the mock, make a throw-away HOME and project that skip every first-run screen the scenario
// does not want, and the agent's environment and arguments.
//
//   import { AGENTS, ensureAgent, startAgentMock, makeAgentSandbox } from './agents.mjs';

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startMockServer } from './mock-server.mjs';
import { installInto } from './npm.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The fake key every agent sends to the mock. */
export const MOCK_KEY = 'sk-mock-osf7501-0123456789abcdefghij';

/**
 * The project config of OpenCode and its fork Kilo Code (opencode.json / kilo.json): an OpenAI-compatible
 * provider `mock` at the mock, its model the default (and the small model), and bash/edit/webfetch set to ask.
 */
function openCodeMockConfig(mockUrl) {
  return {
    autoupdate: false,
    share: 'disabled',
    model: 'mock/mock-model',
    small_model: 'mock/mock-model',
    provider: {
      mock: {
        npm: '@ai-sdk/openai-compatible',
        name: 'Mock',
        options: { baseURL: `${mockUrl}/v1`, apiKey: MOCK_KEY },
        models: { 'mock-model': { name: 'Mock Model', tool_call: true, limit: { context: 128000, output: 8192 } } },
      },
    },
    permission: { bash: 'ask', edit: 'ask', webfetch: 'ask' },
  };
}

/** The XDG folders of OpenCode and Kilo Code: config, data and state in the temp HOME, the cache at `cache`. */
function openCodeDirs(home, cache) {
  return {
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
    XDG_CACHE_HOME: cache,
    XDG_STATE_HOME: path.join(home, '.local', 'state'),
  };
}

const baseEnv = (home) => ({
  PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
  HOME: home,
  USER: 'user',
  SHELL: '/bin/bash',
  TERM: 'xterm-256color',
  COLORTERM: 'truecolor',
  LANG: 'C.UTF-8',
  LC_ALL: 'C.UTF-8',
  TZ: 'UTC',
});

function firstExisting(candidates) {
  return candidates.find((c) => fs.existsSync(c)) ?? null;
}

/** Where Copilot CLI unpacks its 235 MB package on first run, shared by every sandbox (`$OSF7501_COPILOT_CACHE`). */
const copilotCache = () => ({ COPILOT_CACHE_HOME: process.env.OSF7501_COPILOT_CACHE || path.join(os.tmpdir(), 'osf7501-copilot-cache') });

/**
 * The agents. Each has:
 *   app         fixtures/<app>/ and the rules' app name
 *   pkg         the npm package
 *   command     the command name users type (the rules' `commands`)
 *   findBin(prefix)        the runnable file inside an npm prefix, or null
 *   setup({ root, home, project, mockUrl, options, bin })  writes the config (bin: the binary, when given); returns { env, args }
 *   idle, working          RegExps on the visible screen
 *   exitText    what to type at the idle prompt to leave (or exitKeys: driver steps)
 *   settleMs    how long the recorder waits after the idle prompt shows (default 600)
 *   startMs     how long the recorder waits for the first idle prompt (default 45000)
 *   exitMs      how long the recorder waits for the agent to leave after its exit keys (default 10000)
 *   nativeMs    optional: an agent that reports unasked; the recorder also waits up to this long for its first report
 *   versionEnv()  optional: more environment for `<agent> --version`
 *   quiet       optional waitCpuQuiet() options: after start-up, wait until the agent stops burning CPU
 */
export const AGENTS = {
  codex: {
    app: 'codex',
    pkg: '@openai/codex',
    command: 'codex',
    findBin: (prefix) => firstExisting([path.join(prefix, 'node_modules', '.bin', 'codex')]),
    /**
     * CODEX_HOME/config.toml: a custom provider `mock` (Responses API at the mock), approval_policy
     * on-request, the workspace-write sandbox, the project trusted (unless options.trusted === false, which
     * also makes the project a git repository so Codex asks), and no sign-in (unless options.signIn, which
     * leaves the provider at OpenAI with no key, so Codex opens its sign-in screen; options.updatePrompt
     * writes a version.json that says 0.999.0 is out, so Codex opens its update chooser).
     */
    setup({ home, project, mockUrl, options = {} }) {
      const codexHome = path.join(home, '.codex');
      fs.mkdirSync(codexHome, { recursive: true });
      const lines = [];
      if (!options.signIn) {
        lines.push(
          'model = "gpt-5.1-codex"',
          'model_provider = "mock"',
          `approval_policy = "${options.approvalPolicy ?? 'on-request'}"`,
          `sandbox_mode = "${options.sandboxMode ?? 'workspace-write'}"`,
          `check_for_update_on_startup = ${options.updatePrompt ? 'true' : 'false'}`,
          '',
          '[model_providers.mock]',
          'name = "Mock"',
          `base_url = "${mockUrl}/v1"`,
          'wire_api = "responses"',
          'env_key = "OSF7501_MOCK_KEY"',
          `request_max_retries = ${options.retries ?? 0}`,
          `stream_max_retries = ${options.retries ?? 0}`,
          '',
          '[tui]',
          'screen_reader_detection_done = true',
          '',
        );
        // Codex 0.171.0 offers its plan tool (update_plan) to a custom provider's model only when asked.
        if (options.planTool) lines.push('[tools.update_plan]', 'enabled = true', '');
      }
      if (options.trusted !== false) lines.push(`[projects."${project}"]`, 'trust_level = "trusted"', '');
      else execFileSync('git', ['init', '-q', project]);
      fs.writeFileSync(path.join(codexHome, 'config.toml'), lines.join('\n'));
      if (options.updatePrompt) {
        // A fresh update check that found a newer version: Codex offers to update before anything else.
        const latest = { latest_version: '0.999.0', last_checked_at: new Date().toISOString(), dismissed_version: null };
        fs.writeFileSync(path.join(codexHome, 'version.json'), JSON.stringify(latest));
      }
      const env = { ...baseEnv(home), CODEX_HOME: codexHome, OSF7501_MOCK_KEY: MOCK_KEY };
      if (options.signIn) delete env.OSF7501_MOCK_KEY;
      return { env, args: ['--no-daemon'] };
    },
    idle: /\? for shortcuts/,
    prompt: /^› /m,
    working: /esc to interrupt/,
    /** Under load the composer shows seconds before Codex takes input (a prompt's Enter was lost); its first report comes then. */
    nativeMs: 30000,
    exitText: '/exit',
  },
  gemini: {
    app: 'gemini-cli',
    pkg: '@google/gemini-cli',
    command: 'gemini',
    findBin: (prefix) => firstExisting([path.join(prefix, 'node_modules', '.bin', 'gemini')]),
    /**
     * ~/.gemini/settings.json: API-key auth already chosen (unless options.auth === 'dialog'), the project
     * trusted when folder trust is on (options.trusted === false turns folder trust on and leaves the
     * project untrusted), no update checks, telemetry or usage statistics.
     */
    setup({ home, project, mockUrl, options = {} }) {
      const dir = path.join(home, '.gemini');
      fs.mkdirSync(dir, { recursive: true });
      const settings = {
        general: { disableAutoUpdate: true, disableUpdateNag: true, enableAutoUpdate: false, enableAutoUpdateNotification: false },
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
        ui: { hideTips: true, showReleaseNotes: false },
        ide: { enabled: false, hasSeenNudge: true },
        security: {
          auth: options.auth === 'dialog' ? {} : { selectedType: 'gemini-api-key' },
          folderTrust: { enabled: options.trusted === false },
        },
      };
      fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify(settings, null, 2));
      if (options.trusted === false) fs.writeFileSync(path.join(dir, 'trustedFolders.json'), '{}');
      const env = {
        ...baseEnv(home),
        GEMINI_API_KEY: MOCK_KEY,
        GOOGLE_GEMINI_BASE_URL: mockUrl,
        NO_BROWSER: 'true',
        GEMINI_CLI_TRUST_WORKSPACE: options.trusted === false ? undefined : 'true',
      };
      if (options.auth === 'dialog') delete env.GEMINI_API_KEY;
      for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
      // Gemini CLI 0.61.0 offers write_todos only to a Gemini 2 model that is not a preview (not to its Auto default).
      return { env, args: options.args ?? (options.planTool ? ['--model', 'gemini-2.5-pro'] : []) };
    },
    idle: /Type your message/,
    prompt: /Type your message/,
    working: /esc to cancel/,
    /** The prompt shows before start-up ends; a prompt sent earlier prints `Initializing... Prompts will be queued.` */
    settleMs: 3000,
    /** `/quit` races the slash-command popup (Enter may pick another entry): Ctrl+C twice instead. */
    exitKeys: [{ key: 'ctrl-c' }, { sleep: 400 }, { key: 'ctrl-c' }],
  },
  opencode: {
    app: 'opencode',
    pkg: 'opencode-ai',
    command: 'opencode',
    findBin: (prefix) => firstExisting([path.join(prefix, 'node_modules', '.bin', 'opencode')]),
    /** opencode.json in the project: an OpenAI-compatible provider `mock` at the mock, its model the default. */
    setup({ home, project, mockUrl, options = {} }) {
      const config = { $schema: 'https://opencode.ai/config.json', ...openCodeMockConfig(mockUrl) };
      fs.writeFileSync(path.join(project, 'opencode.json'), JSON.stringify(config, null, 2));
      const env = {
        ...baseEnv(home),
        // Provider packages (@ai-sdk/openai-compatible) are installed into the cache on first use: share it.
        ...openCodeDirs(home, process.env.OSF7501_OPENCODE_CACHE || path.join(os.tmpdir(), 'osf7501-opencode-cache')),
        OPENCODE_DISABLE_AUTOUPDATE: '1',
        OPENCODE_DISABLE_LSP_DOWNLOAD: 'true',
        OPENCODE_DISABLE_DEFAULT_PLUGINS: 'true',
        OPENCODE_DISABLE_MODELS_FETCH: 'true',
        ...(options.env ?? {}),
      };
      return { env, args: options.args ?? [] };
    },
    idle: /ctrl\+p commands/,
    prompt: /Ask anything|ctrl\+p/,
    working: /esc (?:to )?interrupt/,
    settleMs: 3000,
    /**
     * 1.18.33 draws its prompt after ~3 CPU seconds but its server (a worker thread) goes on compiling for
     * ~15 more; keys typed meanwhile are echoed seconds late and a turn takes a minute to start.
     */
    quiet: { maxPct: 10, windowMs: 2000, timeoutMs: 180_000 },
    exitText: '/exit',
  },
  // ---- i18a: GitHub Copilot CLI -------------------------------------------------------------------
  copilot: {
    app: 'copilot',
    pkg: '@github/copilot',
    command: 'copilot',
    findBin: (prefix) => firstExisting([path.join(prefix, 'node_modules', '.bin', 'copilot')]),
    /**
     * Bring-your-own-key mode (`copilot help providers`): COPILOT_PROVIDER_BASE_URL at the mock's Chat
     * Completions, COPILOT_MODEL, a key; no GitHub sign-in then. ~/.copilot/config.json marks the first launch
     * done (no animated banner) and trusts the project (unless options.trusted === false: the trust dialog).
     * options.signIn leaves the provider out, so Copilot asks for /login. Every other request goes to a proxy
     * on a closed local port, so nothing leaves the machine. The 235 MB package the binary unpacks on first run
     * is shared across sandboxes (COPILOT_CACHE_HOME).
     */
    setup({ home, project, mockUrl, options = {} }) {
      const dir = path.join(home, '.copilot');
      fs.mkdirSync(dir, { recursive: true });
      const config = { firstLaunchAt: '2026-01-01T00:00:00.000Z', appTipShown: true, banner: 'never' };
      if (options.trusted !== false) config.trustedFolders = [project];
      fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify(config, null, 2));
      const env = {
        ...baseEnv(home),
        ...copilotCache(),
        COPILOT_AUTO_UPDATE: 'false',
        HTTPS_PROXY: 'http://127.0.0.1:9',
        HTTP_PROXY: 'http://127.0.0.1:9',
        NO_PROXY: '127.0.0.1,localhost',
      };
      if (!options.signIn) {
        Object.assign(env, {
          COPILOT_PROVIDER_BASE_URL: `${mockUrl}/v1`,
          COPILOT_PROVIDER_TYPE: 'openai',
          COPILOT_PROVIDER_API_KEY: MOCK_KEY,
          COPILOT_MODEL: 'gpt-4.1',
        });
      }
      return { env, args: options.args ?? [] };
    },
    /** `copilot --version` unpacks the package too: into the shared cache, not the throw-away HOME. */
    versionEnv: copilotCache,
    idle: /Interactive · /,
    prompt: /^❯/m,
    working: /^ \S (?:Working|Cancelling)/m,
    settleMs: 1500,
    /** Copilot's first screen took up to a minute on the loaded 2-core recording machine. */
    startMs: 120000,
    /** `/exit` typed right after start-up was lost once; Ctrl+C twice (`ctrl+c again to exit`) always leaves. */
    exitKeys: [{ key: 'ctrl-c' }, { wait: /ctrl\+c again to exit/, timeout: 5000, optional: true }, { key: 'ctrl-c' }],
    /** Copilot prints its session summary and shuts its runtime down: seconds on a loaded machine. */
    exitMs: 30000,
  },
  // ---- i18a: Qwen Code --------------------------------------------------------------------------------
  qwen: {
    app: 'qwen-code',
    pkg: '@qwen-code/qwen-code',
    command: 'qwen',
    findBin: (prefix) => firstExisting([path.join(prefix, 'node_modules', '.bin', 'qwen')]),
    /**
     * The OpenAI-compatible provider from the environment (OPENAI_BASE_URL at the mock, OPENAI_API_KEY,
     * OPENAI_MODEL: getAuthTypeFromEnv in its bundle) and ~/.qwen/settings.json: auth type `openai` (unless
     * options.auth === 'dialog', which leaves both out so Qwen opens its auth dialog), approval mode `default`
     * ("Ask permissions"; Qwen's own default is `auto`, an LLM classifier that approves on its own), no update
     * checks, tips, telemetry or usage statistics, the built-in grep (the bundled ripgrep is not executable when
     * npm skips install scripts). options.trusted === false turns folder trust on with no trusted folders.
     * Other requests go to a proxy on a closed local port.
     */
    setup({ home, project, mockUrl, options = {} }) {
      const dir = path.join(home, '.qwen');
      fs.mkdirSync(dir, { recursive: true });
      const settings = {
        general: { enableAutoUpdate: false, disableAutoUpdate: true, disableUpdateNag: true },
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
        ui: { hideTips: true },
        ide: { enabled: false, hasSeenNudge: true },
        // options.planTool: the todo tool (todo_write), off by default in 0.24.4.
        tools: { approvalMode: 'default', useRipgrep: false, ...(options.planTool ? { todoWrite: { enabled: true } } : {}) },
        // A 429 or 503 is retried (a countdown under the turn) up to maxRetries times, the first wait 60 s by
        // default: short waits (Retry-After still counts, up to retryMaxDelayMs) and options.retries (2 otherwise).
        model: { generationConfig: { maxRetries: options.retries ?? 2, retryInitialDelayMs: 2000, retryMaxDelayMs: 30000 } },
        security: {
          auth: options.auth === 'dialog' ? {} : { selectedType: 'openai' },
          folderTrust: { enabled: options.trusted === false },
        },
      };
      fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify(settings, null, 2));
      if (options.trusted === false) fs.writeFileSync(path.join(dir, 'trustedFolders.json'), '{}');
      const env = {
        ...baseEnv(home),
        HTTPS_PROXY: 'http://127.0.0.1:9',
        HTTP_PROXY: 'http://127.0.0.1:9',
        NO_PROXY: '127.0.0.1,localhost',
        NO_BROWSER: 'true',
      };
      if (options.auth !== 'dialog') {
        Object.assign(env, { OPENAI_BASE_URL: `${mockUrl}/v1`, OPENAI_API_KEY: MOCK_KEY, OPENAI_MODEL: 'qwen3-coder-plus' });
      }
      return { env, args: options.args ?? [] };
    },
    idle: /Type your message/,
    prompt: /Type your message/,
    working: /esc to cancel/,
    /** Like Gemini CLI, the prompt shows before start-up ends (`Initializing...`). */
    settleMs: 3000,
    /** Ctrl+C at the idle prompt does nothing in 0.24.4; `/quit` and Enter leave. */
    exitText: '/quit',
    startMs: 120000,
    exitMs: 20000,
  },
  // ---- i18b: Pi (issue 18) ----
  pi: {
    app: 'pi',
    pkg: '@mariozechner/pi-coding-agent',
    command: 'pi',
    findBin: (prefix) => firstExisting([path.join(prefix, 'node_modules', '.bin', 'pi')]),
    /**
     * ~/.pi/agent/models.json: a custom provider `mock` (api `openai-completions`, the mock's Chat Completions)
     * with one model; settings.json makes it the default and turns install telemetry off. PI_OFFLINE skips
     * every start-up download and update check. options.noModels writes no models.json: Pi starts with
     * `No models available. Use /login …` (its first-run screen without a provider).
     */
    setup({ home, mockUrl, options = {}, bin }) {
      const dir = path.join(home, '.pi', 'agent');
      fs.mkdirSync(dir, { recursive: true });
      if (!options.noModels) {
        const models = {
          providers: {
            mock: {
              baseUrl: `${mockUrl}/v1`,
              api: 'openai-completions',
              apiKey: MOCK_KEY,
              compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
              models: [{ id: 'mock-model', name: 'Mock Model', contextWindow: 128000, maxTokens: 8192 }],
            },
          },
        };
        fs.writeFileSync(path.join(dir, 'models.json'), JSON.stringify(models, null, 2));
      }
      const settings = { defaultProvider: 'mock', defaultModel: 'mock-model', enableInstallTelemetry: false };
      fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify(settings, null, 2));
      // options.example: one of the extensions Pi ships in its package's examples/extensions/ (`permission-gate`),
      // loaded with `-e` from the installed package (found from the binary).
      const extension = options.example === undefined ? [] : ['-e', piExample(bin, options.example)];
      return { env: { ...baseEnv(home), PI_OFFLINE: '1', PI_SKIP_VERSION_CHECK: '1' }, args: [...extension, ...(options.args ?? [])] };
    },
    /** The footer under the editor: the context gauge (`0.0%/128k (auto)`) and the model, right-aligned. */
    idle: /%\/\d+k \(auto\)/,
    prompt: /%\/\d+k \(auto\)/,
    /** The loader above the editor while a turn runs: `⠦ Working...`. */
    working: /Working\.\.\./,
    settleMs: 1000,
    /** Ctrl+D on an empty editor leaves Pi. */
    exitKeys: [{ key: '\x04' }],
  },
  // ---- end i18b: Pi ----
  // ---- i18b: Cline (issue 18) ----
  cline: {
    app: 'cline',
    pkg: 'cline',
    command: 'cline',
    findBin: (prefix) => firstExisting([path.join(prefix, 'node_modules', '.bin', 'cline')]),
    /**
     * Sandbox mode (CLINE_SANDBOX=1, its data folder ~/.cline/data): everything stays in the temp HOME and no
     * hub daemon is started (outside sandbox mode Cline leaves one running after it exits). The data folder's
     * settings/providers.json selects the `openai-compatible` provider at the mock (what `cline auth -p openai
     * -k … -m mock-model -b <url>` writes). `--auto-approve false` makes Cline ask before each tool
     * (its default is to approve all). No ClinePass notice, no auto-update. options.noProvider writes no
     * providers.json: Cline opens its sign-in chooser.
     */
    setup({ home, mockUrl, options = {} }) {
      const data = path.join(home, '.cline', 'data');
      fs.mkdirSync(path.join(data, 'settings'), { recursive: true });
      if (!options.noProvider) {
        const providers = {
          version: 1,
          lastUsedProvider: 'openai-compatible',
          modes: {},
          providers: {
            'openai-compatible': {
              settings: { provider: 'openai-compatible', apiKey: MOCK_KEY, model: 'mock-model', baseUrl: `${mockUrl}/v1` },
              updatedAt: '2026-12-01T00:00:00.000Z',
              tokenSource: 'manual',
            },
          },
        };
        fs.writeFileSync(path.join(data, 'settings', 'providers.json'), JSON.stringify(providers, null, 2));
      }
      const env = {
        ...baseEnv(home),
        CLINE_SANDBOX: '1',
        CLINE_SANDBOX_DATA_DIR: data,
        CLINE_DISABLE_CLINE_PASS_NOTICE: '1',
        CLINE_NO_AUTO_UPDATE: '1',
      };
      return { env, args: ['--auto-approve', 'false', ...(options.args ?? [])] };
    },
    /** The composer between two rules, with the mode switch under it. */
    idle: /○ Plan ● Act \(Tab\)|● Plan ○ Act \(Tab\)/,
    prompt: /❯ (?:Ask anything|What can I do for you)/,
    working: /\(esc to cancel\)/,
    settleMs: 1500,
    /** Cline takes ~20 s to draw its first screen on a loaded machine, and seconds to leave. */
    startMs: 120000,
    exitMs: 30000,
    exitText: '/quit',
  },
  // ---- end i18b: Cline ----
  // ---- agents-a: Kilo Code (issue 18) ----
  kilo: {
    /** The product's name, as claude-code and qwen-code are (the command is `kilo`). */
    app: 'kilo-code',
    pkg: '@kilocode/cli',
    command: 'kilo',
    findBin: (prefix) => firstExisting([path.join(prefix, 'node_modules', '.bin', 'kilo')]),
    /**
     * Kilo Code is an OpenCode fork: kilo.json in the project (it reads kilo.json[c] and opencode.json[c])
     * with an OpenAI-compatible provider `mock` at the mock, its model the default, and bash/edit/webfetch set
     * to ask. KILO_* switches (its OpenCode ones renamed) turn off auto-update, LSP downloads, default
     * plugins, the models.dev fetch, sharing and telemetry; other requests go to a proxy on a closed port.
     */
    setup({ home, project, mockUrl, options = {} }) {
      const config = openCodeMockConfig(mockUrl);
      fs.writeFileSync(path.join(project, 'kilo.json'), JSON.stringify(config, null, 2));
      const env = {
        ...baseEnv(home),
        ...openCodeDirs(home, process.env.OSF7501_KILO_CACHE || path.join(os.tmpdir(), 'osf7501-kilo-cache')),
        KILO_DISABLE_AUTOUPDATE: '1',
        KILO_DISABLE_LSP_DOWNLOAD: 'true',
        KILO_DISABLE_DEFAULT_PLUGINS: 'true',
        KILO_DISABLE_MODELS_FETCH: 'true',
        KILO_DISABLE_SHARE: 'true',
        KILO_DISABLE_SESSION_INGEST: 'true',
        KILO_TELEMETRY_LEVEL: 'off',
        ...(options.env ?? {}),
      };
      return { env, args: options.args ?? [] };
    },
    idle: /ctrl\+p commands/,
    prompt: /Ask anything|ctrl\+p/,
    working: /esc (?:to )?interrupt/,
    settleMs: 3000,
    quiet: { maxPct: 10, windowMs: 2000, timeoutMs: 180_000 },
    startMs: 120000,
    exitText: '/exit',
  },
  // ---- end agents-a: Kilo Code ----
  // ---- i18c: Factory Droid (issue 18) ----
  droid: {
    app: 'droid',
    pkg: 'droid',
    command: 'droid',
    /** The npm package's bin/droid is the native binary itself (a hard link the install made), not a node script. */
    findBin: (prefix) => firstExisting([path.join(prefix, 'node_modules', '.bin', 'droid')]),
    /**
     * Air-gapped mode (FACTORY_AIRGAP_ENABLED=true): without it Droid opens `Please login with your Factory
     * account to continue.` even with a custom model, and its sign-in needs app.factory.ai. ~/.factory/
     * settings.json has one custom model (`customModels`, provider `generic-chat-completion-api`, the mock's
     * Chat Completions), the logo animation off and the project trusted (unless options.trusted === false: the
     * `Trust this folder?` dialog). options.signIn leaves air-gapped mode off: the Factory login screen. Other
     * requests go to a proxy on a closed local port.
     */
    setup({ home, project, mockUrl, options = {} }) {
      const dir = path.join(home, '.factory');
      fs.mkdirSync(dir, { recursive: true });
      const settings = {
        customModels: [
          {
            model: 'mock-model',
            id: 'custom:Mock-Model-0',
            index: 0,
            baseUrl: `${mockUrl}/v1`,
            apiKey: MOCK_KEY,
            displayName: 'Mock Model',
            maxOutputTokens: 8192,
            noImageSupport: true,
            provider: 'generic-chat-completion-api',
          },
        ],
        logoAnimation: 'off',
        ...(options.trusted === false ? {} : { trustedFolders: { [project]: { trustedAt: '2026-12-01T00:00:00.000Z' } } }),
      };
      fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify(settings, null, 2));
      const env = {
        ...baseEnv(home),
        HTTPS_PROXY: 'http://127.0.0.1:9',
        HTTP_PROXY: 'http://127.0.0.1:9',
        NO_PROXY: '127.0.0.1,localhost',
      };
      if (!options.signIn) env.FACTORY_AIRGAP_ENABLED = 'true';
      return { env, args: options.args ?? [] };
    },
    /** The footer under the input box: `? for help` (after a turn `[⏱ 5s] ? for help`). */
    idle: /\? for help/,
    prompt: /^│ > /m,
    /** The status row while a turn runs: `⢠ Streaming...  (Press ESC to stop)`. */
    working: /\(Press ESC to stop\)/,
    settleMs: 2000,
    /** Keys typed in the first seconds after the input shows are lost: wait until Droid stops loading. */
    quiet: { maxPct: 15, windowMs: 1500, timeoutMs: 90_000 },
    startMs: 120000,
    exitKeys: [{ key: 'ctrl-c' }, { sleep: 600 }, { key: 'ctrl-c' }],
    exitMs: 20000,
  },
  // ---- end i18c: Factory Droid ----
  // ---- i18c: Continue CLI (issue 18) ----
  continue: {
    app: 'continue',
    pkg: '@continuedev/cli',
    command: 'cn',
    findBin: (prefix) => firstExisting([path.join(prefix, 'node_modules', '.bin', 'cn')]),
    /**
     * A local config (`--config ~/.continue/config.yaml`: no Continue Hub, no sign-in) with one model, provider
     * `openai` and `apiBase` the mock's Chat Completions. Bash, Write and Edit ask before they run (its
     * default policies in TUI mode). options.noConfig writes none and passes no --config: Continue's first
     * run, which asks for an Anthropic API key. Other requests go to a proxy on a closed local port.
     */
    setup({ home, mockUrl, options = {} }) {
      const dir = path.join(home, '.continue');
      fs.mkdirSync(dir, { recursive: true });
      const env = {
        ...baseEnv(home),
        HTTPS_PROXY: 'http://127.0.0.1:9',
        HTTP_PROXY: 'http://127.0.0.1:9',
        NO_PROXY: '127.0.0.1,localhost',
        CONTINUE_CLI_ENABLE_TELEMETRY: '0',
      };
      if (options.noConfig) return { env, args: options.args ?? [] };
      const config = [
        'name: Mock',
        'version: 1.0.0',
        'schema: v1',
        'models:',
        '  - name: Mock Model',
        '    provider: openai',
        '    model: mock-model',
        `    apiBase: ${mockUrl}/v1`,
        `    apiKey: ${MOCK_KEY}`,
        '    roles: [chat, edit, apply]',
        '',
      ].join('\n');
      const file = path.join(dir, 'config.yaml');
      fs.writeFileSync(file, config);
      return { env, args: ['--config', file, ...(options.args ?? [])] };
    },
    /** The input box's placeholder, or the box's bullet `● ▋` once something is typed. */
    idle: /Ask anything, @ for context/,
    prompt: /^│ ● /m,
    /** The status row above the input while a turn runs: a spinner and `( 2s • esc to interrupt )`. */
    working: /esc to interrupt \)/,
    settleMs: 2000,
    quiet: { maxPct: 15, windowMs: 1500, timeoutMs: 90_000 },
    startMs: 120000,
    /** `/exit` typed on a busy machine lost its letters to the slash-command menu once; Ctrl+D leaves at once. */
    exitKeys: [{ key: '\x04' }],
    exitMs: 20000,
  },
  // ---- end i18c: Continue CLI ----
  // ---- wrap7: Grok CLI ----
  grok: {
    app: 'grok-cli',
    pkg: '@vibe-kit/grok-cli',
    command: 'grok',
    /** The package's bin is a node script (dist/index.js) behind node_modules/.bin/grok. */
    findBin: (prefix) => firstExisting([path.join(prefix, 'node_modules', '.bin', 'grok')]),
    /** `grok --version` prints 1.0.1 whatever the release (0.0.34 says so): the package's own version instead. */
    readVersion: (bin) => JSON.parse(fs.readFileSync(path.join(path.dirname(fs.realpathSync(bin)), '..', 'package.json'), 'utf8')).version,
    /**
     * The mock's Chat Completions through GROK_BASE_URL, GROK_API_KEY and GROK_MODEL (the environment wins over
     * ~/.grok/user-settings.json, which Grok writes on its first run). Without a key Grok exits at once with
     * `❌ Error: API key required…` (options.noKey): no screen of its own to wait at. Other requests go to a
     * proxy on a closed local port.
     */
    setup({ mockUrl, home, options = {} }) {
      const env = {
        ...baseEnv(home),
        GROK_BASE_URL: `${mockUrl}/v1`,
        GROK_MODEL: 'mock-model',
        HTTPS_PROXY: 'http://127.0.0.1:9',
        HTTP_PROXY: 'http://127.0.0.1:9',
        NO_PROXY: '127.0.0.1,localhost',
        ...(options.env ?? {}),
      };
      if (!options.noKey) env.GROK_API_KEY = MOCK_KEY;
      return { env, args: options.args ?? [] };
    },
    idle: /Type your request|Ask me anything/,
    prompt: /❯/,
    working: /esc to interrupt\)/,
    settleMs: 2000,
    quiet: { maxPct: 15, windowMs: 1500, timeoutMs: 90_000 },
    startMs: 60000,
    exitKeys: [{ key: 'ctrl-c' }, { sleep: 600 }, { key: 'ctrl-c' }],
    exitMs: 20000,
  },
  // ---- end wrap7: Grok CLI ----
};

/** CPU seconds (user + system, all threads) process PID has used so far, or undefined without /proc. */
function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime (clock ticks; 100 on Linux)
  } catch {
    return undefined;
  }
}

/**
 * Waits until process PID is quiet: it used less than `maxPct` % of one core over `windowMs`. OpenCode keeps
 * a core busy for its first ~20 CPU seconds (minutes on a loaded machine), and keys sent meanwhile show up
 * seconds late. Resolves to { quiet, waitedMs } (quiet false after `timeoutMs`, or at once without /proc).
 */
export async function waitCpuQuiet(pid, { maxPct = 10, windowMs = 2000, timeoutMs = 180_000 } = {}) {
  const start = Date.now();
  let before = cpuSeconds(pid);
  if (before === undefined) return { quiet: false, waitedMs: 0 };
  while (Date.now() - start < timeoutMs) {
    await new Promise((r) => setTimeout(r, windowMs));
    const now = cpuSeconds(pid);
    if (now === undefined) break;
    if (((now - before) * 1000 * 100) / windowMs < maxPct) return { quiet: true, waitedMs: Date.now() - start };
    before = now;
  }
  return { quiet: false, waitedMs: Date.now() - start };
}

/**
 * The processes whose working directory is `dir` (Linux /proc; [] elsewhere), oldest first: how a test finds
 * the agent a shim started in a sandbox's project folder, to wait for it with waitCpuQuiet().
 */
export function processesIn(dir) {
  let entries;
  try {
    entries = fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  const want = fs.realpathSync(dir);
  const found = [];
  for (const e of entries) {
    try {
      if (fs.readlinkSync(`/proc/${e}/cwd`) !== want) continue;
      const exe = path.basename(fs.readlinkSync(`/proc/${e}/exe`));
      found.push({ pid: Number(e), exe });
    } catch {
      // gone, or not ours to read
    }
  }
  return found.sort((a, b) => a.pid - b.pid);
}

/** Where a test keeps AGENT VERSION: `$OSF7501_AGENT_CACHE/<agent>-<version>` (default: the OS temp folder). */
export function agentCacheDir(agent, version) {
  const root = process.env.OSF7501_AGENT_CACHE || os.tmpdir();
  return path.join(root, `${agent}-${version}`);
}


/** `<agent> --version`, reduced to the version number (Pi prints it on stderr). */
export function agentVersion(bin, env = {}) {
  const run = spawnSync(bin, ['--version'], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 60_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(`${bin} --version exited with ${run.status ?? run.signal}: ${run.stderr}`);
  const out = run.stdout.trim() || run.stderr.trim();
  return /\d+\.\d+\.\d+(?:[-+][\w.]+)?/.exec(out)?.[0] ?? out;
}

/**
 * AGENT at VERSION, installed into its cache folder with `npm install --prefix` when it is not there yet.
 * Resolves to { ok: true, bin, version, dir } or, when the registry cannot be reached or the agent does not
 * run on this machine, { ok: false, reason }. Any other install failure rejects.
 */
export async function ensureAgent(agent, version, { timeoutMs = 300_000 } = {}) {
  const def = AGENTS[agent];
  if (!def) throw new Error(`unknown agent ${agent}`);
  const dir = agentCacheDir(agent, version);
  const spec = `${def.pkg}@${version}`;
  const installed = await installInto(dir, spec, version, (d) => def.findBin(d), timeoutMs);
  if (!installed.ok) return installed;
  const { bin } = installed;
  let reported;
  try {
    reported = def.readVersion?.(bin) ?? agentVersion(bin, { HOME: fs.mkdtempSync(path.join(os.tmpdir(), 'osf7501-ver-')), ...(def.versionEnv?.() ?? {}) });
  } catch (error) {
    return { ok: false, reason: `${spec} is installed but does not run here: ${String(error.message).split('\n')[0]}` };
  }
  return { ok: true, bin, version: reported, dir };
}

/** Starts test/tools/mock-agents.mjs on a free port; resolves to { url, logFile, stop() }. */
export function startAgentMock(options = {}) {
  return startMockServer(path.join(here, 'mock-agents.mjs'), options);
}

/**
 * A temp folder with `home/` and `project/` (README.md, package.json, plus `files`), set up for AGENT:
 * returns { root, home, project, env, args, remove() } — env and args to run the agent with.
 */
/** An example extension of the installed Pi package (`<package>/examples/extensions/<name>.ts`), from its binary. */
function piExample(bin, name) {
  if (bin === undefined) throw new Error(`pi: the example extension ${name} needs the pi binary (makeAgentSandbox's bin)`);
  let dir = path.dirname(fs.realpathSync(bin));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  const file = path.join(dir, 'examples', 'extensions', `${name}.ts`);
  if (!fs.existsSync(file)) throw new Error(`pi: no example extension ${file}`);
  return file;
}

export function makeAgentSandbox(agent, { mockUrl, options = {}, files = {}, bin }) {
  const def = AGENTS[agent];
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `osf7501-${agent}-`));
  const home = path.join(root, 'home');
  const project = path.join(root, 'project');
  fs.mkdirSync(home, { recursive: true });
  fs.mkdirSync(project, { recursive: true });
  fs.writeFileSync(path.join(project, 'README.md'), '# demo\n\nA tiny project for recordings.\n');
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'demo', version: '1.0.0' }, null, 2) + '\n');
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(project, name), text);
  const { env, args } = def.setup({ root, home, project, mockUrl, options, bin });
  return { root, home, project, env, args, remove: () => fs.rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }) };
}
