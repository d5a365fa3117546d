// A hook's signal survives its asciicast marker, and a marker that is not a well-formed signal is no signal.
import { describe, expect, test } from 'vitest';
import { formatHookMarker, parseHookMarker } from '../../src/signals/hook-marker.js';
import type { HookSignal } from '../../src/hooks/events.js';

describe('osf7501:hook markers', () => {
  test.each<HookSignal>([
    { event: 'Stop', state: 'done' },
    { event: 'PermissionRequest', state: 'blocked', kind: 'permission', msg: 'approve Bash: npm test', tool: 'Bash' },
    { event: 'StopFailure', state: 'error', msg: 'usage limit · resets 3:45pm', resets: '3:45pm' },
    { event: 'SubagentStart', state: 'working', subagent: { id: 'a31bf86884dfd3ebc', phase: 'start', title: 'general-purpose' } },
    { event: 'PostToolUse', state: 'working', tasks: { done: 3, total: 7, current: 'Running the tests' } },
    { event: 'agent-turn-complete', agent: 'codex', state: 'done' },
  ])('%j round-trips', (signal) => {
    expect(parseHookMarker(formatHookMarker(signal))).toEqual(signal);
  });

  test.each(['osf7501:input', 'osf7501:hook ', 'osf7501:hook {"event":"Stop"}', 'osf7501:hook {"event":"Stop","state":"clear"}', 'osf7501:hook [1]', 'osf7501:hook {"event":1,"state":"done"}'])(
    '%j is no signal',
    (label) => {
      expect(parseHookMarker(label)).toBeUndefined();
    },
  );

  test('fields of the wrong type are dropped, the rest kept', () => {
    expect(parseHookMarker('osf7501:hook {"event":"Stop","state":"done","msg":3,"kind":"nope","tasks":{"done":-1,"total":2}}')).toEqual({ event: 'Stop', state: 'done' });
  });
});
