#!/usr/bin/env node
// Test child: paints a Claude Code 2.1.3xx Bash permission dialog whose command carries secrets (a bearer token,
// a GitHub token in a clone URL), then waits for keys: `n` makes a report of its own (OSC 7501) whose msg carries
// the same secrets, `q` ends it with status 0. The secrets are in argv[2] (a bearer token) and argv[3] (a ghp_ token).
const [bearer, ghp] = process.argv.slice(2);
const cols = process.stdout.columns || 80;
const command = `curl -H 'Authorization: Bearer ${bearer}' https://api.example.test/v1/deploy`;
const lines = [
  '❯ deploy it', '', `● Bash(${command})`, '  ⎿  Waiting…', '',
  '─'.repeat(cols), ' Bash command', ' Trigger the deploy', '╌'.repeat(cols), ` ${command}`, '╌'.repeat(cols),
  ' Do you want to proceed?', ' ❯ 1. Yes', '   2. Yes, and always allow access to this project', '   3. No', '',
  ' Esc to cancel · Tab to amend',
];
process.stdout.write('\x1b[2J\x1b[H' + lines.join('\r\n'));
process.stdin.setRawMode(true);
process.stdin.on('data', (d) => {
  if (d.includes(0x6e)) {
    const msg = Buffer.from(`approve Bash: git clone https://${ghp}@github.com/acme/app.git`).toString('base64');
    process.stdout.write(`\x1b]7501;state=blocked:kind=permission:app=claude-code:msg=${msg}\x1b\\`);
  }
  if (d.includes(0x71)) process.exit(0);
});
