// A rule's named groups `progress`, or `done` and `total`, give a working or blocked classification its progress.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadRuleFile } from '../../src/rule-files/load.js';

const dir = mkdtempSync(join(tmpdir(), 'osf-progress-rules-'));
const file = join(dir, 'bars.toml');
writeFileSync(
  file,
  `app = "bars"
commands = ["bars"]

[[rules]]
name = "percent"
state = "working"
region = { bottom = 2 }
any = ['^\\s*[\\d.,]+[KMG]?\\s+(?<progress>\\d+(?:\\.\\d+)?)%\\s']

[[rules]]
name = "count"
state = "working"
region = { bottom = 2 }
any = ['^\\s*Building \\[[=> ]*\\] (?<done>\\d+)/(?<total>\\d+)']

[[rules]]
name = "idle-count"
state = "idle"
any = ['^Finished (?<done>\\d+)/(?<total>\\d+)$']
`,
);
const rules = loadRuleFile(file);

describe('progress from the screen', () => {
  test.each<[string, string[], number | undefined]>([
    ['a percentage (rsync --info=progress2)', ['sending incremental file list', '     32,768,000  45%   31.25MB/s    0:00:01  '], 45],
    ['a fraction is rounded down', ['  1,000  99.9%  1MB/s'], 99],
    ['done/total (cargo)', ['   Building [=======>     ] 45/120: serde'], 37],
    ['done/total at the end is 100', ['   Building [============] 120/120'], 100],
    ['an idle rule carries none', ['Finished 3/4'], undefined],
  ])('%s', (_name, lines, expected) => {
    expect(rules.classify(lines).progress).toBe(expected);
  });
});
