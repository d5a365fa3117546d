// Test child: an agent that speaks OSC 7501 only once its query is answered, like Claude Code.
// Sends the query and DA1, counts the 7501 replies that arrive within the wait, then reports
// working and done itself (if answered) and exits. Prints `REPLIES n` and what it typed back.
// `--asked`: the query and DA1 were written before this program started (by the shell that runs it).
const WAIT_MS = Number(process.argv[2] ?? 1500);
const ASKED = process.argv.includes('--asked');
process.stdin.setRawMode(true);
let input = '';
process.stdin.on('data', (d) => {
  input += d.toString('latin1');
});
if (!ASKED) process.stdout.write('\x1b]7501;?\x07\x1b[c');
setTimeout(() => {
  const replies = input.split('\x1b]7501;?').length - 1;
  const rest = input.replace(/\x1b\]7501;\?(\x07|\x1b\\)/g, '').replace(/\x1b\[\?[\d;]*c/g, '');
  process.stdout.write(`REPLIES ${replies} REST ${JSON.stringify(rest)}\r\n`);
  if (replies > 0) {
    process.stdout.write('\x1b]7501;state=working:app=native-agent\x07');
    setTimeout(() => {
      process.stdout.write('\x1b]7501;state=done:app=native-agent\x07');
      process.exit(0);
    }, 300);
  } else {
    setTimeout(() => process.exit(0), 300);
  }
}, WAIT_MS);
