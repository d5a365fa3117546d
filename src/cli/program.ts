// Shared commander set-up: output through the CLI's streams, errors as statuses instead of exits.
import { Command, CommanderError } from 'commander';
import { EXIT } from '../exit/codes.js';
import type { CliIo } from './io.js';

/** A commander program that writes through `io` and throws instead of exiting. */
export function newProgram(name: string, io: CliIo): Command {
  return new Command(name)
    .helpOption('-h, --help', 'print this help and exit')
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(text.replace(/^error: /, `${name}: `)),
    });
}

/** Parses argv; resolves to undefined when the action should go on, or to the exit status. */
export async function parseArgs(program: Command, argv: string[]): Promise<number | undefined> {
  try {
    await program.parseAsync(argv, { from: 'user' });
    return undefined;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT.ok;
      return EXIT.usage;
    }
    throw error;
  }
}
