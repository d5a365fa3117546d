// The command line: parses argv with commander and dispatches; returns the exit status, never exits.
import { Command, CommanderError } from 'commander';
import { EXIT } from './exit-codes.js';
import type { CliIo } from './io.js';
import { runCommand } from './run-command.js';
import { packageVersion } from './version.js';

const DESCRIPTION = `Run a terminal program (an AI agent, a shell, anything) in a pseudo-terminal,
byte-exact, and report its state to the terminal as OSC 7501.

Exit status: the command's own status (128+N when it was killed by signal N);
2 for a usage error; 126 when the command cannot be executed; 127 when it is not
found; 70 for an internal error of osf7501.`;

function buildProgram(io: CliIo, onRun: (command: string, args: string[]) => void): Command {
  return new Command('osf7501')
    .usage('[options] [--] <command> [args...]')
    .description(DESCRIPTION)
    .version(packageVersion(), '-V, --version', 'print the version and exit')
    .helpOption('-h, --help', 'print this help and exit')
    .argument('[command]', 'the program to run (looked up on PATH)')
    .argument('[args...]', "the program's own arguments, passed unchanged")
    .passThroughOptions()
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .action((command: string | undefined, args: string[], _opts, cmd: Command) => {
      if (command === undefined) {
        cmd.outputHelp({ error: true });
        throw new CommanderError(EXIT.usage, 'osf7501.missingCommand', 'no command given');
      }
      onRun(command, args);
    });
}

/** Runs the CLI on `argv` (without node and script) and resolves to the process exit status. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  let run: { command: string; args: string[] } | undefined;
  const program = buildProgram(io, (command, args) => {
    run = { command, args };
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT.ok;
      return EXIT.usage;
    }
    throw error;
  }
  if (run === undefined) return EXIT.usage;
  return runCommand(run, io);
}
