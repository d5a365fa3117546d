// A report's message from the classifier's raw msg: whitespace collapsed, none when empty.
import type { StatusInput } from './types.js';

/** The message for `input`, or undefined when it would be empty. */
export function buildMessage(input: StatusInput): string | undefined {
  const text = (input.msg ?? '').replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text;
}
