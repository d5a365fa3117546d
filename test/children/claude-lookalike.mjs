#!/usr/bin/env node
// Test child, installed as `claude` on PATH: paints a Claude Code permission dialog, then exits.
const out = (s) => process.stdout.write(s);
out(
  '\x1b[2J\x1b[H────────────────────────────────────────\r\n Bash command\r\n\r\n   rm -rf build\r\n\r\n' +
    ' Do you want to proceed?\r\n ❯ 1. Yes\r\n   2. No\r\n\r\n Esc to cancel · Tab to amend\r\n',
);
setTimeout(() => {
  out('\x1b[2J\x1b[H');
  process.exit(0);
}, Number(process.argv[2] ?? 2500));
