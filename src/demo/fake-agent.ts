// `node dist/src/demo/fake-agent.js [--seed N] [--truth-log FILE] [--time-scale X] [--script [--auto-answer S]]`:
// a simulated coding agent that draws like Claude Code (for `osf7501 demo` and bench/live). An entry
// point, so it may exit the process.
import { parseArgs } from 'node:util';
import { FakeAgent } from './agent.js';
import { parseKeys } from './keys.js';
import { DEMO_SCRIPT } from './script.js';
import { TruthLog } from './truth-log.js';

/** Width used when stdout is not a terminal. */
const FALLBACK_COLS = 80;

const USAGE = `usage: fake-agent [--seed N] [--truth-log FILE] [--time-scale X] [--script [--auto-answer SECONDS]]
  --seed N          the turns it plays (default 1)
  --truth-log FILE  append its true state as JSON lines, stamped with the system monotonic clock in ms
  --time-scale X    multiply every thinking and tool duration by X (default 1)
  --script          the demo's scripted session: types its own task, exits after one turn
  --auto-answer S   with --script: approve the prompt after S seconds (default 8; 0 = wait for a key)
keys: 1 or Enter approves a prompt, Esc (or 2) denies it; a line + Enter submits a task; /exit quits; ^C quits.
`;

function fail(message: string): never {
  process.stderr.write(`fake-agent: ${message}\n${USAGE}`);
  process.exit(2);
}

function number(name: string, text: string, min: number): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value < min) fail(`--${name} must be a number ≥ ${min}, got "${text}"`);
  return value;
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        seed: { type: 'string', default: '1' },
        'truth-log': { type: 'string' },
        'time-scale': { type: 'string', default: '1' },
        script: { type: 'boolean', default: false },
        'auto-answer': { type: 'string', default: '8' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
})();

if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}

const autoAnswer = number('auto-answer', values['auto-answer'], 0);
const stdin = process.stdin;
const agent = new FakeAgent({
  seed: Math.floor(number('seed', values.seed, 0)),
  timeScale: number('time-scale', values['time-scale'], 0),
  cols: process.stdout.columns || FALLBACK_COLS,
  write: (bytes) => process.stdout.write(bytes),
  ...(values['truth-log'] !== undefined ? { truth: new TruthLog(values['truth-log']) } : {}),
  ...(values.script ? { script: DEMO_SCRIPT, autoAnswerMs: autoAnswer > 0 ? autoAnswer * 1000 : null } : {}),
  onExit: (status) => {
    if (stdin.isTTY) stdin.setRawMode(false);
    process.stdout.write('', () => process.exit(status));
  },
});

if (stdin.isTTY) stdin.setRawMode(true);
stdin.setEncoding('utf8');
stdin.on('data', (data: string) => {
  for (const key of parseKeys(data)) agent.key(key);
});
stdin.on('end', () => agent.quit(0));
process.stdout.on('resize', () => agent.resize(process.stdout.columns || FALLBACK_COLS));
await agent.run();
