// Pure: the policy's outputs with the secrets in their texts masked, for every sink (`--log`, the inbox, the tmux options).
import { maskSecrets } from '../protocol/mask-secrets.js';
import type { DriftVerdict } from './drift.js';
import type { PolicyOutput } from './types.js';

/** `value` with its `msg` (and `title`) masked; the same object when nothing in them was a secret. */
function masked<T extends { msg?: string; title?: string }>(value: T): T {
  const msg = value.msg === undefined ? undefined : maskSecrets(value.msg);
  const title = value.title === undefined ? undefined : maskSecrets(value.title);
  if (msg === value.msg && title === value.title) return value;
  return { ...value, ...(msg === undefined ? {} : { msg }), ...(title === undefined ? {} : { title }) };
}

/**
 * `output` as the policy's sinks get it: a report's msg and title, a classification's msg and both sides of a
 * drift masked (`maskSecrets`). The report bytes are already masked: the encoder sanitizes, and sanitizing masks.
 */
export function maskOutput(output: PolicyOutput): PolicyOutput {
  switch (output.type) {
    case 'report':
    case 'child': {
      const report = masked(output.report);
      return report === output.report ? output : { ...output, report };
    }
    case 'classification': {
      const classification = masked(output.classification);
      return classification === output.classification ? output : { ...output, classification };
    }
    case 'drift': {
      const native: DriftVerdict = masked(output.drift.native);
      const screen = masked(output.drift.screen);
      return native === output.drift.native && screen === output.drift.screen ? output : { ...output, drift: { ...output.drift, native, screen } };
    }
    default:
      return output;
  }
}
