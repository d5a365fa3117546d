// Turns a report as the program describes it into the one the encoder writes: the emitter profile.
import { idProblem, isValidApp } from './grammar.js';
import {
  DEFAULT_MSG_BUDGET_BYTES,
  DEFAULT_TITLE_BUDGET_BYTES,
  MSG_MAX_DECODED_BYTES,
  PROGRESS_MAX,
  TITLE_MAX_DECODED_BYTES,
} from './limits.js';
import { reject, type Rejection } from './rejection.js';
import { sanitizeText } from './sanitize.js';
import { BLOCKED_KINDS, STATES, type Report } from './types.js';

/** How much text the encoder keeps. Budgets above the protocol's limits are lowered to them. */
export interface EncodeOptions {
  /** UTF-8 bytes of `msg` to keep (default 512: some terminals cap msg there; the protocol allows 2048). */
  msgBudgetBytes?: number;
  /** UTF-8 bytes of `title` to keep (default and maximum 192). */
  titleBudgetBytes?: number;
}

/** A report the encoder can write, or why it cannot. */
export type NormalizeResult = { ok: true; report: Report } | { ok: false; reason: Rejection };

/** Whether progress belongs with this state. */
function carriesProgress(state: Report['state']): boolean {
  return state === 'working' || state === 'blocked';
}

/** `budget` as a whole number of bytes between 0 and `max`. */
function budget(value: number | undefined, fallback: number, max: number): number {
  if (value === undefined || Number.isNaN(value)) return Math.min(fallback, max);
  return Math.max(0, Math.min(Math.floor(value), max));
}

/** The report the encoder writes for `report`: fields that do not belong to its state dropped (`kind` off
 * `blocked`, `progress` off `working`/`blocked`, everything but `id` off `clear`), progress rounded and
 * clamped to 0–100, text sanitized and cut, empty text left out. Refused when something cannot be made
 * valid: an unknown state or kind, an invalid id or app, a missing app, a progress that is not a number. */
export function normalizeReport(report: Report, options: EncodeOptions = {}): NormalizeResult {
  const { state } = report;
  if (!(STATES as readonly string[]).includes(state)) {
    return failed('state-unknown', `state ${JSON.stringify(state)} is not one of ${STATES.join(', ')}`, 'state');
  }
  const out: Report = { state };
  if (report.id !== undefined) {
    const problem = idProblem(report.id);
    if (problem !== null) return failed('id-invalid', `id ${JSON.stringify(report.id)} ${problem}`, 'id');
    out.id = report.id;
  }
  if (state === 'clear') return { ok: true, report: out };

  if (state === 'blocked' && report.kind !== undefined) {
    if (!(BLOCKED_KINDS as readonly string[]).includes(report.kind)) {
      const valid = BLOCKED_KINDS.join(', ');
      return failed('kind-unknown', `kind ${JSON.stringify(report.kind)} is not one of ${valid}`, 'kind');
    }
    out.kind = report.kind;
  }
  if (carriesProgress(state) && report.progress !== undefined) {
    if (!Number.isFinite(report.progress)) {
      return failed('progress-invalid', `progress ${String(report.progress)} is not a finite number`, 'progress');
    }
    out.progress = Math.max(0, Math.min(PROGRESS_MAX, Math.round(report.progress)));
  }
  if (report.app === undefined || report.app === '') {
    return failed('app-missing', `a ${state} report needs app (every report but clear carries it)`, 'app');
  }
  if (!isValidApp(report.app)) {
    return failed('app-invalid', `app ${JSON.stringify(report.app)} is not [A-Za-z0-9_.+-]{1,32}`, 'app');
  }
  out.app = report.app;

  const titleBudget = budget(options.titleBudgetBytes, DEFAULT_TITLE_BUDGET_BYTES, TITLE_MAX_DECODED_BYTES);
  const title = sanitizeText(report.title ?? '', titleBudget);
  if (title !== '') out.title = title;
  const msgBudget = budget(options.msgBudgetBytes, DEFAULT_MSG_BUDGET_BYTES, MSG_MAX_DECODED_BYTES);
  const msg = sanitizeText(report.msg ?? '', msgBudget);
  if (msg !== '') out.msg = msg;
  return { ok: true, report: out };
}

/** A failed NormalizeResult. */
function failed(code: Rejection['code'], message: string, field: string): NormalizeResult {
  return { ok: false, reason: reject(code, message, field) };
}
