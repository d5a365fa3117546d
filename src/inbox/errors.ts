// Typed errors of the inbox: each names the thing, the value and what was expected.

/** Stable codes of inbox errors. */
type InboxErrorCode = 'runtime-dir-unsafe' | 'runtime-dir-unavailable';

/** The registry directory cannot be used (wrong owner, group/world access, not a directory). */
export class InboxError extends Error {
  constructor(
    readonly code: InboxErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'InboxError';
  }
}
