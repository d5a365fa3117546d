// The order vitest starts test files in: the longest unit files first, so that no long file starts last and
// keeps one worker busy while the other has nothing left. vitest orders by the durations of the last run in
// node_modules/.vite; on a clean clone (CI) it has none and starts the largest files first, and these are small
// files that replay many recordings. The list is only an order: a file missing from it, or a name gone stale,
// runs in vitest's own order after the listed ones.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The unit files that took longest (`npx vitest run --config test/vitest.config.ts --reporter=verbose`). The two
 * halves of the structural-dialog check replay the same recordings (kept for the run, helpers/cast.ts): they
 * start apart, so the second reads what the first replayed instead of replaying it alongside.
 */
export const LONG_FILES: readonly string[] = [
  'test/rules/structural-dialogs.test.ts',
  'test/stream/recordings.test.ts',
  'test/screen/volatile-shortcut-recordings.test.ts',
  'test/rules/structural-dialogs-generic.test.ts',
  'test/conformance/claude-code.test.ts',
  'test/conformance/opencode.test.ts',
  'test/conformance/qwen-code.test.ts',
];

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification): number => {
      const at = LONG_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return at === -1 ? LONG_FILES.length : at;
    };
    const sorted = await super.sort(files);
    const place = new Map(sorted.map((spec, i) => [spec, i]));
    return sorted.sort((a, b) => rank(a) - rank(b) || (place.get(a) ?? 0) - (place.get(b) ?? 0));
  }
}
