#!/usr/bin/env node
// Test child: paints a Claude Code 2.1.3xx Bash permission dialog at the terminal's width, then waits for keys.
//   bash-dialog.mjs             any key ends it with status 0
//   bash-dialog.mjs --until q   keys are read and ignored until a `q`, which ends it with status 0
//   bash-dialog.mjs --answer F  what is typed up to Enter is written to file F, shown, and ends it with status 0
import { writeFileSync } from 'node:fs';

const [mode, arg] = process.argv.slice(2);
const cols = process.stdout.columns || 80;
const lines = [
  '❯ make a build log', '', '● Bash(touch build.log)', '  ⎿  Waiting…', '',
  '─'.repeat(cols), ' Bash command', ' Create an empty build log', '╌'.repeat(cols), ' touch build.log', '╌'.repeat(cols),
  ' Do you want to proceed?', ' ❯ 1. Yes', '   2. Yes, and always allow access to this project', '   3. No', '',
  ' Esc to cancel · Tab to amend',
];
process.stdout.write('\x1b[2J\x1b[H' + lines.join('\r\n'));
process.stdin.setRawMode(true);
if (mode === '--until') {
  process.stdin.on('data', (d) => { if (d.includes(arg.charCodeAt(0))) process.exit(0); });
} else if (mode === '--answer') {
  let typed = '';
  process.stdin.on('data', (d) => {
    typed += d.toString();
    if (!typed.includes('\r')) return;
    writeFileSync(arg, typed);
    process.stdout.write('\x1b[2J\x1b[Hgot: ' + JSON.stringify(typed) + '\r\n');
    process.exit(0);
  });
} else {
  process.stdin.once('data', () => process.exit(0));
}
