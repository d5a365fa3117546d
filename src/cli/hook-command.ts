// `osf7501 hook <event>`: a Claude Code hook — report the event to the wrapping shim. Always exit 0, silently.
import { HOOK_EVENTS } from '../hooks/events.js';
import { HOOK_BUDGET_MS, runHook } from '../hook-channel/hook-client.js';
import { EXIT } from '../exit/codes.js';
import type { CliIo } from './io.js';
import { newProgram, parseArgs } from './program.js';

const DESCRIPTION = `Report a Claude Code hook event to the osf7501 session that runs Claude Code (through the FIFO
named by $OSF7501_HOOK_FIFO, with the token in $OSF7501_HOOK_TOKEN). Reads the hook's JSON payload
on stdin. Prints nothing and exits 0 in every case (no session, a bad payload, an unknown event), within
200 ms, so it can never block or fail the agent. osf7501 adds these hooks itself when it runs claude;
this command is for hand-made hook settings and for testing.

Events: ${HOOK_EVENTS.join(', ')}.`;

/** Runs the hook subcommand; resolves to 0 always (only `--help` prints). `budgetMs` is for benchmarks. */
export async function hookCommand(argv: string[], io: CliIo, budgetMs: number = HOOK_BUDGET_MS): Promise<number> {
  let event: string | undefined;
  const program = newProgram('osf7501 hook', io)
    .usage('<event>')
    .description(DESCRIPTION)
    .argument('[event]', 'the hook event name')
    .allowUnknownOption()
    .allowExcessArguments()
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: () => {} })
    .action((e: string | undefined) => {
      event = e;
    });
  try {
    if ((await parseArgs(program, argv)) !== undefined) return EXIT.ok;
    await runHook(event, () => io.stdin, io.env, budgetMs);
  } catch {
    // A hook never fails the agent.
  }
  return EXIT.ok;
}
