import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongFilesFirst } from './long-files-first.js';

// Two projects: pure unit tests run in parallel, one worker per core (vitest's own default is one fewer than
// the cores: a single worker on a 2-core machine, every unit file one after another); then the tests that drive
// real PTYs and child processes run one file at a time so they do not fight over the two cores.
export default defineConfig({
  test: {
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'node_modules/**'],
          maxWorkers: Math.max(2, availableParallelism()),
          // One folder per run of replayed recordings, shared by the files that check the same recordings.
          globalSetup: ['test/replay-cache-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
