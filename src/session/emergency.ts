// Last-resort cleanups run when the shim itself fails: restore the terminal, release the child.

const cleanups = new Set<() => void>();

/** Registers a cleanup to run if the shim crashes; returns a function that unregisters it. */
export function onEmergency(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** Runs every registered cleanup once, swallowing their own faults. */
export function runEmergencyCleanups(): void {
  for (const cleanup of [...cleanups]) {
    cleanups.delete(cleanup);
    try {
      cleanup();
    } catch {
      // Keep going: the terminal must be restored whatever else fails.
    }
  }
}
