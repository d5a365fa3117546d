// A rule's `checklist`: an agent's plan or todo list on screen gives a working classification progress
// (done/total) and the task in progress as msg; no list on screen, no progress. Hand-made screens in the shapes
// the agents draw (Codex's `Updated Plan`, Gemini CLI's todo tray); the agents' own recordings are checked in
// test/rules/agent-checklists.test.ts.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadRuleFile } from '../../src/rule-files/load.js';
import { compileRuleFile } from '../../src/rules/compile.js';

const dir = mkdtempSync(join(tmpdir(), 'osf-checklist-rules-'));
const file = join(dir, 'lists.toml');
writeFileSync(
  file,
  `app = "lists"
commands = ["lists"]

[[rules]]
name = "asking"
state = "blocked"
kind = "permission"
any = ['^Allow (?<msg>[^\\n]+)\\?$']
checklist = { list = '^Plan\\n(?:[ \\t]*[✔□»][^\\n]*\\n?)+', done = '^[ \\t]*✔ ', open = '^[ \\t]*□ ', current = '^[ \\t]*» (?<task>.+)' }

[[rules]]
name = "working"
state = "working"
any = ['^• Working\\b']
checklist = { list = '^Plan\\n(?:[ \\t]*(?:[✔□»✗]|  )[^\\n]*\\n?)+', done = '^[ \\t]*✔ ', open = '^[ \\t]*□ ', current = '^[ \\t]*» (?<task>.+)' }

[[rules]]
name = "thinking"
state = "working"
any = ['^ Thinking\\b']
checklist = { list = '^ Todo +\\d+/\\d+ completed\\b[^\\n]*', count = 'Todo +(?<done>\\d+)/(?<total>\\d+) completed', current = '» (?<task>[^\\n]*?)[ \\t]*$' }
`,
);
const rules = loadRuleFile(file);

describe('a checklist on screen', () => {
  test.each<[string, string[], number | undefined, string | undefined]>([
    ['done of total, the task in progress as msg', ['Plan', '  ✔ Read the parser', '  » Split the tokenizer out', '  □ Run the tests', '• Working (3s)'], 33, '1/3 · Split the tokenizer out'],
    ['no task marked in progress: the count alone', ['Plan', '  ✔ Read the parser', '  □ Run the tests', '• Working (3s)'], 50, '1/2'],
    ['all done is 100', ['Plan', '  ✔ a', '  ✔ b', '• Working (1s)'], 100, '2/2'],
    ['a cancelled row and a wrapped row are not counted', ['Plan', '  ✔ a', '  ✗ dropped', '  » b that goes on', '    over two rows', '  □ c', '• Working'], 33, '1/3 · b that goes on'],
    ['the last list on screen counts (the plan redrawn below the old one)', ['Plan', '  □ a', '  □ b', 'Plan', '  ✔ a', '  » b', '• Working'], 50, '1/2 · b'],
    ['no list, no progress', ['• Working (3s)'], undefined, undefined],
  ])('%s', (_name, lines, progress, msg) => {
    const c = rules.classify(lines);
    expect(c.state).toBe('working');
    expect(c.progress).toBe(progress);
    expect(c.msg).toBe(msg);
  });

  test.each<[string, string[], number | undefined, string | undefined]>([
    ['a list that states its count (a collapsed tray)', [' Todo  1/3 completed (Ctrl+T to toggle) » Split the tokenizer out', ' Thinking...'], 33, '1/3 · Split the tokenizer out'],
    ['its count without a task in progress', [' Todo  2/4 completed (Ctrl+T to toggle)', ' Thinking...'], 50, '2/4'],
    ['a count that cannot be (more done than there are) is no list', [' Todo  5/4 completed', ' Thinking...'], undefined, undefined],
  ])('%s', (_name, lines, progress, msg) => {
    const c = rules.classify(lines);
    expect(c).toMatchObject({ state: 'working', rule: 'thinking' });
    expect(c.progress).toBe(progress);
    expect(c.msg).toBe(msg);
  });

  test('a blocked rule keeps its own msg and gets the progress', () => {
    const c = rules.classify(['Plan', '  ✔ a', '  » b', '  □ c', '  □ d', 'Allow rm -rf build?']);
    expect(c).toMatchObject({ state: 'blocked', kind: 'permission', msg: 'rm -rf build', progress: 25 });
  });
});

describe('a checklist in a rule file', () => {
  const ruleWith = (state: string, checklist: string) =>
    `app = "x"\ncommands = ["x"]\n[[rules]]\nname = "r"\nstate = "${state}"\nany = ['^x$']\nchecklist = ${checklist}\n`;
  test.each<[string, string, RegExp]>([
    ['not a table', ruleWith('working', `'✔'`), /checklist must be a table/],
    ['without done', ruleWith('working', `{ list = '^P', open = '^□' }`), /checklist needs "done"/],
    ['a count without its groups', ruleWith('working', `{ list = '^P', count = 'P (\\d+)/(\\d+)' }`), /needs the groups/],
    ['a folded row without its group', ruleWith('working', `{ list = '^P', done = '^✔', open = '^□', folded = '^… \\+(\\d+)' }`), /checklist.folded needs the group/],
    ['with an unknown key', ruleWith('working', `{ list = '^P', done = '^✔', open = '^□', skip = '^✗' }`), /unknown key/],
    ['on an idle rule', ruleWith('idle', `{ list = '^P', done = '^✔', open = '^□' }`), /only allowed with state "working" or "blocked"/],
    ['a pattern that matches an empty screen', ruleWith('working', `{ list = '^', done = '^✔', open = '^□' }`), /matches an empty screen/],
  ])('%s is refused with a one-line error', (_name, text, message) => {
    expect(() => compileRuleFile(text, 'x.toml')).toThrow(message);
  });
});
