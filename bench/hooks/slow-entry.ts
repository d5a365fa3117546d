// The light hook entry with a budget long enough to finish under valgrind (instruction counts): the same
// imports and the same work as dist/src/hooks/hook-entry.js, minus its 200 ms deadline.
import { runHook } from '../../src/hooks/hook-client.js';

/** Valgrind runs node some 50 times slower: the real budget would cut the call short. */
const SLOW_BUDGET_MS = 120_000;

void runHook(process.argv[2], () => process.stdin, process.env, SLOW_BUDGET_MS).then(() => process.exit(0));
