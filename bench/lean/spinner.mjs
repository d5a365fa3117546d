// Benchmark child: a Claude-Code-like working screen whose only change is a 10 Hz spinner row
// (glyph, gerund, seconds, tokens; ~70 bytes a frame), for $LEAN_SPIN_MS, then it exits.
const SPIN_MS = Number(process.env.LEAN_SPIN_MS ?? 12000);
const glyphs = ['·', '✢', '✳', '✶', '✻', '✽'];
const RULE = '─'.repeat(60);
const out = (s) => process.stdout.write(s);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

out(`\x1b[2J\x1b[H● I'll look at the failing test first.\r\n\r\n● Read(test/session.test.ts)\r\n  ⎿  Read 120 lines`);
out(`\x1b[20;1H${RULE}\r\n❯ \r\n${RULE}\r\n  ? for shortcuts\x1b[21;3H`);
const start = Date.now();
for (let i = 0; Date.now() - start < SPIN_MS; i++) {
  const secs = Math.floor((Date.now() - start) / 1000);
  // Save the cursor, draw the spinner row, restore: what Claude Code's spinner does between turns.
  out(`\x1b7\x1b[18;1H${glyphs[i % glyphs.length]} Pondering… (${secs}s · ↓ ${secs * 37} tokens · esc to interrupt)\x1b[K\x1b8`);
  await sleep(100);
}
