// Whether a wrapped session reports at all: cheap to ask, so the reporting code loads only when it does.
import type { RunOptions } from './run-options.js';

/** Environment variable that turns reports off while still wrapping (any non-empty value but 0). */
const NO_REPORT_ENV = 'OSF7501_NO_REPORT';

/** Why reporting is off for this session, or undefined when it is on. */
export function reportingDisabledBecause(options: Pick<RunOptions, 'report'>, env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (options.report === false) return '--no-report';
  const flag = env[NO_REPORT_ENV];
  if (flag !== undefined && flag !== '' && flag !== '0') return NO_REPORT_ENV;
  if (env['TERM'] === 'dumb') return 'TERM=dumb';
  return undefined;
}
