// V8's memory reducer kept idle by a flag set at run time: on this Node the flag is known (V8 says nothing on
// stderr) and really keeps the reducer from arming when the old generation grows; under a V8 it does not know,
// nothing is set.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { knowsReducerFlag, quietMemoryReducer, REDUCER_OFF_FLAG } from '../../src/session/memory-reducer.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const MODULE = join(REPO, 'dist', 'src', 'session', 'memory-reducer.js');

/**
 * A Node program whose old generation grows by a few MB after start-up (survivors of several young
 * collections), as the shim's does while it loads; with `quiet`, quietMemoryReducer() runs first. V8's
 * `--trace-gc-verbose` prints `Memory reducer: …` when the reducer's timer fires, which
 * `--gc-memory-reducer-start-delay-ms` brings to 100 ms after it armed.
 */
function grow(quiet: boolean): { stdout: string; stderr: string; status: number | null } {
  const program = [
    `import { quietMemoryReducer } from ${JSON.stringify(MODULE)};`,
    quiet ? 'console.log("set", quietMemoryReducer());' : '',
    'const keep = [];',
    'for (let round = 0; round < 8; round++) {',
    '  for (let i = 0; i < 5000; i++) keep.push({ i, s: "x" + i });',
    '  for (let i = 0; i < 60000; i++) void { i, s: "y" + i };',
    '}',
    'setTimeout(() => console.log("held", keep.length), 1000);',
  ].join('\n');
  const r = spawnSync(process.execPath, ['--trace-gc-verbose', '--gc-memory-reducer-start-delay-ms=100', '--input-type=module', '-e', program], { encoding: 'utf8' });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

const KNOWN = knowsReducerFlag(process.versions.v8);
if (!KNOWN) console.warn(`skipping the flag's own test: V8 ${process.versions.v8} is not in KNOWN_V8_MAJORS`);

describe('quietMemoryReducer', () => {
  test('without it, growing the old generation arms the reducer (its timer fires)', () => {
    const r = grow(false);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('held 40000');
    expect(r.stdout).toMatch(/Memory reducer: /);
  });

  test.runIf(KNOWN)('with it the reducer stays idle, and V8 takes the flag without a word on stderr', () => {
    const r = grow(true);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('set true');
    expect(r.stdout).toContain('held 40000');
    expect(r.stdout).not.toMatch(/Memory reducer: /);
    expect(r.stderr).toBe('');
  });

  test('a V8 it does not know gets no flag (an unknown one would be two lines on the terminal)', () => {
    const set: string[] = [];
    expect(quietMemoryReducer('99.1.0', (flags) => set.push(flags))).toBe(false);
    expect(quietMemoryReducer('', (flags) => set.push(flags))).toBe(false);
    expect(set).toEqual([]);
    expect(quietMemoryReducer('11.3.244.8-node.38', (flags) => set.push(flags))).toBe(true);
    expect(set).toEqual([REDUCER_OFF_FLAG]);
  });

  test('a V8 that refuses the flag leaves the defaults: no throw', () => {
    expect(
      quietMemoryReducer('11.3.244.8-node.38', () => {
        throw new Error('refused');
      }),
    ).toBe(false);
  });

  test('the V8 versions: the major counts', () => {
    expect(knowsReducerFlag('11.3.244.8-node.38')).toBe(true);
    expect(knowsReducerFlag('11.8.172.17-node.20')).toBe(true);
    expect(knowsReducerFlag('12.4.254.21-node.33')).toBe(false);
    expect(knowsReducerFlag('not a version')).toBe(false);
  });
});
