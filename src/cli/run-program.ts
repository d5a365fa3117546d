// The run command's full command line through commander: every option, --help, --version, usage errors.
import { CommanderError, InvalidArgumentError, Option } from 'commander';
import { EXIT, RUN_EXIT_HELP } from '../exit/codes.js';
import type { CliIo } from './io.js';
import { newProgram, parseArgs } from './program.js';
import type { RunOptions } from '../session/run-options.js';
import { packageVersion } from './version.js';
import type { Settings } from './config-file.js';
import { commandLineSettings } from './run-settings.js';
import { checkRecordId } from '../protocol/record-id.js';

const DESCRIPTION = `Run a terminal program (an AI agent, a shell, anything) in a pseudo-terminal,
byte-exact, and report its state to the terminal as OSC 7501.`;

const EPILOG = `
Subcommands (a program with one of these names runs as \`osf7501 -- NAME\`):
  record -o FILE.cast [--] <command> [args...]   wrap and record the session as asciicast v2
  decode [FILE]                                  print the OSC 7501 reports in a byte stream or recording
  classify [--timeline] [--explain] RECORDING    replay a recording through the rules: its state, or every report (--against-native: scored against its own reports)
  rules list | check [FILE...]                   list the rule sets, or validate rule files
  demo [--auto-answer S] [--log FILE]            a 25-second scripted session with a simulated agent
  hook <event>                                   (Claude Code hook) report a hook event to the session; silent, exit 0
  ls [--json]                                    list live sessions, most urgent first
  watch                                          the same list, live; on a terminal: select, jump, answer
  status [--tmux | --json]                       one line for status bars: 1 blocked · 1 done · 2 working
  jump [SESSION]                                 go to a session's tmux pane (the most urgent), or say where it runs
  config [--app COMMAND]                         the effective settings (config.toml) and where each came from
  wait [--until STATE] [--timeout S] [SESSION]   wait until a session is blocked, done or idle
  send [--no-enter] SESSION TEXT                 type a task into a session (refused while it is blocked)
  answer [--no-enter] SESSION CHOICE             answer a blocked session's dialog

${RUN_EXIT_HELP}
`;

/** Parses `--interval`: whole milliseconds, at least 50. */
function parseInterval(value: string): number {
  const ms = Number(value);
  if (!/^\d+$/.test(value) || ms < 50 || ms > 60_000) throw new InvalidArgumentError('expected whole milliseconds from 50 to 60000.');
  return ms;
}

/** Parses `--done-after`: whole seconds, 0 to 86400. */
function parseDoneAfter(value: string): number {
  const seconds = Number(value);
  if (!/^\d+$/.test(value) || seconds > 86_400) throw new InvalidArgumentError('expected whole seconds from 0 to 86400.');
  return seconds;
}

/** Parses `--tmux-levels`: 1 to 4. */
function parseLevels(value: string): number {
  if (!/^[1-4]$/.test(value)) throw new InvalidArgumentError('expected a number of tmux levels from 1 to 4.');
  return Number(value);
}

/** Parses `--id` with the protocol's id grammar. */
function parseId(value: string): string {
  try {
    return checkRecordId(value);
  } catch (error) {
    throw new InvalidArgumentError(error instanceof Error ? error.message.replace(/^--id "[^"]*": /, '') : String(error));
  }
}

/** The run command's options as commander hands them over. */
interface RunFlags {
  rules?: string;
  interval?: number;
  doneAfter?: number;
  onExit?: 'clear' | 'result' | 'keep';
  tmuxWrap: boolean;
  report: boolean;
  native: boolean;
  hooks: boolean;
  tmuxLevels?: number;
  id?: string;
  log?: string;
  notify?: boolean;
  notifyDesktop?: boolean;
  title?: boolean;
  progressBar?: 'auto' | 'always' | 'never';
}

/** A parsed run command line: the options, and the settings the command line gave explicitly (by config key). */
export interface RunLine {
  run: RunOptions;
  given: Partial<Settings>;
}

/**
 * Parses `osf7501 [options] [--] <command> [args...]` with commander; resolves to the run line, or to the
 * exit status when there is nothing to run (--help, --version: 0; a usage error, printed: 2).
 */
export async function parseRunLine(argv: string[], io: CliIo): Promise<RunLine | number> {
  let run: RunOptions | undefined;
  let given: Partial<Settings> = {};
  const program = newProgram('osf7501', io)
    .usage('[options] [--] <command> [args...]')
    .description(DESCRIPTION)
    .version(packageVersion(), '-V, --version', 'print the version and exit')
    .option('--rules <name|file>', 'classify with this rule set (an app name or a .toml file) instead of the one for the command')
    .option('--interval <ms>', 'longest time between screen sweeps while output streams (default 700)', parseInterval)
    .option('--done-after <seconds>', "a plain program's run or a shell's command this long reports done at its end (default 3)", parseDoneAfter)
    .addOption(
      new Option('--on-exit <policy>', 'report on exit: result = clear on status 0, else error; clear; keep = nothing')
        .choices(['result', 'clear', 'keep'])
        .default('result'),
    )
    .option('--no-tmux-wrap', 'inside tmux (or GNU screen), do not wrap reports in DCS passthrough')
    .option('--tmux-levels <n>', 'nested tmux: wrap each report once per level (default 1)', parseLevels)
    .option('--id <id>', 'report on this record id (default: tmux/<pane> inside tmux, else the root record)', parseId)
    .option('--no-report', 'wrap the program but write no OSC 7501 reports')
    .option('--no-hooks', 'for claude, do not add lifecycle hooks through --settings')
    .option('--no-native', "leave the program's own OSC 7501 query to the outer terminal (default: osf7501 answers it)")
    .option('--notify', 'when the program becomes blocked or done, show a terminal notification (OSC 9/777), at most one per state every 30 s')
    .option('--notify-desktop', 'like --notify, and also a desktop notification (notify-send, osascript) where available')
    .option('--title', "show the state in the window title: its glyph in front of the program's own title (else the program's name and the state); your title comes back at exit")
    .addOption(
      new Option('--progress-bar [mode]', "also show the state as the terminal's OSC 9;4 progress bar: auto = where the terminal is known to draw it, always, never (alone: always; before the command write --progress-bar=MODE)")
        .choices(['auto', 'always', 'never'])
        .preset('always'),
    )
    .option('--log <file>', "append every classification change and report to FILE as JSON Lines ('-' for stderr)")
    .argument('[command]', 'the program to run (looked up on PATH)')
    .argument('[args...]', "the program's own arguments, passed unchanged")
    .passThroughOptions()
    .addHelpText('after', EPILOG)
    .action((command: string | undefined, args: string[], flags: RunFlags, cmd) => {
      if (command === undefined) {
        cmd.outputHelp({ error: true });
        throw new CommanderError(EXIT.usage, 'osf7501.missingCommand', 'no command given');
      }
      run = {
        command,
        args,
        tmuxWrap: flags.tmuxWrap,
        report: flags.report,
        native: flags.native,
        hooks: flags.hooks,
        ...(flags.tmuxLevels === undefined ? {} : { tmuxLevels: flags.tmuxLevels }),
        ...(flags.id === undefined ? {} : { id: flags.id }),
        ...(flags.onExit === undefined ? {} : { onExit: flags.onExit }),
        ...(flags.rules === undefined ? {} : { rules: flags.rules }),
        ...(flags.interval === undefined ? {} : { intervalMs: flags.interval }),
        ...(flags.doneAfter === undefined ? {} : { doneAfterMs: flags.doneAfter * 1000 }),
        ...(flags.log === undefined ? {} : { log: flags.log }),
        ...(flags.notifyDesktop ? { notify: 'both' as const } : flags.notify ? { notify: 'terminal' as const } : {}),
        ...(flags.title === true ? { title: true } : {}),
        ...(flags.progressBar === undefined ? {} : { progressBar: flags.progressBar }),
      };
      given = commandLineSettings(cmd);
    });
  const status = await parseArgs(program, argv);
  if (status !== undefined) return status;
  if (run === undefined) return EXIT.usage;
  return { run, given };
}
