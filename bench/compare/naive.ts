// The detectors the design rejects: regexes over the escape-stripped tail of the output stream, not the screen.
import type { Classification } from '../../src/rules/types.js';
import type { ReplayModel } from '../../src/recording/replay.js';
import type { SweepResult } from '../../src/screen/screen-classifier.js';

/** How much output a tail detector keeps: the last 8 KiB, as such tools usually do. */
export const TAIL_BYTES = 8 * 1024;

/** The kinds a tail detector can call a prompt. */
export type PromptKind = 'permission' | 'question' | 'auth';

/**
 * What a tail detector for one agent looks for, as such a tool is configured per agent: its prompt texts, in
 * order, with the kind each reports, and the texts of its fallback states (error, working).
 */
export interface TailVocabulary {
  prompts: readonly (readonly [string, PromptKind])[];
  error: RegExp;
  working: RegExp;
}

/** Claude Code: its dialogs' texts, `API Error`, `esc to interrupt`. */
export const CLAUDE_CODE_TAIL: TailVocabulary = {
  prompts: [
    ['Do you want to', 'permission'],
    ['❯ 1. Yes', 'permission'],
    ['Would you like to proceed', 'permission'],
    ['Yes, I trust this folder', 'permission'],
    ['Enter to select', 'question'],
    ['Invalid API key', 'auth'],
  ],
  error: /API Error/u,
  working: /esc to interrupt/iu,
};

/** Codex CLI: its approval, plan, trust, sign-in, question and update texts; `■ ` notices; `esc to interrupt`. */
export const CODEX_TAIL: TailVocabulary = {
  prompts: [
    ['Would you like to', 'permission'],
    ['Press enter to confirm or esc to cancel', 'permission'],
    ['Implement this plan?', 'permission'],
    ['Trust this folder?', 'permission'],
    ['enter to submit answer', 'question'],
    ['Update available', 'question'],
    ['Sign in with ChatGPT', 'auth'],
  ],
  error: /■ (?!Conversation interrupted)/u,
  working: /esc to interrupt/iu,
};

/** Gemini CLI: its tool, trust, question and sign-in texts; `API Error`; `esc to cancel`. */
export const GEMINI_CLI_TAIL: TailVocabulary = {
  prompts: [
    ['Allow execution of', 'permission'],
    ['Apply this change?', 'permission'],
    ['1. Allow once', 'permission'],
    ['Do you trust the files in this folder?', 'permission'],
    ['How would you like to authenticate', 'auth'], // before `Enter to select`: the sign-in dialog says that too
    ['Enter to select', 'question'],
  ],
  error: /API Error/u,
  working: /esc to cancel/iu,
};

/** OpenCode: its permission and question dialogs' texts; the error block has no fixed word; `esc interrupt`. */
export const OPENCODE_TAIL: TailVocabulary = {
  prompts: [
    ['Permission required', 'permission'],
    ['Allow once', 'permission'],
    ['enter submit', 'question'],
  ],
  error: /does not accept this request|Incorrect API key/u,
  working: /esc interrupt/iu,
};

/** GitHub Copilot CLI (i18a): its dialogs' questions, the sign-in notice, the `✗` error entries, the footer's `Working`. */
export const COPILOT_TAIL: TailVocabulary = {
  prompts: [
    ['Do you want to run this command?', 'permission'],
    ['Do you want to create', 'permission'],
    ['Do you trust the files in this folder?', 'permission'],
    ['Copilot needs information.', 'question'],
    ['Please use /login to sign in', 'auth'],
  ],
  error: /✗ 400 |Authentication failed with provider/u,
  working: /\bWorking\b/u,
};

/** Pi: no dialogs; the no-model warning, `Error:`, the loader's `Working...`. */
export const PI_TAIL: TailVocabulary = {
  prompts: [['No models available', 'auth']],
  error: /Error: /u,
  working: /Working\.\.\./u,
};

/** Qwen Code: its approval, write, question, trust and provider headers, `API Error:`, the spinner's `esc to cancel)`. */
export const QWEN_TAIL: TailVocabulary = {
  prompts: [
    ['Allow execution of', 'permission'],
    ['Apply this change?', 'permission'],
    ['Do you trust this folder?', 'permission'],
    ['AskUserQuestion', 'question'],
    ['Connect a Provider', 'auth'],
  ],
  error: /API Error: /u,
  working: /esc to cancel\)/u,
};

/** Cline: its approval and question headers, `Error:`, the spinner's `(esc to cancel)`. */
export const CLINE_TAIL: TailVocabulary = {
  prompts: [
    ['Approve tool call?', 'permission'],
    ['Cline is asking a question', 'question'],
  ],
  error: /\* Error: /u,
  working: /\(esc to cancel\)/u,
};

/** Factory Droid (i18c): its approval, trust, question and login texts, `BYOK Error`, `(Press ESC to stop)`. */
export const DROID_TAIL: TailVocabulary = {
  prompts: [
    ['Command to approve', 'permission'],
    ['Yes, allow', 'permission'],
    ['Trust this folder?', 'permission'],
    ['ESC stop agent', 'question'],
    ['Please login with your Factory account', 'auth'],
  ],
  error: /BYOK Error: /u,
  working: /\(Press ESC to stop\)/u,
};

/** Continue CLI (i18c): its permission question, the AskQuestion hint, the API-key prompt, `esc to interrupt`. */
export const CONTINUE_TAIL: TailVocabulary = {
  prompts: [
    ['Would you like to continue?', 'permission'],
    ['Enter select', 'question'],
    ['Anthropic API key', 'auth'],
  ],
  error: /Error: /u,
  working: /esc to interrupt/u,
};

/** Grok CLI: its confirmation question, `encountered an error`, the row's `esc to interrupt)`. */
export const GROK_CLI_TAIL: TailVocabulary = {
  prompts: [['Do you want to proceed with this operation?', 'permission']],
  error: /encountered an error: /u,
  working: /esc to interrupt\)/u,
};

/** Kilo Code (an OpenCode fork): OpenCode's dialog texts and its reject-feedback dialog, the footer's `esc interrupt`. */
export const KILO_TAIL: TailVocabulary = {
  prompts: [
    ['Permission required', 'permission'],
    ['Allow once', 'permission'],
    ['Reject permission', 'permission'],
    ['enter submit', 'question'],
  ],
  error: /does not accept this request|Incorrect API key/u,
  working: /esc interrupt/iu,
};

/** Each agent's vocabulary, by agent id (bench/compare/moments.ts AGENTS). */
export const TAIL_VOCABULARY: Readonly<Record<string, TailVocabulary>> = {
  'claude-code': CLAUDE_CODE_TAIL,
  codex: CODEX_TAIL,
  'gemini-cli': GEMINI_CLI_TAIL,
  opencode: OPENCODE_TAIL,
  copilot: COPILOT_TAIL,
  pi: PI_TAIL,
  cline: CLINE_TAIL,
  'qwen-code': QWEN_TAIL,
  droid: DROID_TAIL,
  continue: CONTINUE_TAIL,
  'grok-cli': GROK_CLI_TAIL,
  'kilo-code': KILO_TAIL,
};

// CSI, OSC (BEL or ST), DCS/SOS/PM/APC strings, charset designations, then any other two-byte escape.
const ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[PX^_][^\x1b]*(?:\x1b\\)?|\x1b[()*+#%][ -~]|\x1b[ -~]/gu;
// Other C0 controls (and DEL) except tab, line feed and carriage return.
const CONTROLS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/gu;

// Cursor forward (CSI n C) and cursor to column (CSI n G): what a slightly less naive stripper turns into spaces.
const CURSOR_RIGHT = /\x1b\[(\d*)C/gu;
const CURSOR_COLUMN = /\x1b\[\d*G/gu;

/**
 * The tail as a naive implementation reads it: escape sequences and controls removed, split at line
 * feeds, and of each line only the text after its last carriage return (a `\r` "returns to the start
 * of the line and overwrites"); a line's trailing `\r`s (the `\r\r\n` line ends) are dropped first.
 * With `cursorSpaces`, cursor-forward moves become that many spaces and column moves one space first.
 */
export function strippedLines(tail: Uint8Array, cursorSpaces = false): string[] {
  let text = new TextDecoder('utf-8', { fatal: false }).decode(tail);
  if (cursorSpaces) {
    text = text.replace(CURSOR_RIGHT, (_m, n: string) => ' '.repeat(Math.min(Number(n || '1'), 200))).replace(CURSOR_COLUMN, ' ');
  }
  text = text.replace(ESCAPES, '').replace(CONTROLS, '');
  return text.split('\n').map((line) => {
    const body = line.replace(/\r+$/u, '');
    return body.slice(body.lastIndexOf('\r') + 1);
  });
}

/** What every tail detector says when it sees no prompt: its blocked check is the only difference. */
function restOfStates(text: string, vocabulary: TailVocabulary): Classification {
  if (vocabulary.error.test(text)) return { state: 'error', rule: 'tail:error' };
  if (vocabulary.working.test(text)) return { state: 'working', rule: 'tail:working' };
  return { state: 'idle' };
}

/** (a) blocked when one of the agent's prompt texts appears anywhere in the stripped tail. */
export function promptTextInTail(vocabulary: TailVocabulary): (lines: readonly string[]) => Classification {
  return (lines) => {
    const text = lines.join('\n');
    for (const [needle, kind] of vocabulary.prompts) {
      if (text.includes(needle)) return { state: 'blocked', kind, rule: `tail:${needle}` };
    }
    return restOfStates(text, vocabulary);
  };
}

/** (b) blocked (a question) when the last non-empty line of the stripped tail ends with `?`. */
export function lastLineEndsWithQuestionMark(vocabulary: TailVocabulary): (lines: readonly string[]) => Classification {
  return (lines) => {
    const last = [...lines].reverse().find((line) => line.trim() !== '');
    if (last !== undefined && last.trimEnd().endsWith('?')) return { state: 'blocked', kind: 'question', rule: 'tail:ends-with-?' };
    return restOfStates(lines.join('\n'), vocabulary);
  };
}

/** A replay model that keeps the output's last TAIL_BYTES and classifies the stripped tail with `decide`. */
export class TailModel implements ReplayModel {
  private tail = new Uint8Array(0);
  private lastText: string | undefined;

  constructor(
    private readonly decide: (lines: readonly string[]) => Classification,
    private readonly cursorSpaces = false,
  ) {}

  /** Appends output, keeping the last TAIL_BYTES. */
  write(bytes: Uint8Array): void {
    const joined = new Uint8Array(this.tail.length + bytes.length);
    joined.set(this.tail);
    joined.set(bytes, this.tail.length);
    this.tail = joined.length > TAIL_BYTES ? joined.slice(joined.length - TAIL_BYTES) : joined;
  }

  /** A stream has no size. */
  resize(): void {}

  /** Classifies the stripped tail when it changed. */
  sweep(): Promise<SweepResult> {
    const lines = strippedLines(this.tail, this.cursorSpaces);
    const text = lines.join('\n');
    if (text === this.lastText) return Promise.resolve({ changed: false });
    this.lastText = text;
    return Promise.resolve({ changed: true, classification: this.decide(lines), lines });
  }

  /** Nothing to release. */
  dispose(): void {}
}
