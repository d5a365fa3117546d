// Builds a report's message from the classifier's raw msg and the configured templates.
import type { MessageTemplates, StatusInput } from './types.js';

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The message for `input`, or undefined when it would be empty. */
export function buildMessage(input: StatusInput, templates: MessageTemplates): string | undefined {
  const raw = collapse(input.msg ?? '');
  const template =
    (input.rule === undefined ? undefined : templates.byRule?.[input.rule]) ??
    (input.state === 'blocked' && input.kind !== undefined ? templates.byKind?.[input.kind] : undefined);
  const text = template === undefined ? raw : collapse(template.split('{msg}').join(raw));
  return text === '' ? undefined : text;
}
