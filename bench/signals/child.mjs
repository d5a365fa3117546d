// Benchmark child for bench/signals: gives one kind of signal ROUNDS times, and appends to $SIGNALS_LOG
// the moment it gave each one: `<CLOCK_MONOTONIC ns> <signal> <expected state>` (process.hrtime is
// CLOCK_MONOTONIC, the clock the bench reads its reports with).
//
//   node child.mjs native   the agent's own report: prints an OSC 7501 report, working and idle in turn
//   claude …                (installed as `claude`, see run.ts) calls the lifecycle hooks the shim
//                           injected into its --settings, as Claude Code does: `sh -c '<command>'` with
//                           the JSON payload on stdin; UserPromptSubmit (working) and Stop (done) in turn
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';

const ROUNDS = Number(process.env.SIGNALS_ROUNDS ?? 10);
const GAP_MS = Number(process.env.SIGNALS_GAP_MS ?? 2000);
const log = process.env.SIGNALS_LOG;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const out = (s) => process.stdout.write(s);
const stamp = (signal, state) => {
  if (log) appendFileSync(log, `${process.hrtime.bigint()} ${signal} ${state}\n`);
};

/** The `--settings` value the shim gave: inline JSON, or the path of a file in its private directory. */
function injectedSettings(argv) {
  let value;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--settings') value = argv[++i];
    else if (argv[i]?.startsWith('--settings=')) value = argv[i].slice('--settings='.length);
  }
  if (value === undefined) throw new Error('no --settings: the shim injected no hooks');
  const text = value.trim().startsWith('{') ? value : readFileSync(value, 'utf8');
  return JSON.parse(text);
}

/** Runs every command hook of `event` the way Claude Code does, without waiting for it. */
function callHook(settings, event, payload) {
  const groups = settings.hooks?.[event] ?? [];
  const commands = groups.flatMap((g) => g.hooks.filter((h) => h.type === 'command').map((h) => h.command));
  if (commands.length === 0) throw new Error(`no ${event} hook in the injected settings`);
  for (const command of commands) {
    const child = spawn('sh', ['-c', command], { stdio: ['pipe', 'ignore', 'ignore'] });
    // With SIGNALS_DEBUG, when the hook command ended (a `#` line: not a signal, only for the timeline).
    if (process.env.SIGNALS_DEBUG && log) child.on('exit', () => appendFileSync(log, `# ${process.hrtime.bigint()} ${event} hook exited\n`));
    child.stdin.on('error', () => undefined);
    child.stdin.end(JSON.stringify({ session_id: 'bench', cwd: process.cwd(), hook_event_name: event, ...payload }));
  }
}

const mode = process.argv[2] === 'native' ? 'native' : 'hook';
out(`\x1b[2J\x1b[Hbench/signals child (${mode}), ${ROUNDS} rounds\r\n`);
await sleep(1000);
if (mode === 'native') {
  for (let round = 0; round < ROUNDS; round++) {
    const state = round % 2 === 0 ? 'working' : 'idle';
    stamp('native', state);
    out(`\x1b]7501;state=${state}:app=bench-agent\x1b\\`);
    await sleep(GAP_MS / 2);
  }
} else {
  const settings = injectedSettings(process.argv.slice(2));
  for (let round = 0; round < ROUNDS; round++) {
    stamp('hook-working', 'working');
    callHook(settings, 'UserPromptSubmit', { prompt: `round ${round}` });
    await sleep(GAP_MS);
    stamp('hook-done', 'done');
    callHook(settings, 'Stop', { stop_hook_active: false });
    await sleep(GAP_MS);
  }
}
await sleep(500);
