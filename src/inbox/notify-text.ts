// Pure: the notification for a state change, and its terminal sequences (OSC 9, OSC 777).
import { OSC_TEXT, ST_TEXT } from '../protocol/c0.js';
import { sanitizeText } from '../protocol/sanitize.js';
import type { StateUpdate } from './entry.js';

/** Bytes of a notification's title or body: terminals and notification daemons cut long ones anyway. */
const NOTIFY_TEXT_BYTES = 200;

/** A notification: one title, one body, both one printable line. */
export interface Notice {
  title: string;
  body: string;
}

/** The notice for a session that became blocked or done; undefined for other states. */
export function noticeFor(app: string, update: StateUpdate): Notice | undefined {
  const name = sanitizeText(app, 64) || 'osf7501';
  const msg = update.msg ? sanitizeText(update.msg, NOTIFY_TEXT_BYTES) : '';
  if (update.state === 'blocked') {
    const what = update.kind === 'auth' ? 'needs a password' : update.kind === 'question' ? 'asks a question' : 'needs approval';
    return { title: `${name} ${what}`, body: msg || `${name} is waiting for you` };
  }
  if (update.state === 'done') return { title: `${name} is done`, body: msg || `${name} finished its turn` };
  return undefined;
}

/** Which terminal sequence: OSC 9 (iTerm2, Ghostty, WezTerm, kitty, Windows Terminal) or OSC 777 (urxvt, foot, VTE). */
type NoticeStyle = 'osc9' | 'osc777';

/** Picks the sequence the terminal most likely shows, from its environment. */
export function noticeStyle(env: Readonly<Record<string, string | undefined>>): NoticeStyle {
  const term = env['TERM'] ?? '';
  if (term.startsWith('rxvt') || term.startsWith('foot') || (env['VTE_VERSION'] ?? '') !== '') return 'osc777';
  return 'osc9';
}

/** The terminal sequence for `notice`: `ESC ] 9 ; text ST` or `ESC ] 777 ; notify ; title ; body ST`. */
export function encodeNotice(notice: Notice, style: NoticeStyle): string {
  const title = sanitizeText(notice.title, NOTIFY_TEXT_BYTES);
  const body = sanitizeText(notice.body, NOTIFY_TEXT_BYTES);
  if (style === 'osc777') return `${OSC_TEXT}777;notify;${title.replace(/;/gu, ',')};${body}${ST_TEXT}`;
  // `OSC 9 ; 4 ; …` is ConEmu's progress bar: the text must not start with digits and `;`.
  const text = `${title}: ${body}`.replace(/^(\d+);/u, '$1,');
  return `${OSC_TEXT}9;${text}${ST_TEXT}`;
}
