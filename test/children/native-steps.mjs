#!/usr/bin/env node
// Test child: makes OSC 7501 reports of its own on keys: `1` working (msg `step one`), `2` blocked:question
// (msg `pick a branch`), `q` ends it with status 0. Each key also prints a line, so the screen shows what happened.
const report = (body, msg) => `\x1b]7501;${body}:app=native-steps:msg=${Buffer.from(msg).toString('base64')}\x1b\\`;
process.stdout.write('native-steps ready\r\n');
process.stdin.setRawMode(true);
process.stdin.on('data', (d) => {
  for (const byte of d) {
    if (byte === 0x31) process.stdout.write(report('state=working', 'step one') + 'one\r\n');
    if (byte === 0x32) process.stdout.write(report('state=blocked:kind=question', 'pick a branch') + 'two\r\n');
    if (byte === 0x71) process.exit(0);
  }
});
