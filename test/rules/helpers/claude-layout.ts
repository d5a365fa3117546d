// Claude Code's screen furniture, hand-made after its 2.x layout (and the 1.x boxed one).

/** A full-width horizontal rule, as Claude Code draws above the prompt box and every dialog. */
export const rule = (cols: number): string => '─'.repeat(cols);

/** The dashed rule Claude Code draws around a diff or a plan (not a horizontal rule for regions). */
export const dashed = (cols: number): string => '╌'.repeat(cols);

/** The idle prompt box with its footer rows. */
export function promptBox(cols: number, footer: readonly string[] = ['  ? for shortcuts'], typed = ''): string[] {
  return [rule(cols), `❯ ${typed}`, rule(cols), ...footer];
}

/** Earlier conversation: enough rows to push the top of a 24-row screen away. */
export function transcript(turns: number): string[] {
  const rows: string[] = [];
  for (let i = 1; i <= turns; i += 1) {
    rows.push(
      `❯ step ${i}: look at module ${i}`,
      '',
      `⏺ Read(src/module-${i}.ts)`,
      `  ⎿  Read ${40 + i} lines`,
      '',
      `⏺ Module ${i} exports one function and has no tests yet.`,
      '',
      `✻ Baked for ${i + 2}s`,
      '',
    );
  }
  return rows;
}

/** A 1.x boxed dialog: │ sides, ╭ ╮ ╰ ╯ corners, `width` columns wide. */
export function boxed(width: number, body: readonly string[]): string[] {
  const inner = width - 4;
  return [
    `╭${'─'.repeat(width - 2)}╮`,
    ...body.map((row) => `│ ${row.padEnd(inner)} │`),
    `╰${'─'.repeat(width - 2)}╯`,
  ];
}
