// Why the codec refused a report: a stable code, the field concerned, and a sentence for people.

/** Every reason a report can be refused, by the encoder or the parser. */
export const REJECTION_CODES = [
  'not-osc7501',
  'unterminated',
  'sequence-too-long',
  'key-too-long',
  'state-missing',
  'state-unknown',
  'id-invalid',
  'kind-unknown',
  'progress-invalid',
  'app-missing',
  'app-invalid',
  'text-too-long',
  'base64-invalid',
  'text-invalid-utf8',
  'text-control-char',
] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

/** One refusal. `field` names the key concerned, when there is one. */
export interface Rejection {
  code: RejectionCode;
  field?: string;
  message: string;
}

/** Builds a rejection (the field is left out when there is none, so results compare cleanly). */
export function reject(code: RejectionCode, message: string, field?: string): Rejection {
  return field === undefined ? { code, message } : { code, field, message };
}
