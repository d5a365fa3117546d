// The light hook entry, run by Claude Code for each hook: `node dist/src/hooks/hook-entry.js <event>`.
// It skips the CLI (commander, node-pty, the rules): only node:net and the pure mapping load. Exits 0,
// prints nothing, whatever happens, and within the hook budget.
import { HOOK_BUDGET_MS, runHook } from './hook-client.js';

/** A last guard over the budget: even a stuck stdin or socket cannot keep the hook alive past it. */
const HARD_EXIT_MS = HOOK_BUDGET_MS + 50;

const leave = (): never => process.exit(0);
process.on('uncaughtException', leave);
process.on('unhandledRejection', leave);
setTimeout(leave, HARD_EXIT_MS);
void runHook(process.argv[2], () => process.stdin, process.env).then(leave, leave);
