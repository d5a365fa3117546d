// Byte values the stream scanner dispatches on: C0 controls and the ESC finals that open sequences.

/** ESC: opens every escape sequence. */
export const ESC = 0x1b;
/** BEL: ends an OSC string (the xterm terminator). */
export const BEL = 0x07;
/** CAN: cancels an escape or control sequence. */
export const CAN = 0x18;
/** SUB: cancels an escape or control sequence, like CAN. */
export const SUB = 0x1a;
/** `\`: after ESC, the 7-bit string terminator ST. */
export const BACKSLASH = 0x5c;
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
