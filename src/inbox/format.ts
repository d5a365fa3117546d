// Pure: how `ls` and `watch` show sessions.
import { sanitizeText } from '../protocol/sanitize.js';
import type { SessionEntry } from './entry.js';

/** Longest msg shown in a table row, in bytes (the full text is in `--json`). */
const MSG_DISPLAY_BYTES = 200;

/** A duration as `42s`, `5m`, `1h05m`, `3d4h`: coarse, for humans. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h${String(m % 60).padStart(2, '0')}m`;
  return `${Math.floor(h / 24)}d${h % 24}h`;
}

/** Text from an entry made safe for a terminal: one line, no escape or control characters. */
export function printable(text: string, maxBytes = MSG_DISPLAY_BYTES): string {
  return sanitizeText(text, maxBytes);
}

/** `/home/me/x` as `~/x` when under `home`. */
export function shortenPath(path: string, home: string | undefined): string {
  if (home && home !== '/' && (path === home || path.startsWith(`${home}/`))) return `~${path.slice(home.length)}`;
  return path;
}

/** The state column: `blocked:auth` for a blocked session, the state otherwise. */
export function stateLabel(entry: SessionEntry): string {
  return entry.kind ? `${entry.state}:${entry.kind}` : entry.state;
}

const HEADER = ['ID', 'STATE', 'FOR', 'APP', 'TTY', 'CWD', 'MSG'] as const;

/** A session's host column: the host it was listed from, `local` for this machine's. */
const LOCAL_HOST = 'local';

/** The table rows (header first) of `ls`; each cell already printable. With another host's session, a HOST column first. */
export function tableRows(entries: readonly SessionEntry[], now: number, home?: string): string[][] {
  const hosts = entries.some((e) => e.host !== undefined);
  const rows: string[][] = [hosts ? ['HOST', ...HEADER] : [...HEADER]];
  for (const e of entries) {
    rows.push([
      ...(hosts ? [printable(e.host ?? LOCAL_HOST, 64)] : []),
      e.id,
      stateLabel(e),
      formatDuration(now - e.since),
      printable(e.app, 64),
      printable((e.tty ?? '-').replace(/^\/dev\//u, ''), 64),
      printable(e.host === undefined ? shortenPath(e.cwd, home) : e.cwd, 120),
      printable(e.msg ?? ''),
    ]);
  }
  return rows;
}

/** Rows as aligned lines (the last column is not padded). */
export function alignRows(rows: readonly string[][]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, [...cell].length)));
  return rows.map((row) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell + ' '.repeat((widths[i] ?? 0) - [...cell].length)))
      .join('  ')
      .trimEnd(),
  );
}

/** The whole `ls` table, one string per line; `none` when there is no session. */
export function formatTable(entries: readonly SessionEntry[], now: number, home?: string): string[] {
  if (entries.length === 0) return ['no osf7501 sessions'];
  return alignRows(tableRows(entries, now, home));
}
