// `osf7501 send SESSION TEXT` and `osf7501 answer SESSION CHOICE`: type into a session, safely.
import type { SessionEntry } from '../inbox/entry.js';
import { EXIT, INBOX_EXIT_HELP } from '../exit/codes.js';
import type { InputOp } from '../inbox/input-decision.js';
import { requestInput } from '../inbox/input-client.js';
import { printable, stateLabel } from '../inbox/format.js';
import { runtimeDirPath, socketPath } from '../inbox/runtime-dir.js';
import { findSession, listSessions } from './session-lookup.js';
import type { CliIo } from './io.js';
import { newProgram, parseArgs } from './program.js';

const HELP: Record<InputOp, { usage: string; description: string; text: string }> = {
  send: {
    usage: '[--no-enter] SESSION TEXT',
    description:
      'Type TEXT into SESSION (an id, a unique id prefix, or the shim\'s pid) as if you typed it, then Enter.\n' +
      'Refused while the session is blocked (a permission dialog, a question, a password prompt): a task\n' +
      'must never land in a dialog as its answer. The shim checks at the moment it writes.',
    text: 'the text to type',
  },
  answer: {
    usage: '[--no-enter] SESSION CHOICE',
    description:
      'Answer a blocked SESSION: type CHOICE (then Enter). Refused when the session is not blocked, and for a\n' +
      'second answer before the screen has changed.',
    text: 'what to type into the dialog (e.g. 1, y, a password)',
  },
};

function refusalLine(op: InputOp, entry: SessionEntry, refusal: string, state: string): string {
  const what = entry.msg ? ` (${printable(entry.msg, 120)})` : '';
  switch (refusal) {
    case 'blocked':
      return `osf7501 send: refused: session ${entry.id} is blocked${what}; answer it with: osf7501 answer ${entry.id} CHOICE`;
    case 'not-blocked':
      return `osf7501 answer: refused: session ${entry.id} is ${state}, not blocked`;
    default:
      return `osf7501 ${op}: refused: session ${entry.id} was already answered; its screen has not changed since`;
  }
}

/** Runs `send` or `answer`. */
async function inputCommand(op: InputOp, argv: string[], io: CliIo): Promise<number> {
  const name = `osf7501 ${op}`;
  const help = HELP[op];
  let parsed: { session: string; text: string; enter: boolean } | undefined;
  const program = newProgram(name, io)
    .usage(help.usage)
    .description(help.description)
    .argument('<session>', 'an id, a unique id prefix, or the shim pid (see osf7501 ls)')
    .argument('<text>', help.text)
    .option('--no-enter', 'do not press Enter after the text')
    .addHelpText('after', INBOX_EXIT_HELP)
    .action((session: string, text: string, flags: { enter: boolean }) => {
      parsed = { session, text, enter: flags.enter };
    });
  const status = await parseArgs(program, argv);
  if (status !== undefined) return status;
  if (parsed === undefined) return EXIT.usage;
  const sessions = listSessions(name, io);
  if (typeof sessions === 'number') return sessions;
  const entry = findSession(name, io, parsed.session, sessions);
  if (typeof entry === 'number') return entry;
  const result = await requestInput(socketPath(runtimeDirPath(io.env), entry.id), { op, text: parsed.text, enter: parsed.enter });
  if (result.ok) return EXIT.ok;
  if ('refusal' in result) {
    io.stderr.write(`${refusalLine(op, entry, result.refusal, result.state)}\n`);
    return EXIT.refused;
  }
  if (result.error === 'unreachable') {
    io.stderr.write(`${name}: session ${entry.id} (${stateLabel(entry)}) does not accept input: ${result.code}\n`);
    return EXIT.noSession;
  }
  io.stderr.write(`${name}: session ${entry.id} rejected the request as malformed\n`);
  return EXIT.usage;
}

/** `osf7501 send`. */
export function sendCommand(argv: string[], io: CliIo): Promise<number> {
  return inputCommand('send', argv, io);
}

/** `osf7501 answer`. */
export function answerCommand(argv: string[], io: CliIo): Promise<number> {
  return inputCommand('answer', argv, io);
}
