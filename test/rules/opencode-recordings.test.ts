// rules/opencode.toml against real OpenCode recordings (fixtures/opencode/<version>/), replayed through the real
// ShadowScreen and compared with the recording driver's labels. OpenCode writes no OSC 7501 of its own.
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { agentRecordings, checkAgentRecording } from '../harness/agent-recordings.js';
import { frameAt, readCast, replay } from './helpers/cast.js';
import { readLabels } from './helpers/recording-check.js';
import { bundledRules } from './helpers/screens.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/opencode', import.meta.url));
const found = agentRecordings(FIXTURES);
const opencode = bundledRules('opencode.toml');

describe.skipIf(found.length === 0)('opencode rules on recorded sessions', () => {
  test.each(found)('%s agrees with its labels', async (_name, cast) => {
    const frames = await replay(readCast(cast));
    const labels = readLabels(cast.replace(/\.cast$/u, '.labels.jsonl'));
    expect(checkAgentRecording(opencode, frames, labels)).toEqual([]);
  });
});

/** The verdict at every driver label of one recording, as `state[:kind] rule "msg"`. */
async function verdictsAtLabels(name: string): Promise<string[]> {
  const cast = `${FIXTURES}/${name}.cast`;
  const frames = await replay(readCast(cast));
  return readLabels(cast.replace(/\.cast$/u, '.labels.jsonl'))
    .filter((l) => l.source === 'driver' && l.state !== 'exit')
    .map((l) => {
      const c = opencode.classify(frameAt(frames, l.t)?.lines ?? []);
      return `${c.state}${c.kind ? `:${c.kind}` : ''} ${c.rule ?? '-'}${c.msg === undefined ? '' : ` "${c.msg}"`}${c.interrupted ? ' interrupted' : ''}`;
    });
}

describe.skipIf(found.length === 0)('opencode 1.18.33: what each screen is called', () => {
  test.each(['80x24', '120x32'])('approve, done, deny, interrupted (%s)', async (size) => {
    expect(await verdictsAtLabels(`1.18.33/approve-then-deny-${size}`)).toEqual([
      'idle prompt',
      'working working-footer',
      'blocked:permission approve-shell "approve shell: touch build.log"',
      'working working-footer',
      'idle turn-done',
      'working working-footer',
      'blocked:permission approve-shell "approve shell: npm test"',
      'idle interrupted interrupted',
    ]);
  });
});

describe.skipIf(found.length === 0)('opencode 1.18.33: errors, edits, questions, interruptions', () => {
  test.each(['80x24', '120x32'])('an API error shows its text (%s)', async (size) => {
    expect(await verdictsAtLabels(`1.18.33/api-error-${size}`)).toEqual([
      'idle prompt',
      'working working-footer',
      'error error "The model mock-model does not accept this request (mock 400)."',
    ]);
    expect((await verdictsAtLabels(`1.18.33/auth-error-${size}`)).at(-1)).toBe('error error "Incorrect API key provided (mock 401)."');
  });

  test.each(['80x24', '120x32'])('write, question, Esc Esc (%s)', async (size) => {
    expect(await verdictsAtLabels(`1.18.33/write-approve-${size}`)).toEqual([
      'idle prompt',
      'working working-footer',
      'blocked:permission approve-edit "approve edit: notes.txt"',
      'working working-footer',
      'idle turn-done',
    ]);
    expect(await verdictsAtLabels(`1.18.33/question-${size}`)).toEqual([
      'idle prompt',
      'working working-footer',
      'blocked:question question "answer: Which database should the project use?"',
      'working working-footer',
      'idle turn-done',
    ]);
    expect(await verdictsAtLabels(`1.18.33/interrupt-${size}`)).toEqual(['idle prompt', 'working working-footer', 'idle interrupted interrupted']);
    // A question in the answer's prose is not a dialog.
    expect(await verdictsAtLabels(`1.18.33/prose-question-${size}`)).toEqual(['idle prompt', 'working working-footer', 'idle turn-done']);
  });
});
