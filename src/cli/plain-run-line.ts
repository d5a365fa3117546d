// The plain run line, `osf7501 [SWITCH...] [--] CMD [ARGS...]`, read without commander: the common way to wrap
// a program starts faster (commander's modules are a fifth of the shim's start). Anything else is commander's.
import type { Settings } from './config-file.js';
import type { RunOptions } from '../session/run-options.js';

/** What a switch sets: the run option, and the config setting it gives explicitly (as commander's value source `cli`). */
type Switch = (run: RunOptions, given: Partial<Settings>) => void;

/** A switch that sets a run option and the config setting of the same name (`--no-native`: native = false). */
function setting(key: 'native' | 'hooks' | 'title', value: boolean): Switch {
  return (run, given) => {
    run[key] = value;
    given[key] = value;
  };
}

/**
 * The run command's options that take no value (src/cli/run-program.ts declares them for commander, and
 * test/cli/plain-run-line.test.ts checks that both read every line alike). bin/osf7501's shell part has its own list.
 */
const SWITCHES: ReadonlyMap<string, Switch> = new Map<string, Switch>([
  ['--no-report', (run) => (run.report = false)],
  ['--no-tmux-wrap', (run) => (run.tmuxWrap = false)],
  ['--no-native', setting('native', false)],
  ['--no-hooks', setting('hooks', false)],
  ['--title', setting('title', true)],
  // --notify-desktop wins over --notify, in either order.
  ['--notify', (run, given) => {
    if (run.notify !== 'both') run.notify = 'terminal';
    if (given.notify !== 'desktop') given.notify = 'terminal';
  }],
  ['--notify-desktop', (run, given) => {
    run.notify = 'both';
    given.notify = 'desktop';
  }],
]);

/**
 * The run options of a plain line, or undefined for any other line (an option with a value, --help, an
 * unknown option, no command): commander reads those.
 */
export function parsePlainRunLine(argv: readonly string[]): { run: RunOptions; given: Partial<Settings> } | undefined {
  const run: RunOptions = { command: '', args: [], tmuxWrap: true, report: true, native: true, hooks: true, onExit: 'result' };
  const given: Partial<Settings> = {};
  let i = 0;
  for (; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      i++;
      break;
    }
    const set = SWITCHES.get(arg);
    if (set === undefined) break;
    set(run, given);
  }
  const command = argv[i];
  if (command === undefined || command === '' || command.startsWith('-')) return undefined;
  run.command = command;
  run.args = argv.slice(i + 1);
  return { run, given };
}
