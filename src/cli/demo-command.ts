// `osf7501 demo [--auto-answer SECONDS]`: a short scripted session with a simulated agent, wrapped like
// any program, so a newcomer sees the reports (idle → working → blocked → working → done → clear).
import { join } from 'node:path';
import { InvalidArgumentError } from 'commander';
import { EXIT } from '../exit/codes.js';
import type { CliIo } from './io.js';
import { newProgram, parseArgs } from './program.js';
import { runCommand } from './run-command.js';
import { packageRoot } from '../rule-files/load-paths.js';

/** The simulated agent: an entry of the bundle the package ships (package.json's `bundle` script), found from the package root. */
const fakeAgentPath = (): string => join(packageRoot(), 'dist', 'bundle', 'fake-agent.js');
/** The fake agent draws Claude Code's screens, so the bundled Claude Code rules read it. */
const DEMO_RULES = 'claude-code';
/** Seconds before the demo's prompt approves itself when nobody answers. */
const DEFAULT_AUTO_ANSWER_S = 8;
/** Longest accepted --auto-answer: the demo stays under a minute or two. */
const MAX_AUTO_ANSWER_S = 120;

const DESCRIPTION =
  `Run a short scripted session (about 25 s) with a simulated coding agent, wrapped as \`osf7501 <command>\` wraps any program. It types its own task, works, asks once for permission to run a command (press 1 or Enter to approve, Esc to deny; it approves itself after --auto-answer seconds), finishes, and exits. A 7501-aware terminal shows each state as it changes; every terminal shows it in the window title, and a one-line recap follows the session; \`--log FILE\` writes every report to FILE as well.`;

function parseSeconds(value: string): number {
  const seconds = Number(value);
  if (!/^\d+$/u.test(value) || seconds > MAX_AUTO_ANSWER_S) {
    throw new InvalidArgumentError(`expected whole seconds from 0 to ${MAX_AUTO_ANSWER_S} (0 waits for you).`);
  }
  return seconds;
}

/** Runs the demo subcommand; resolves to the exit status. */
export async function demoCommand(argv: string[], io: CliIo): Promise<number> {
  let options: { autoAnswer: number; log?: string } | undefined;
  const program = newProgram('osf7501 demo', io)
    .usage('[--auto-answer SECONDS] [--log FILE]')
    .description(DESCRIPTION)
    .option('--auto-answer <seconds>', 'approve the prompt by itself after this many seconds; 0 waits for you', parseSeconds, DEFAULT_AUTO_ANSWER_S)
    .option('--log <file>', 'append every classification change and report to FILE as JSON Lines')
    .action((opts: { autoAnswer: number; log?: string }) => {
      options = opts;
    });
  const status = await parseArgs(program, argv);
  if (status !== undefined) return status;
  if (options === undefined) return EXIT.usage;
  return runCommand(
    {
      command: process.execPath,
      args: [fakeAgentPath(), '--script', '--auto-answer', String(options.autoAnswer)],
      rules: DEMO_RULES,
      ...(options.log === undefined ? {} : { log: options.log }),
    },
    io,
    // Without a 7501-aware terminal the window title shows each state live, and a recap follows.
    { requireTerminal: 'demo needs a terminal on stdin and stdout', indicator: 'osf7501 demo' },
  );
}
