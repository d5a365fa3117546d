// `osf7501 record -o FILE.cast [--] <command> [args...]`: a wrapped session, recorded as asciicast v2.
import { closeSync, openSync, writeSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { CastWriter } from '../recording/asciicast.js';
import { formatTerminalMarker, INPUT_MARKER, INPUT_MARKER_GAP_MS } from '../signals/terminal-state.js';
import type { SessionObserver } from '../session/relay.js';
import { formatHookMarker } from '../signals/hook-marker.js';
import { EXIT } from '../exit/codes.js';
import type { CliIo } from './io.js';
import { newProgram, parseArgs } from './program.js';
import { runCommand } from './run-command.js';

/** A session observer that writes the recording; `end()` flushes a trailing partial character. */
interface Recorder extends SessionObserver {
  end(): void;
}

/** Records output and resizes to an open file. */
function recorder(fd: number, size: { cols: number; rows: number }, env: NodeJS.ProcessEnv, command: string): Recorder {
  const writer = new CastWriter(
    { width: size.cols, height: size.rows, command, env: { TERM: env['TERM'] ?? 'xterm-256color', SHELL: env['SHELL'] ?? '' } },
    { sink: (line) => writeSync(fd, line) },
  );
  let lastInput = -Infinity;
  return {
    output: (chunk) => writer.output(chunk),
    // When the user typed (never what): a replay tells the echo of typing from the program's own output, as live.
    input: () => {
      const now = performance.now();
      if (now - lastInput < INPUT_MARKER_GAP_MS) return;
      lastInput = now;
      writer.marker(INPUT_MARKER);
    },
    resize: (cols, rows) => writer.resize(cols, rows),
    // The terminal's own state, as the session read it: a replay ranks the screen with it, as the live shim did.
    terminalState: (state) => writer.marker(formatTerminalMarker(state)),
    // Each hook's mapped signal: a replay feeds it to the policy at the same moment, as the live shim did.
    hook: (signal) => writer.marker(formatHookMarker(signal)),
    end: () => writer.close(),
  };
}

/** Runs the record subcommand. */
export async function recordCommand(argv: string[], io: CliIo): Promise<number> {
  let parsed: { out: string; command: string; args: string[]; native: boolean; hooks: boolean; log: string | undefined } | undefined;
  const program = newProgram('osf7501 record', io)
    .usage('-o FILE.cast [--no-native] [--no-hooks] [--log FILE] [--] <command> [args...]')
    .description('Run <command> wrapped, as `osf7501 <command>` does, and record its output (with timings and resizes) as asciicast v2.')
    .requiredOption('-o, --output <file>', 'the .cast file to write (replaced if it exists)')
    .option('--no-native', "as the run option: leave the program's own OSC 7501 query to the outer terminal")
    .option('--no-hooks', 'as the run option: add no lifecycle hooks (the recording then has no hook markers)')
    .option('--log <file>', 'as the run option: append every classification change and report to FILE as JSON Lines')
    .argument('<command>', 'the program to run')
    .argument('[args...]', "the program's own arguments")
    .passThroughOptions()
    .action((command: string, args: string[], opts: { output: string; native: boolean; hooks: boolean; log?: string }) => {
      parsed = { out: opts.output, command, args, native: opts.native, hooks: opts.hooks, log: opts.log };
    });
  const status = await parseArgs(program, argv);
  if (status !== undefined) return status;
  if (parsed === undefined) return EXIT.usage;
  const { out, command, args, native, hooks, log } = parsed;
  let fd: number;
  try {
    fd = openSync(out, 'w', 0o644);
  } catch (error) {
    io.stderr.write(`osf7501 record: cannot write ${out}: ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`);
    return EXIT.usage;
  }
  let rec: Recorder | undefined;
  try {
    return await runCommand({ command, args, ...(native ? {} : { native }), ...(hooks ? {} : { hooks }), ...(log === undefined ? {} : { log }) }, io, {
      requireTerminal: 'record needs a terminal on stdin and stdout',
      observers: (size) => {
        rec = recorder(fd, size, io.env, [command, ...args].join(' '));
        return [rec];
      },
    });
  } finally {
    try {
      rec?.end();
    } finally {
      closeSync(fd);
    }
  }
}
