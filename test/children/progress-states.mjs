// Test child: an agent that reports its own states (OSC 7501, unasked, as Codex does) one key at a time, so a
// test drives it by condition, never by the clock: `ready`, then a state per key (working 40 %, blocked, error,
// working, done), each followed by `STEP n`; the next key exits. `--own-bar` also writes an OSC 9;4 bar of its
// own with its first state (as Claude Code does).
if (process.stdin.isTTY) process.stdin.setRawMode(true);
const OWN_BAR = process.argv.includes('--own-bar');
const out = (s) => process.stdout.write(s);
const report = (body) => out(`\x1b]7501;${body}:app=progress-states\x1b\\`);
const steps = [
  () => report('state=working:progress=40'),
  () => report('state=blocked:kind=permission'),
  () => report('state=error'),
  () => report('state=working'),
  () => report('state=done'),
];
let step = 0;
function next() {
  if (step >= steps.length) process.exit(0);
  steps[step]();
  out(`STEP ${step}\r\n`);
  step++;
}
out('ready\r\n');
process.stdin.on('data', () => {
  if (OWN_BAR && step === 0) out('\x1b]9;4;1;7\x1b\\');
  next();
});
