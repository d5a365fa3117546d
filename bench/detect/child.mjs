// Benchmark child: a Claude-Code-like spinner at 10 Hz, then a permission prompt, ROUNDS times.
// Writes the CLOCK_MONOTONIC time (ns) of each prompt's last byte to $DETECT_LOG, one per line.
import { appendFileSync } from 'node:fs';

const ROUNDS = Number(process.env.DETECT_ROUNDS ?? 10);
const SPIN_MS = Number(process.env.DETECT_SPIN_MS ?? 3000);
const PROMPT_MS = 1500;
const log = process.env.DETECT_LOG;
const glyphs = ['·', '✢', '✳', '✶', '✻', '✽'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const out = (s) => process.stdout.write(s);
const RULE = '─'.repeat(60);

function idleBox() {
  out(`\x1b[2J\x1b[H\x1b[20;1H${RULE}\r\n❯ \r\n${RULE}\r\n  ? for shortcuts\x1b[21;3H`);
}

async function spin(ms) {
  out('\x1b[2J\x1b[H● Working on the task\r\n\r\n');
  const start = Date.now();
  for (let i = 0; Date.now() - start < ms; i++) {
    const secs = Math.floor((Date.now() - start) / 1000);
    // ~60 bytes a frame: CR, the glyph, the gerund and timer, erase to end of line.
    out(`\x1b[3;1H${glyphs[i % glyphs.length]} Pondering… (${secs}s · esc to interrupt)\x1b[K`);
    await sleep(100);
  }
}

function prompt(round) {
  out(
    `\x1b[5;1H${RULE}\x1b[6;1H Bash command\x1b[8;4Hrm -rf build-${round}\x1b[9;4HRemove the build folder` +
      `\x1b[11;2HDo you want to proceed?\x1b[12;2H❯ 1. Yes\x1b[13;4H2. No\x1b[15;2HEsc to cancel · Tab to amend`,
  );
  if (log) appendFileSync(log, `${process.hrtime.bigint()}\n`);
}

idleBox();
await sleep(1000);
for (let round = 0; round < ROUNDS; round++) {
  await spin(SPIN_MS);
  prompt(round);
  await sleep(PROMPT_MS);
  out('\x1b[5;1H\x1b[J'); // the answered prompt is erased
}
idleBox();
await sleep(1500);
