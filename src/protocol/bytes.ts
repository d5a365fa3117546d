// Conversions between strings of 8-bit characters and bytes, for the 7-bit wire format.

/** `text` as bytes, one per UTF-16 unit; only meant for ASCII text (higher units are cut to 8 bits). */
export function latin1Bytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

/** `bytes` as a string with one character (U+0000–U+00FF) per byte. */
export function latin1String(bytes: Uint8Array): string {
  const SLICE = 4096;
  let text = '';
  for (let i = 0; i < bytes.length; i += SLICE) {
    text += String.fromCharCode(...bytes.subarray(i, i + SLICE));
  }
  return text;
}
