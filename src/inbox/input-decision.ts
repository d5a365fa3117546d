// Pure: the safe-send rule — whether typed text may reach a session in the state it is in right now.
import type { State } from '../protocol/types.js';

/** `send` types a task; `answer` answers a blocked session's dialog. */
export type InputOp = 'send' | 'answer';

/** What the shim knows at the moment of writing. */
export interface InputView {
  /** The reported state. */
  state: State;
  /** True when the reported state or the latest screen classification is blocked (a dialog may be up). */
  blocked: boolean;
  /** Bumped on every change the shim sees (report or classification). */
  revision: number;
}

/** Why input was refused: stable codes, shown to the user and mapped to exit statuses. */
export type Refusal = 'blocked' | 'not-blocked' | 'already-answered';

/**
 * Whether `op` may write now. `send` never reaches a blocked session (a task typed into a permission
 * dialog would answer it); `answer` only reaches a blocked one, once per dialog (`answeredAt` = the
 * revision at the last accepted answer: a second answer before the screen changed could hit whatever
 * comes next).
 */
export function decideInput(op: InputOp, view: InputView, answeredAt: number | undefined): { ok: true } | { ok: false; refusal: Refusal } {
  if (op === 'send') return view.blocked ? { ok: false, refusal: 'blocked' } : { ok: true };
  if (!view.blocked) return { ok: false, refusal: 'not-blocked' };
  if (answeredAt !== undefined && answeredAt === view.revision) return { ok: false, refusal: 'already-answered' };
  return { ok: true };
}
