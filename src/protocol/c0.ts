// The C0 control characters the shim reads and writes (ECMA-48 § 5.2; the introducers and ST of § 5.3),
// as byte values for the stream parsers and as text for the sequences the shim composes. The one home of
// these values: nothing else in src/ spells 0x1b, '\x1b' or '\u001b'.

/** BEL: ends an OSC string (the xterm terminator). */
export const BEL = 0x07;
/** CAN: cancels an escape sequence or control string in progress. */
export const CAN = 0x18;
/** SUB: cancels an escape sequence or control string in progress, like CAN. */
export const SUB = 0x1a;
/** ESC: opens every escape sequence. */
export const ESC = 0x1b;
/** `\`: after ESC, the 7-bit string terminator ST. */
export const BACKSLASH = 0x5c;

/** ESC as text. */
export const ESC_TEXT = '\u001b';
/** BEL as text. */
export const BEL_TEXT = '\u0007';
/** CSI in its 7-bit form, `ESC [`. */
export const CSI_TEXT = `${ESC_TEXT}[`;
/** OSC in its 7-bit form, `ESC ]`. */
export const OSC_TEXT = `${ESC_TEXT}]`;
/** ST in its 7-bit form, `ESC \`: the terminator this project writes. */
export const ST_TEXT = `${ESC_TEXT}\\`;
