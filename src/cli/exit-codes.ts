// The shim's own exit statuses (a wrapped child's status is passed through unchanged).

/** Documented in README.md › Exit status. */
export const EXIT = {
  ok: 0,
  /** Usage error: unknown option, missing command, invalid rules or arguments. */
  usage: 2,
  /** Internal error inside the shim (the terminal is restored first). */
  internal: 70,
  /** The command was found but cannot be executed. */
  notExecutable: 126,
  /** The command was not found. */
  notFound: 127,
} as const;
