// Exit statuses of the inbox commands (ls, watch, wait, send, answer), documented in their --help.

export const INBOX_EXIT = {
  ok: 0,
  /** `wait`: the timeout passed before the state was reached. */
  timeout: 1,
  /** Usage error: unknown option, bad value, a SESSION prefix that matches several, an unsafe registry directory. */
  usage: 2,
  /** No live session matches SESSION, or it ended (its shim is gone) before the command could finish. */
  noSession: 3,
  /** `send` to a blocked session, `answer` to one that is not blocked (or already answered): nothing was typed. */
  refused: 4,
} as const;

/** The exit-status paragraph shared by the inbox commands' help. */
export const INBOX_EXIT_HELP = `
Exit status: 0 success; 1 wait timed out; 2 usage error (bad option, ambiguous
SESSION, unsafe registry directory); 3 no live session matches SESSION, or it
ended; 4 refused (send to a blocked session, answer to one that is not blocked).
`;
