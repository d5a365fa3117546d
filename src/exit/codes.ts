// Every exit status of the osf7501 command, in one table (README.md › Exit status). A wrapped or directly run
// program's own status is passed through unchanged (128 + N when signal N killed it: src/pty/exit-status.ts).

/** The statuses osf7501 itself exits with. */
export const EXIT = {
  ok: 0,
  /** `wait`: the timeout passed before the state was reached. */
  timeout: 1,
  /** Usage error: unknown option, missing command, bad value, invalid rules or config.toml, an unopenable `--log`,
   *  a SESSION prefix that matches several, an unsafe registry directory. */
  usage: 2,
  /** No live session matches SESSION, or it ended (its shim is gone) before the command could finish. */
  noSession: 3,
  /** `send` to a blocked session, `answer` to one that is not blocked (or already answered): nothing was typed. */
  refused: 4,
  /** `classify --against-native`: one or more of the program's own reports disagreed with the screen rules. */
  disagreed: 5,
  /** Internal error inside the shim (the terminal is restored first). */
  internal: 70,
  /** The command was found but cannot be executed. */
  notExecutable: 126,
  /** The command was not found. */
  notFound: 127,
} as const;

/** The exit-status paragraph of `osf7501 --help`. */
export const RUN_EXIT_HELP = `Exit status: the command's own status (128+N when it was killed by signal N);
${EXIT.usage} for a usage error; ${EXIT.notExecutable} when the command cannot be executed; ${EXIT.notFound} when it is not
found; ${EXIT.internal} for an internal error of osf7501.`;

/** The exit-status paragraph shared by the inbox commands' help (ls, watch, wait, send, answer, jump). */
export const INBOX_EXIT_HELP = `
Exit status: ${EXIT.ok} success; ${EXIT.timeout} wait timed out; ${EXIT.usage} usage error (bad option, ambiguous
SESSION, unsafe registry directory); ${EXIT.noSession} no live session matches SESSION, or it
ended; ${EXIT.refused} refused (send to a blocked session, answer to one that is not blocked).
`;
