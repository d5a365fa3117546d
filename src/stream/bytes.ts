// The bytes after ESC that the stream scanner dispatches on (the C0 controls themselves are in protocol/c0.ts).

/** `[`: after ESC, opens a CSI sequence. */
export const LEFT_BRACKET = 0x5b;
/** `]`: after ESC, opens an OSC string. */
export const RIGHT_BRACKET = 0x5d;
/** `P`: after ESC, opens a DCS string. */
export const LETTER_P = 0x50;
/** `X`: after ESC, opens an SOS string. */
export const LETTER_X = 0x58;
/** `^`: after ESC, opens a PM string. */
export const CARET = 0x5e;
/** `_`: after ESC, opens an APC string. */
export const UNDERSCORE = 0x5f;
/** `c`: after ESC, RIS (full reset; ends a synchronized update too). */
export const LETTER_C = 0x63;
