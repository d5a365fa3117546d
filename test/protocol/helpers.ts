// Shared builders for the protocol tests: sequences, base64 of text, byte strings, a seeded PRNG.
import { Buffer } from 'node:buffer';

export const ESC = '\u001b';
export const ST = `${ESC}\\`;
export const BEL = '\u0007';

/** `ESC ] 7501 ; body` + ST (or BEL). */
export function osc(body: string, terminator: 'st' | 'bel' = 'st'): string {
  return `${ESC}]7501;${body}${terminator === 'st' ? ST : BEL}`;
}

/** Standard padded base64 of `text` as UTF-8 (Node's encoder, independent of the codec's own). */
export function b64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/** Standard padded base64 of raw bytes. */
export function b64Bytes(bytes: number[]): string {
  return Buffer.from(bytes).toString('base64');
}

/** A string of 8-bit characters as bytes (for building streams). */
export function bytesOf(text: string): Uint8Array {
  return Uint8Array.from(Buffer.from(text, 'latin1'));
}

/** UTF-8 bytes of `text`. */
export function utf8(text: string): Uint8Array {
  return Uint8Array.from(Buffer.from(text, 'utf8'));
}

/** Bytes as a string of 8-bit characters. */
export function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('latin1');
}

/** Mulberry32: a small seeded PRNG, so random tests are reproducible. Returns floats in [0, 1). */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random integer in [low, high]. */
export function randomInt(random: () => number, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}

/** A random element of `items`. */
export function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
