// The plain run line read without commander must mean what commander makes of it: for every line here the
// fast reader either leaves it to commander (undefined) or gives the same run options and the same explicit
// settings as src/cli/run-program.ts, which is commander with the run command's real declaration.
import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { parsePlainRunLine } from '../../src/cli/plain-run-line.js';
import { parseRunLine } from '../../src/cli/run-program.js';
import type { CliIo } from '../../src/cli/io.js';

function io(): CliIo {
  const stream = (): NodeJS.WriteStream => new PassThrough() as unknown as NodeJS.WriteStream;
  return { stdin: new PassThrough() as unknown as NodeJS.ReadStream, stdout: stream(), stderr: stream(), env: {}, cwd: '/' };
}

const SWITCHES = ['--no-report', '--no-tmux-wrap', '--no-native', '--no-hooks', '--title', '--notify', '--notify-desktop'];

/** Lines the fast reader takes: every switch alone, pairs in both orders, repeats, `--`, options after the command. */
const PLAIN: string[][] = [
  ['printf', 'x'],
  ['claude'],
  ['--', 'printf', '--no-report'],
  ['--', 'status'],
  ['sh', '-c', 'exit 3'],
  ['printf', '--no-report', '--', '-x'],
  ...SWITCHES.map((s) => [s, 'printf', 'x']),
  ...SWITCHES.flatMap((a) => SWITCHES.map((b) => [a, b, 'cmd', 'arg'])),
  ['--no-report', '--no-report', '--', 'cmd'],
  ['--notify', '--notify-desktop', '--notify', 'cmd'],
];

/** Lines the fast reader leaves to commander: options with values, help, errors, no command. */
const NOT_PLAIN: string[][] = [
  [],
  ['--'],
  ['--no-report'],
  ['--rules', 'claude-code', 'claude'],
  ['--rules=generic', 'sh'],
  ['--interval', '100', 'sh'],
  ['--on-exit', 'keep', 'sh'],
  ['--id', 'x', 'sh'],
  ['--tmux-levels', '2', 'sh'],
  ['--log', '-', 'sh'],
  ['--help'],
  ['-h', 'sh'],
  ['--version'],
  ['--bogus', 'sh'],
  ['--no-report=1', 'sh'],
  ['--', '-x'],
  [''],
  ['--no-hooks', '', 'x'],
];

describe('the plain run line', () => {
  test.each(PLAIN.map((argv) => [argv.join(' '), argv]))('%s: the same run options and settings as commander', async (_name, argv) => {
    const fast = parsePlainRunLine(argv);
    expect(fast).toBeDefined();
    expect(fast).toEqual(await parseRunLine([...argv], io()));
  });

  test.each(NOT_PLAIN.map((argv) => [JSON.stringify(argv), argv]))('%s: left to commander', (_name, argv) => {
    expect(parsePlainRunLine(argv)).toBeUndefined();
  });
});
