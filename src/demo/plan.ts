// What the fake agent does in one turn: a seeded list of steps (thinking, prose, tool calls, the end).
import type { RenderStyle } from './ansi.js';
import { makeRng, substreamSeed, type Rng } from './rng.js';

/** One step of a turn. Durations are in ms at time scale 1. */
export type Step =
  | { type: 'think'; ms: number; verb: string }
  | { type: 'say'; text: string }
  | { type: 'tool'; command: string; description: string; result: string; ms: number; permission: boolean }
  | { type: 'finish'; lines: string[]; question: string | undefined; verb: string };

/** One turn: how it is drawn and what happens in it. */
export interface TurnPlan {
  style: RenderStyle;
  steps: Step[];
}

/** Chance that a tool call needs the user's approval (25 prompts in 30 turns with seed 7). */
const PERMISSION_CHANCE = 0.4;
/** Chance that a turn ends with a question in prose. */
const QUESTION_CHANCE = 0.35;
/** Tool calls run silently for 0.5–6 s, most of them short. */
const TOOL_MS = { min: 500, max: 6000 } as const;

const VERBS = ['Pondering', 'Herding', 'Baking', 'Cogitating', 'Churning', 'Noodling', 'Percolating', 'Simmering'];
const DONE_VERBS = ['Baked', 'Cogitated', 'Churned', 'Brewed', 'Crunched'];
const TOOLS: ReadonlyArray<readonly [command: string, description: string, result: string]> = [
  ['npm test', 'Run the test suite', '42 passed, 1 failed'],
  ['rm -rf build', 'Remove the stale build output', 'Done'],
  ['git push origin fix/login-timeout', 'Push the fix branch', 'To github.com:acme/app.git'],
  ['npm install zod@3', 'Add the schema validator', 'added 1 package'],
  ['docker compose up -d db', 'Start the test database', 'Container app-db-1 Started'],
  ['make clean all', 'Rebuild everything from scratch', 'Build finished'],
  ['sed -i s/3000/8080/ config/dev.json', 'Change the dev port', 'Done'],
  ['git commit -am "Fix login timeout"', 'Commit the fix', '[fix/login-timeout 4f2c1d9] Fix login timeout'],
  ['curl -fsS localhost:8080/health', 'Check the health endpoint', '{"ok":true}'],
  ['npx tsc --noEmit', 'Type-check the project', 'No errors'],
];
const SAYINGS = [
  "I'll start by reading the failing test.",
  'The timeout comes from the session refresh, not the login form.',
  'Let me check how the config is loaded.',
  'The cache key ignores the locale, which explains the stale pages.',
  'I found two call sites that still use the old API.',
  'Next I will run the tests again.',
];
const ENDINGS = [
  'Fixed: the session refresh now waits for the token before retrying.',
  'Done. The build uses the new port and the health check passes.',
  'The cache key now includes the locale; stale pages are gone.',
  'Both call sites use the new API and the type check is clean.',
  'The migration ran and the schema matches the models again.',
];
const QUESTIONS = [
  'Would you like me to add a regression test?',
  'Should I also update the changelog?',
  'Do you want me to open a pull request?',
];

/** The turn the agent runs for its `task`-th task (1-based), the same for a given seed whatever ran before. */
export function planTurn(seed: number, task: number): TurnPlan {
  const rng = makeRng(substreamSeed(seed, task));
  const style: RenderStyle = rng.chance(0.5) ? 'plain' : 'cursor';
  const steps: Step[] = [think(rng, 800, 3000)];
  const tools = rng.pick([1, 1, 2, 2, 2, 3]);
  for (let i = 0; i < tools; i++) {
    if (rng.chance(0.6)) steps.push({ type: 'say', text: rng.pick(SAYINGS) });
    const [command, description, result] = rng.pick(TOOLS);
    const u = rng.next();
    const ms = Math.round(TOOL_MS.min + (TOOL_MS.max - TOOL_MS.min) * u * u);
    steps.push({ type: 'tool', command, description, result, ms, permission: rng.chance(PERMISSION_CHANCE) });
    steps.push(think(rng, 500, 2500));
  }
  const lines = [rng.pick(ENDINGS)];
  const question = rng.chance(QUESTION_CHANCE) ? rng.pick(QUESTIONS) : undefined;
  steps.push({ type: 'finish', lines, question, verb: rng.pick(DONE_VERBS) });
  return { style, steps };
}

function think(rng: Rng, min: number, max: number): Step {
  return { type: 'think', ms: Math.round(rng.between(min, max)), verb: rng.pick(VERBS) };
}
