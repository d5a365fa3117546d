// The terminal's input can fail instead of ending: a terminal that hangs up answers the read under way
// with EIO as often as with end-of-file (a race in the kernel), and Node emits that as the stream's
// 'error'. The relay must take it as the input's end, never as a crash: before, the unheard 'error' was
// thrown and the shim exited 70 (an internal error) instead of with the child's status (CI, 2026-12-02).
import { closeSync, openSync } from 'node:fs';
import { PassThrough, Writable } from 'node:stream';
import { afterAll, expect, test } from 'vitest';
import { Relay } from '../../src/session/relay.js';
import { TerminalModes } from '../../src/tty/terminal-modes.js';

// Not a terminal: the raw-mode switch finds nothing to switch, whatever terminal runs the tests.
const notATerminal = openSync('/dev/null', 'r');
afterAll(() => closeSync(notATerminal));

function eio(): NodeJS.ErrnoException {
  return Object.assign(new Error('read EIO'), { code: 'EIO', errno: -5, syscall: 'read' });
}

// Ended input from a descriptor that is no longer a terminal is a hang-up the kernel did not signal (no
// controlling terminal): the relay sends the SIGHUP itself. Here the input is a stream whose descriptor
// (this worker's stdin) is no terminal either, so the same happens: the relay's own SIGHUP handler takes
// the signal and passes it to the child.
test('an input that fails with EIO ends as a hung-up terminal does: the child gets SIGHUP, no crash', async () => {
  const stdin = new PassThrough();
  const received: Buffer[] = [];
  const stdout = new Writable({ write: (_chunk, _encoding, done) => done() });
  const relay = new Relay(
    { stdin: stdin as unknown as NodeJS.ReadStream, stdout: stdout as unknown as NodeJS.WriteStream },
    { file: '/bin/sh', args: ['-c', 'read line; echo "GOT $line"; exec sleep 30'], cols: 80, rows: 24, cwd: '/', env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' }, term: 'xterm' },
    { writeOutput: (chunk) => received.push(Buffer.from(chunk)), modes: new TerminalModes(notATerminal) },
  );
  const exit = relay.run();
  stdin.write('typed\r');
  // The error comes once the relay reads the input (after the raw-mode switch, which finds no terminal).
  setTimeout(() => stdin.destroy(eio()), 100);
  const result = await exit;
  expect(result).toMatchObject({ signal: 1 });
  expect(Buffer.concat(received).toString()).toContain('GOT typed');
});
