// The command line: dispatches to a subcommand or wraps a command; returns the exit status, never exits.
import { EXIT } from '../exit/codes.js';
import type { CliIo } from './io.js';
import { ConfigError } from './config-file.js';
import { withConfig } from './run-settings.js';
import { parsePlainRunLine } from './plain-run-line.js';
import type { RunOptions } from '../session/run-options.js';

type Subcommand = (argv: string[], io: CliIo) => Promise<number>;

/**
 * Subcommands are loaded on first use: wrapping a program (the common case, and the one that stays
 * resident for hours) loads none of their code.
 */
const SUBCOMMANDS: ReadonlyMap<string, () => Promise<Subcommand>> = new Map<string, () => Promise<Subcommand>>([
  ['record', async () => (await import('./record-command.js')).recordCommand],
  ['decode', async () => (await import('./decode-command.js')).decodeCommand],
  ['hook', async () => (await import('./hook-command.js')).hookCommand],
  ['demo', async () => (await import('./demo-command.js')).demoCommand],
  ['classify', async () => (await import('./classify-command.js')).classifyCommand],
  ['rules', async () => (await import('./rules-command.js')).rulesCommand],
  ['status', async () => (await import('./status-command.js')).statusCommand],
  ['jump', async () => (await import('./jump-command.js')).jumpCommand],
  ['config', async () => (await import('./config-command.js')).configCommand],
  ...['ls', 'watch', 'wait', 'send', 'answer'].map(
    (name): [string, () => Promise<Subcommand>] => [
      name,
      async () => {
        const found = (await import('./inbox-commands.js')).INBOX_SUBCOMMANDS.find(([n]) => n === name);
        if (found === undefined) throw new Error(`no inbox subcommand ${name}`);
        return found[1];
      },
    ],
  ),
]);

/** The subcommands' names; bin/osf7501's shell part hands these to Node (test/cli/launcher.test.ts). */
export const SUBCOMMAND_NAMES: readonly string[] = [...SUBCOMMANDS.keys()];

/** Runs the CLI on `argv` (without node and script) and resolves to the process exit status. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const load = argv[0] === undefined ? undefined : SUBCOMMANDS.get(argv[0]);
  if (load !== undefined) return (await load())(argv.slice(1), io);

  // The plain line (`osf7501 [switches] [--] CMD ARGS`) needs no parser library: wrapping a program starts
  // without loading commander, which every other line (an option with a value, --help, an error) loads.
  const line = parsePlainRunLine(argv) ?? (await (await import('./run-program.js')).parseRunLine(argv, io));
  if (typeof line === 'number') return line;
  let run: RunOptions;
  try {
    run = withConfig(line.run, line.given, io.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.stderr.write(`osf7501: ${error.message}\n`);
    return EXIT.usage;
  }
  // Loaded only to wrap a program: the subcommands (\`status\` runs every few seconds) never load the session.
  return (await import('./run-command.js')).runCommand(run, io);
}
