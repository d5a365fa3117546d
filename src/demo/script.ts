// The scripted session of `osf7501 demo`: one short turn with one permission prompt.
import type { TurnPlan } from './plan.js';

/** What the scripted session shows and how long it lingers. Durations are in ms. */
export interface DemoScript {
  banner: string[];
  /** Idle time before the task is typed, so the idle state is seen. */
  idleMs: number;
  task: string;
  /** Time between two typed characters. */
  typingMs: number;
  plan: TurnPlan;
  /** How long the result stays on screen before the agent exits. */
  lingerMs: number;
}

/** The demo's script: about 25 s when the prompt answers itself. */
export const DEMO_SCRIPT: DemoScript = {
  banner: [
    ' ✻ osf7501 demo: a simulated coding agent (not Claude Code, no network)',
    '   It will ask once for permission: press 1 or Enter to approve, Esc to deny.',
    '   Your terminal gets an OSC 7501 report each time its state changes.',
    '',
  ],
  idleMs: 2500,
  task: 'fix the failing build',
  typingMs: 60,
  plan: {
    style: 'cursor',
    steps: [
      { type: 'think', ms: 1800, verb: 'Investigating' },
      { type: 'say', text: "I'll run the build to see the error." },
      { type: 'tool', command: 'npm run build', description: '', result: '1 error: stale files in build/', ms: 1500, permission: false },
      { type: 'think', ms: 1200, verb: 'Pondering' },
      { type: 'tool', command: 'rm -rf build', description: 'Remove the stale build output', result: 'Done', ms: 1000, permission: true },
      { type: 'think', ms: 1500, verb: 'Rebuilding' },
      {
        type: 'finish',
        lines: ['Fixed: stale files in build/ shadowed the new sources; the build passes now.'],
        question: 'Would you like me to add a regression test?',
        verb: 'Baked',
      },
    ],
  },
  lingerMs: 6000,
};
