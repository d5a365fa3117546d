// V8's memory reducer kept from arming itself in the shim's process (bin/osf7501 calls this first thing): its
// full GCs cost a spinner-only session more than a second of its output does (see bench/README.md, "Lean").
//
// V8 arms the reducer when the old generation first grows by 1 MB after start-up (`--memory-reducer-for-
// small-heaps`), which happens while the shim's modules load; 8 s later, when the program draws only a
// spinner (a low allocation rate), the reducer runs two or three full GCs, each marking the whole heap
// (~30–40 ms of CPU, mostly V8's helper threads). V8 reads that flag at the moment the old generation grows,
// so setting it at run time, before then, keeps the reducer idle; `--no-memory-reducer` set at run time does
// not (the reducer still ran). Set after the child's first output (with reporting) it came too late in 2 of 3
// runs. The young generation's collections still shrink it, and V8's ordinary full GCs still come when the old
// generation reaches its limit.
import { setFlagsFromString } from 'node:v8';

/** The flag set (V8 11.3, Node 20: `node --v8-options` lists `--memory-reducer-for-small-heaps`). */
export const REDUCER_OFF_FLAG = '--no-memory-reducer-for-small-heaps';

/**
 * The V8 major versions the flag is known in. V8 answers an unknown flag with two lines on stderr — the
 * user's terminal in a session — so under any other V8 the flag is left alone.
 */
export const KNOWN_V8_MAJORS: readonly number[] = [11];

/** Whether `v8Version` (`process.versions.v8`, e.g. `11.3.244.8-node.38`) is one the flag is known in. */
export function knowsReducerFlag(v8Version: string): boolean {
  return KNOWN_V8_MAJORS.includes(Number(/^(\d+)\./u.exec(v8Version)?.[1]));
}

/**
 * Keeps V8's memory reducer from arming itself; true when the flag was set. Never throws: a V8 that is not
 * known, or that refuses the flag, leaves the defaults (the session only costs what it did before).
 */
export function quietMemoryReducer(v8Version: string = process.versions.v8, set: (flags: string) => void = setFlagsFromString): boolean {
  if (!knowsReducerFlag(v8Version)) return false;
  try {
    set(REDUCER_OFF_FLAG);
    return true;
  } catch {
    return false;
  }
}
