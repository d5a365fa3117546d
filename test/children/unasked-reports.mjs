// Test child: a program that reports its own state without being asked, as Codex does, after the screen
// has spoken: a plain screen (idle), a yes/no prompt (blocked), the prompt answered, then its own
// `working` and `done` reports, then it exits. Each step holds long enough for a sweep and the settle window,
// the first one longer: the shim's screen may take a while to load on a loaded machine. Like an agent, it reads
// keys in raw mode (its terminal then says nothing of a line read: the screen's rules decide).
if (process.stdin.isTTY) process.stdin.setRawMode(true);
const out = (s) => process.stdout.write(s);
const STEP_MS = 1000;
const FIRST_MS = 2500;
const steps = [
  () => out('\x1b[2J\x1b[Hready\r\n'),
  () => out('Continue? [y/n] '),
  () => out('y\r\nthinking\r\n'),
  () => out('\x1b]7501;state=working:app=unasked\x1b\\'),
  () => out('\x1b]7501;state=done:app=unasked\x1b\\done\r\n'),
  () => {
    if (process.stdin.isTTY) process.stdin.setRawMode(false);
    process.exit(0);
  },
];
steps.forEach((step, i) => setTimeout(step, i === 0 ? 0 : FIRST_MS + (i - 1) * STEP_MS));
