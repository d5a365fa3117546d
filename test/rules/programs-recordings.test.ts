// Real runs of plain programs recorded under `osf7501 record` (test/tools/record-program.mjs; fixtures/terraform,
// coreutils, git, …): the replay, with the rules and lifecycle `osf7501 classify` picks from the recorded
// command, reports at each driver label what the driver waited for on the screen. No PTY: committed casts only.
//
// A label holds from its t to its `until` (when the driver sent its keys): the report in effect just before
// `until` must have the label's state, kind and exact msg. An `exit` label (the run's end) and a `done` label
// (a status-0 exit after --done-after, which only the live shim sees: a recording does not say how the program
// ended) are checked as far as a replay can: the run is a program's, and a done one lasted --done-after.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { rulesForRecording } from '../../src/cli/classify-rules.js';
import { loadRecording } from '../../src/recording/recording.js';
import { replay, reportBefore } from '../../src/recording/replay.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const APPS = ['apt', 'coreutils', 'debconf', 'docker', 'fzf', 'gh', 'git', 'ssh', 'sudo', 'terraform'];
/** Programs that draw their progress (rsync, wget, curl, pip, cargo: their rule files; pv under `sh -c`: rules/generic.toml; apt's above). */
const PROGRESS_APPS = ['rsync', 'pv', 'wget', 'curl', 'pip', 'cargo'];
/** Node prompt libraries (rules/generic.toml): create-vite and sv (clack, also under pnpm create), create-next-app (prompts), inquirer, npm init, npx's install question. */
const NODE_APPS = ['create-vite', 'create-next-app', 'inquirer', 'inquirer-prompts', 'npm', 'pnpm', 'sv'];
/** The shim's default --done-after (s). */
const DONE_AFTER_S = 3;

/**
 * Known flaws at the end of a run, asserted as they are so that a fix shows here (terraform's plan after a sensitive
 * value, printed before the terminal is read again, is no longer ranked with the stale echo-off state). npm init's
 * last question: Enter on `Is this OK? (yes)` leaves the row as it was (only the cursor moves on) and npm exits within
 * 10 ms, printing nothing; the replay does not see the exit, the live shim reports it (done: npm finished).
 */
const KNOWN_AT_EXIT: Record<string, { state: string; kind?: string; msg?: string }> = {
  'npm-init': { state: 'blocked', kind: 'question', msg: 'Is this OK? (yes)' },
};

/**
 * Known flaws at a labelled moment (recording's file name without `.cast`, then the label's note), asserted as they
 * are. (create-next-app at 60x15 read idle during its install spinner until a raw-mode program whose output streams
 * alone came to read working: spec/signals.md.) npx's install question: a `y` typed and not yet sent leaves `Ok to proceed? (y) y` as the
 * last row, exactly the screen npm leaves once the answer is sent and its spinner row is cleared (only the cursor
 * differs, and rules do not see it), so the rule reads the bare question only and the typed `y` reads idle (raw
 * mode, no rule); once sent, npm's spinner (80 ms) keeps the output from being quiet and the last terminal read
 * (raw, reading) stands: idle, not working, until the spinner pauses.
 */
const NPX_YES_FLAWS = { 'y typed, not yet submitted': { state: 'idle' }, "answered: npm installs, its spinner under the question": { state: 'idle' } };
const KNOWN_AT_LABEL: Record<string, Record<string, { state: string }>> = {
  'npx-install-yes-80x24': NPX_YES_FLAWS,
  'npx-install-yes-120x32': NPX_YES_FLAWS,
  'npx-install-yes-60x15': NPX_YES_FLAWS,
};

/** Runs whose bar starts again for each file (rsync --progress): their labels need not rise. */
const RESTARTS = /\/rsync-progress-\d+x\d+\.cast$/u;

interface Label {
  note?: string;
  t: number;
  until?: number;
  state: string;
  kind?: string;
  msg?: string;
  status?: number;
  /** The progress the screen drew at t, and at until (a bar's percentage, a count's share). */
  progress?: number;
  progressUntil?: number;
}

const casts = [...APPS, ...NODE_APPS, ...PROGRESS_APPS].flatMap((app) =>
  readdirSync(join(ROOT, 'fixtures', app)).flatMap((version) =>
    readdirSync(join(ROOT, 'fixtures', app, version))
      .filter((f) => f.endsWith('.cast'))
      .map((f) => join('fixtures', app, version, f)),
  ),
);

/**
 * Runs whose labelled moments are all an editor at rest that git opened (nano, vim on a commit message or a rebase's
 * todo list): no frame of them may read as a dialog, between the labels either (nano's `^G Help  ^O Write Out` footer,
 * vim's `-- INSERT --`, the todo's `d, drop <commit> = remove commit`).
 */
const EDITOR_RUNS = /\/git-(?:commit-nano|commit-vi|rebase-i)-\d+x\d+\.cast$/u;

describe('plain programs: replayed recordings report what the driver saw', () => {
  test('there are recordings of each app', () => {
    for (const app of [...APPS, ...NODE_APPS, ...PROGRESS_APPS]) expect(casts.filter((c) => c.startsWith(`fixtures/${app}/`)).length).toBeGreaterThanOrEqual(2);
  });

  test.each(casts)('%s', async (cast) => {
    const path = join(ROOT, cast);
    const recording = loadRecording(path);
    const chosen = rulesForRecording(recording, path, { env: {}, cwd: ROOT });
    expect(chosen.lifecycle).toBe('program');
    const result = await replay(recording, { rules: chosen.rules, lifecycle: chosen.lifecycle });
    const labels = readFileSync(path.replace(/\.cast$/u, '.labels.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Label);
    expect(labels.length).toBeGreaterThan(0);
    if (EDITOR_RUNS.test(cast)) {
      expect(result.screens.length).toBeGreaterThan(3);
      for (const screen of result.screens) expect(screen.classification.state, `${cast} at ${screen.t}s: ${screen.lines.join('\n')}`).not.toBe('blocked');
      expect(result.reports.map((r) => r.report.state)).not.toContain('blocked');
    }
    for (const label of labels) {
      if (label.state === 'exit' || label.state === 'done') {
        if (label.state === 'done') {
          expect(label.status).toBe(0);
          expect(label.t).toBeGreaterThanOrEqual(DONE_AFTER_S);
        }
        const end = reportBefore(result, label.t + 1)?.report;
        const known = KNOWN_AT_EXIT[cast.replace(/^.*\/|-\d+x\d+\.cast$/gu, '')];
        // The last question was answered: nothing blocked is left at the end (but for a known flaw, kept as seen).
        if (known === undefined) expect(end?.state).not.toBe('blocked');
        else expect({ state: end?.state, kind: end?.kind, msg: end?.msg }).toEqual(known);
        continue;
      }
      const at = (label.until ?? label.t) - 0.01;
      const shown = reportBefore(result, at)?.report;
      const knownFlaw = KNOWN_AT_LABEL[cast.replace(/^.*\/|\.cast$/gu, '')]?.[label.note ?? ''];
      if (knownFlaw !== undefined) {
        expect({ state: shown?.state }, `${cast} at ${at}s: the known flaw (${JSON.stringify(label)})`).toEqual(knownFlaw);
        continue;
      }
      if (label.progress !== undefined) {
        // The screen moves on while the label holds: the report in effect at its end carries a value the screen drew
        // in that time (reports of progress alone go at most 4 a second, so it may lag the screen by a value or two).
        const seen = `${cast} at ${at}s (${JSON.stringify(label)}): ${JSON.stringify(shown)}`;
        expect(shown?.state, seen).toBe(label.state);
        const until = label.progressUntil ?? label.progress;
        const value = shown?.progress ?? -1;
        // A bar that started again for the next file while the label held (rsync --progress): the rest of this one, or the next's start.
        const drawn = until >= label.progress ? value >= label.progress && value <= until : value >= label.progress || value <= until;
        expect(drawn, `${seen}: progress ${shown?.progress} not drawn between ${label.progress} and ${until}`).toBe(true);
        if (label.msg !== undefined) expect(shown?.msg, seen).toBe(label.msg);
        const earlier = labels.filter((l) => l.progress !== undefined && l.t < label.t).at(-1);
        if (earlier !== undefined && !RESTARTS.test(cast)) expect(label.progress, `${cast}: the labels rise`).toBeGreaterThan(earlier.progress as number);
        continue;
      }
      const want = { state: label.state, ...(label.kind === undefined ? {} : { kind: label.kind }), ...(label.msg === undefined ? {} : { msg: label.msg }) };
      const got = { state: shown?.state, ...(label.kind === undefined ? {} : { kind: shown?.kind }), ...(label.msg === undefined ? {} : { msg: shown?.msg }) };
      expect(got, `${cast} at ${at}s (${JSON.stringify(label)})`).toEqual(want);
    }
  });
});
