// `osf7501 decode [FILE]`: every OSC 7501 report in a byte stream (or a .cast recording), one per line.
import { readFileSync } from 'node:fs';
import { ReportExtractor, type Extracted, type Report } from '../protocol/index.js';
import { outputChunks, parseCast } from '../recording/asciicast.js';
import { EXIT } from '../exit/codes.js';
import type { CliIo } from './io.js';
import { newProgram, parseArgs } from './program.js';

/** Bidi controls and invisible formatting, shown escaped so a decoded line cannot reorder itself. */
const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;

function quote(text: string): string {
  return JSON.stringify(text).replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** One report as `state=… kind=… app=… msg="…"`, keys in the protocol's order. */
export function describeReport(report: Report): string {
  const parts = [`state=${report.state}`];
  if (report.id !== undefined) parts.push(`id=${report.id}`);
  if (report.kind !== undefined) parts.push(`kind=${report.kind}`);
  if (report.progress !== undefined) parts.push(`progress=${report.progress}`);
  if (report.app !== undefined) parts.push(`app=${report.app}`);
  if (report.title !== undefined) parts.push(`title=${quote(report.title)}`);
  if (report.msg !== undefined) parts.push(`msg=${quote(report.msg)}`);
  return parts.join(' ');
}

function describe(found: Extracted, where: string): string {
  const wrapped = found.tmuxDepth > 0 ? ` (tmux×${found.tmuxDepth})` : '';
  switch (found.parsed.type) {
    case 'report':
      return `${where} ${describeReport(found.parsed.report)}${wrapped}`;
    case 'query':
      return `${where} query${wrapped}`;
    case 'rejected':
      return `${where} rejected: ${found.parsed.reason.message}${wrapped}`;
  }
}

/** True when the first line is an asciicast v2 header. */
function looksLikeCast(bytes: Buffer): boolean {
  const end = bytes.indexOf(0x0a);
  const first = bytes.subarray(0, end < 0 ? Math.min(bytes.length, 4096) : end).toString('utf8');
  if (!first.startsWith('{')) return false;
  try {
    return (JSON.parse(first) as { version?: unknown }).version === 2;
  } catch {
    return false;
  }
}

/** Runs the decode subcommand. */
export async function decodeCommand(argv: string[], io: CliIo): Promise<number> {
  let file: string | undefined;
  const program = newProgram('osf7501 decode', io)
    .usage('[FILE]')
    .description(
      'Print every OSC 7501 report found in FILE (or stdin): raw terminal bytes, `tmux pipe-pane` output\n' +
        '(tmux-wrapped reports included) or an asciicast .cast recording. Each line starts with the byte\n' +
        'offset (or, for a recording, the time in seconds).',
    )
    .argument('[file]', 'the file to read; stdin when absent or "-"')
    .action((f: string | undefined) => {
      file = f;
    });
  const status = await parseArgs(program, argv);
  if (status !== undefined) return status;
  let bytes: Buffer;
  try {
    bytes = file === undefined || file === '-' ? readFileSync(0) : readFileSync(file);
  } catch (error) {
    io.stderr.write(`osf7501 decode: cannot read ${file ?? 'stdin'}: ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`);
    return EXIT.usage;
  }
  const extractor = new ReportExtractor();
  const lines: string[] = [];
  if (looksLikeCast(bytes)) {
    let cast;
    try {
      cast = parseCast(bytes.toString('utf8'));
    } catch (error) {
      io.stderr.write(`osf7501 decode: ${file ?? 'stdin'}: not a valid asciicast v2 recording: ${(error as Error).message}\n`);
      return EXIT.usage;
    }
    for (const chunk of outputChunks(cast)) {
      for (const found of extractor.push(chunk.bytes)) lines.push(describe(found, `${chunk.time.toFixed(3)}s`));
    }
  } else {
    for (const found of extractor.push(bytes)) lines.push(describe(found, `@${found.offset}`));
  }
  for (const found of extractor.end()) lines.push(describe(found, `@${found.offset}`));
  io.stdout.write(lines.map((l) => `${l}\n`).join(''));
  return EXIT.ok;
}
