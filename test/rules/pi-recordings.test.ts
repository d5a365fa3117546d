// rules/pi.toml against real Pi recordings (fixtures/pi/<version>/), replayed through the real ShadowScreen and
// compared with the recording driver's labels. Pi 0.73.1 writes no OSC 7501 of its own and asks no permission
// (an extension may: permission-gate).
import { describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { describeAgentRecordings } from './helpers/agent-suite.js';
import { frameAt, readCast, replay } from './helpers/cast.js';
import { readLabels } from './helpers/recording-check.js';
import { bundledRules } from './helpers/screens.js';

const suite = describeAgentRecordings('pi', 'pi', 'pi.toml');
const FIXTURES = fileURLToPath(new URL('../../fixtures/pi', import.meta.url));
const generic = bundledRules('generic.toml');

describe.skipIf(!suite.found)('pi 0.73.1: what each screen is called', () => {
  test.each(['80x24', '120x32'])('a shell command and a write run without a dialog: prompt, loader, prompt (%s)', async (size) => {
    for (const scenario of ['shell-run', 'write-run', 'slow-answer', 'long-answer']) {
      expect(await suite.verdictsAtLabels(`0.73.1/${scenario}-${size}`), scenario).toEqual(['idle prompt', 'working loader', 'idle prompt']);
    }
  });

  test.each(['80x24', '120x32'])('a question in the answer is no dialog (%s)', async (size) => {
    expect(await suite.verdictsAtLabels(`0.73.1/prose-question-${size}`)).toEqual(['idle prompt', 'working loader', 'idle prompt']);
  });

  test.each(['80x24', '120x32'])('Esc mid-answer: Operation aborted, interrupted (%s)', async (size) => {
    expect(await suite.verdictsAtLabels(`0.73.1/interrupt-${size}`)).toEqual(['idle prompt', 'working loader', 'idle interrupted interrupted']);
  });

  test.each(['80x24', '120x32'])('API errors show their text (%s)', async (size) => {
    expect(await suite.verdictsAtLabels(`0.73.1/api-error-${size}`)).toEqual([
      'idle prompt',
      'working loader',
      'error error "Error: 400 The model mock-model does not accept this request (mock 400)."',
    ]);
    expect((await suite.verdictsAtLabels(`0.73.1/auth-error-${size}`)).at(-1)).toBe('error error "Error: 401 Incorrect API key provided (mock 401)."');
  });

  // Issue 31: Pi's bundled example extension permission-gate asks before `rm -rf build`: its dialog takes the
  // editor's place between the two rules, over the footer, while the loader (`⠼ Working...`) turns above it.
  test.each(['80x24', '120x32', '60x15'])('an extension dialog under the running loader is blocked, the pi rules and the generic ones (%s)', async (size) => {
    const gate = 'blocked:permission any-dialog "Dangerous command: rm -rf build Allow?"';
    for (const scenario of ['gate-allow', 'gate-deny']) {
      const name = `0.73.1/${scenario}-${size}`;
      expect(await suite.verdictsAtLabels(name), scenario).toEqual(['idle prompt', 'working loader', gate, 'working loader', 'idle prompt']);
      const frames = await replay(readCast(`${FIXTURES}/${name}.cast`));
      const blocked = readLabels(`${FIXTURES}/${name}.labels.jsonl`).find((l) => l.state === 'blocked');
      const frame = frameAt(frames, blocked?.t ?? 0);
      // The loader is on screen with the dialog, and the dialog wins over it (at 60x15 the dialog fills the screen:
      // the loader turns above it, scrolled off).
      const loader = frame?.lines.some((line) => /^ ?[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Working\.\.\./u.test(line));
      expect(loader, scenario).toBe(size !== '60x15');
      const c = generic.classify(frame?.lines ?? [], undefined, { width: frame?.cols, softWrapped: frame?.softWrapped });
      expect(`${c.state}:${c.kind} ${c.msg}`, scenario).toBe('blocked:permission Dangerous command: rm -rf build Allow?');
    }
  });

  test.each(['80x24', '120x32'])('no model configured: blocked, log in (%s)', async (size) => {
    expect(await suite.verdictsAtLabels(`0.73.1/no-model-${size}`)).toEqual(['blocked:auth no-model-warning "Warning: No models available. Use /login to log into a provider via OAuth or API key. See:"']);
  });
});
