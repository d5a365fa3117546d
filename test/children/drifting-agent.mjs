// Test child: an agent whose own reports and screen disagree once, as a new agent version does when a rule
// broke. It reports unasked (as Codex does): `idle` over a plain screen; then `working` while its screen shows
// a `[y/N]` prompt (the generic rules read blocked) and a counter above it redraws every REDRAW_MS, so many
// sweeps see the same disagreement; then `blocked` (agreeing); then `done` over a plain last row; then exits.
const out = (s) => process.stdout.write(s);
const STEP_MS = 1800;
/** The first step is longer: the shim's screen may take a while to load on a loaded machine. */
const FIRST_MS = 3000;
const REDRAW_MS = 200;
let counter;
const steps = [
  () => out('\x1b[2J\x1b[H\r\n\r\nready\r\n'),
  () => out('\x1b]7501;state=idle:app=drifting\x1b\\'),
  () => {
    out('\x1b]7501;state=working:app=drifting\x1b\\Overwrite notes.txt? [y/N] ');
    let n = 0;
    counter = setInterval(() => out(`\x1b7\x1b[1;1Hredraw ${++n}\x1b8`), REDRAW_MS);
  },
  () => {
    clearInterval(counter);
    out('\x1b]7501;state=blocked:kind=question:app=drifting\x1b\\');
  },
  () => out('y\r\nwrote notes.txt\r\n\x1b]7501;state=done:app=drifting\x1b\\'),
  () => process.exit(0),
];
steps.forEach((step, i) => setTimeout(step, i === 0 ? 0 : FIRST_MS + (i - 1) * STEP_MS));
