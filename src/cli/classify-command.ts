// `osf7501 classify [--rules NAME|FILE] [--size COLSxROWS] [--timeline] [--explain] [--screen-only] RECORDING`: replay
// a recording through the live shim's own signal policy, screen and rules, and print what it would have said.
import { resolve } from 'node:path';
import { RuleError } from '../rules/errors.js';
import { MIN_COLS, MIN_ROWS } from '../screen/shadow-screen.js';
import { loadRecording, RecordingError, type TerminalSize } from '../recording/recording.js';
import { replay } from '../recording/replay.js';
import { scoreAgainstNative } from '../recording/native-score.js';
import { formatFinal, formatTimeline } from './classify-format.js';
import { formatHookScore, formatNativeScore } from './classify-native.js';
import { rulesForRecording } from './classify-rules.js';
import { EXIT } from '../exit/codes.js';
import type { CliIo } from './io.js';
import { newProgram, parseArgs } from './program.js';

/** Largest `--size` side: far beyond any real terminal, small enough for the shadow screen. */
const MAX_SIZE_SIDE = 1000;

/** The options as commander hands them over. */
interface ClassifyFlags {
  rules?: string;
  size?: string;
  timeline?: boolean;
  explain?: boolean;
  screenOnly?: boolean;
  againstNative?: boolean;
  againstHooks?: boolean;
}


/** Parses `COLSxROWS`; undefined when malformed or out of range. */
function parseSize(value: string): TerminalSize | undefined {
  const m = /^(\d{1,4})x(\d{1,4})$/u.exec(value);
  if (m === null) return undefined;
  const cols = Number(m[1]);
  const rows = Number(m[2]);
  if (cols < MIN_COLS || rows < MIN_ROWS || cols > MAX_SIZE_SIDE || rows > MAX_SIZE_SIDE) return undefined;
  return { cols, rows };
}

const DESCRIPTION =
  "Replay RECORDING (an asciicast v2 .cast, or raw terminal output) through the same shadow screen, rules and sweep timing the shim uses, on the recording's clock, and print the final state: `STATE` or `blocked kind=KIND`. Raw output has no clock: it is fed in one go and swept once.";

const EPILOG = `
The rule set: --rules; else the one for the recording's command (asciicast header "command");
else a folder of the path named after an app or a command (fixtures/claude-code/… → claude-code);
else generic. The timeline shows the reports the terminal would have got from the shim: its own, and the
program's own OSC 7501 reports in the recording, which the shim defers to from the first one
on, as it does live (--screen-only: ignore them, show what the screen rules alone report).
No report for the program's exit: a recording does not say how it ended.
--against-native: score the screen rules against the program's own reports in the recording: per state the
program reported, how many of its reports the screen rules agreed with, then each disagreement (the time it
began, what differed, both verdicts, the screen's rule) — the drift events the live shim writes to --log.
--against-hooks: the argument is a session's --log file instead of a recording: the same score for the agent's
hooks (Gemini CLI, Qwen Code, Copilot CLI, Claude Code), from the drift events the session wrote (spec/signals.md).
Exit status: ${EXIT.ok}; with --against-native or --against-hooks ${EXIT.ok} when every verdict agreed, ${EXIT.disagreed} when one or more disagreed;
${EXIT.usage} for a bad argument, file or rule file, or a recording (log) without reports (hooks) of the program's own.
`;

/** Runs the classify subcommand. */
export async function classifyCommand(argv: string[], io: CliIo): Promise<number> {
  let parsed: { path: string; flags: ClassifyFlags } | undefined;
  const program = newProgram('osf7501 classify', io)
    .usage('[--rules NAME|FILE] [--size COLSxROWS] [--timeline] [--explain] [--screen-only | --against-native] RECORDING | --against-hooks LOG')
    .description(DESCRIPTION)
    .option('--rules <name|file>', 'classify with this rule set (an app name or a .toml file)')
    .option('--size <COLSxROWS>', "the terminal size (raw output: default 80x24; a .cast: replaces its header's size)")
    .option('--timeline', 'print one line per report the shim would write: `<seconds> <STATE>[ kind=<KIND>][ id=<ID>][ progress=<N>][ msg="…"]` (a child record: its id and title)')
    .option('--explain', 'add the deciding rule, its matched text and msg; without --timeline, every rule\'s verdict on the final screen')
    .option('--screen-only', "ignore the program's own OSC 7501 reports in the recording: what the screen rules alone report")
    .option('--against-native', "score the screen rules' verdicts against the program's own OSC 7501 reports in the recording")
    .option('--against-hooks', "score the screen rules against the agent's hooks, from a session's --log file (given instead of a recording)")
    .argument('<recording>', 'the .cast file or raw output to replay')
    .addHelpText('after', EPILOG)
    .action((path: string, flags: ClassifyFlags) => {
      parsed = { path, flags };
    });
  const status = await parseArgs(program, argv);
  if (status !== undefined) return status;
  if (parsed === undefined) return EXIT.usage;
  const { path, flags } = parsed;
  const fail = (message: string): number => {
    io.stderr.write(`osf7501 classify: ${message}\n`);
    return EXIT.usage;
  };

  let size: TerminalSize | undefined;
  if (flags.size !== undefined) {
    size = parseSize(flags.size);
    if (size === undefined) {
      return fail(`--size "${flags.size}": expected COLSxROWS such as 80x24 (columns ${MIN_COLS}–${MAX_SIZE_SIDE}, rows ${MIN_ROWS}–${MAX_SIZE_SIDE})`);
    }
  }
  if (flags.againstHooks === true) {
    if (flags.againstNative === true || flags.screenOnly === true || flags.timeline === true || flags.explain === true || flags.rules !== undefined || size !== undefined) {
      return fail('--against-hooks takes a --log file and no other option');
    }
    const { readFileSync } = await import('node:fs');
    const { LogLineError, scoreHookLog } = await import('../recording/hook-score.js');
    let text: string;
    try {
      text = readFileSync(resolve(io.cwd, path), 'utf8');
    } catch (error) {
      return fail(`${path}: cannot read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
    try {
      const score = scoreHookLog(text, path);
      if (score.moments.length === 0) return fail(`${path}: no hook verdicts in this --log to score`);
      io.stdout.write(formatHookScore(score).map((line) => `${line}\n`).join(''));
      return score.moments.some((m) => m.drift.length > 0) ? EXIT.disagreed : EXIT.ok;
    } catch (error) {
      if (error instanceof LogLineError) return fail(error.message);
      throw error;
    }
  }
  const against = flags.againstNative === true;
  if (against && (flags.screenOnly === true || flags.timeline === true || flags.explain === true)) {
    return fail('--against-native takes none of --screen-only, --timeline, --explain');
  }
  try {
    const recording = loadRecording(resolve(io.cwd, path), size, path);
    const chosen = rulesForRecording(recording, path, {
      env: io.env,
      cwd: io.cwd,
      ...(flags.rules === undefined ? {} : { rules: flags.rules }),
    });
    const result = await replay(recording, { rules: chosen.rules, lifecycle: chosen.lifecycle, screenOnly: flags.screenOnly === true });
    if (against) {
      const score = scoreAgainstNative(result);
      if (score.moments.length === 0) return fail(`${path}: no OSC 7501 reports of the program's own to score against`);
      io.stdout.write(formatNativeScore(score).map((line) => `${line}\n`).join(''));
      return score.moments.some((m) => m.drift.length > 0) ? EXIT.disagreed : EXIT.ok;
    }
    const explain = flags.explain === true;
    const lines = flags.timeline === true ? formatTimeline(result, explain) : formatFinal(result, chosen.rules, explain ? chosen : undefined);
    io.stdout.write(lines.map((line) => `${line}\n`).join(''));
    return EXIT.ok;
  } catch (error) {
    if (error instanceof RecordingError || error instanceof RuleError) return fail(error.message);
    throw error;
  }
}
