// The inbox subcommands, for main.ts's SUBCOMMANDS table.
import type { CliIo } from './io.js';
import { lsCommand } from './ls-command.js';
import { answerCommand, sendCommand } from './send-command.js';
import { waitCommand } from './wait-command.js';
import { watchCommand } from './watch-command.js';

/** `ls`, `watch`, `wait`, `send`, `answer`: name → runner. */
export const INBOX_SUBCOMMANDS: ReadonlyArray<[string, (argv: string[], io: CliIo) => Promise<number>]> = [
  ['ls', (argv, io) => lsCommand(argv, io)],
  ['watch', (argv, io) => watchCommand(argv, io)],
  ['wait', waitCommand],
  ['send', sendCommand],
  ['answer', answerCommand],
];
