// The child's own OSC 7501: answer its support query, cut the terminal's duplicate reply, pass on its reports.
import { BEL_TEXT, ST_TEXT } from '../protocol/c0.js';
import { parseBody, SEQUENCE_PREFIX, type Report } from '../protocol/index.js';
import type { Osc7501Event } from '../stream/index.js';
import { QueryReplyFilter } from '../stream/query-reply-filter.js';

/** How long after answering a query a reply from the outer terminal is still taken as its duplicate. */
export const REPLY_WINDOW_MS = 5000;
/** How long a possible reply split across reads is held before it is passed on as ordinary input. */
export const REPLY_HOLD_MS = 15;

const encoder = new TextEncoder();

/** What the bridge needs from the session. */
interface NativeBridgeOptions {
  /** Answer the child's query (false with `--no-native`: the outer terminal decides). */
  answerQueries: boolean;
  now: () => number;
  /** Writes bytes to the child's input. */
  writeToChild: (bytes: Uint8Array) => void;
  /** A valid report the child made itself. */
  onReport: (report: Report) => void;
}

/** One session's bridge to an agent that speaks OSC 7501; `dispose()` is idempotent. */
export class NativeBridge {
  private readonly filter = new QueryReplyFilter();
  private holdTimer: NodeJS.Timeout | undefined;
  private disposed = false;

  constructor(private readonly options: NativeBridgeOptions) {}

  /** Called by the output scanner for every OSC 7501 sequence in the child's output. */
  onOsc7501(event: Osc7501Event): void {
    if (this.disposed) return;
    if (event.type === 'query') {
      if (!this.options.answerQueries) return;
      // The reply is the query's own bytes (the protocol's answer), sent before the outer terminal
      // even sees the query, so it reaches the child ahead of any DA1 reply.
      const terminator = event.terminator === 'bel' ? BEL_TEXT : ST_TEXT;
      this.options.writeToChild(encoder.encode(`${SEQUENCE_PREFIX}${event.body}${terminator}`));
      this.filter.expect(this.options.now(), REPLY_WINDOW_MS);
    } else if (event.type === 'report') {
      const parsed = parseBody(event.body);
      if (parsed.type === 'report') this.options.onReport(parsed.report);
    }
  }

  /** Filters the user's input on its way to the child: cuts the outer terminal's duplicate reply. */
  filterInput(chunk: Uint8Array): Uint8Array {
    if (this.disposed) return chunk;
    const out = this.filter.filter(chunk, this.options.now());
    if (this.holdTimer) clearTimeout(this.holdTimer);
    this.holdTimer = undefined;
    if (this.filter.holding) {
      this.holdTimer = setTimeout(() => {
        this.holdTimer = undefined;
        const held = this.filter.release();
        if (held.length > 0) this.options.writeToChild(held);
      }, REPLY_HOLD_MS);
      this.holdTimer.unref();
    }
    return out;
  }

  /** Stops the hold timer; held bytes go to the child. Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.holdTimer) clearTimeout(this.holdTimer);
    const held = this.filter.release();
    if (held.length > 0) this.options.writeToChild(held);
  }
}
