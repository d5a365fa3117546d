// What the scanner tells its owner about the OSC 7501 sequences the child itself writes.

/** How a string sequence ended: `ESC \` (ST) or BEL. */
export type StringTerminator = 'st' | 'bel';

/**
 * One complete `ESC ] 7501 ; … (ST|BEL)` in the child's output. `start`/`end` are absolute
 * stream offsets (bytes fed before the sequence's ESC; bytes fed up to and including its
 * terminator), so `[start, end)` spans the whole sequence even across chunks.
 */
export type Osc7501Event =
  /** A status report; `body` is what follows `7501;` (latin-1 decoded, not validated). */
  | { type: 'report'; body: string; start: number; end: number; terminator: StringTerminator }
  /** The support query `ESC ] 7501 ; ? ST` (`?:pairs` is accepted too); `body` as above. */
  | { type: 'query'; body: string; start: number; end: number; terminator: StringTerminator }
  /** A body longer than the capture limit: receivers discard it; only its size is kept. */
  | { type: 'oversize'; bodyLength: number; start: number; end: number; terminator: StringTerminator };

/** Receives OSC 7501 events while `feed()` runs (synchronously, in stream order). */
export type Osc7501Listener = (event: Osc7501Event) => void;
