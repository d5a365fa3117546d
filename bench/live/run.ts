// `node dist/bench/live/run.js [--seed 7] [--quick] [--json FILE]`: the live benchmark. Runs the fake
// agent through the real shim with a simulated user and prints how each detector did on the same bytes.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runLiveBenchmark } from './live.js';
import { FULL_MODE, QUICK_MODE } from './modes.js';
import { formatReport } from './table.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '7' },
    quick: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const seed = Number(values.seed);
if (!Number.isInteger(seed) || seed < 0) {
  process.stderr.write(`bench/live: --seed must be a whole number ≥ 0, got "${values.seed}"\n`);
  process.exit(2);
}
const mode = values.quick ? QUICK_MODE : FULL_MODE;
process.stderr.write(`bench/live: ${mode.name} session with seed ${seed} (${mode.tasks} tasks); this takes ${mode.name === 'full' ? 'about 10 minutes' : 'about 30 s'}\n`);
const result = await runLiveBenchmark(ROOT, seed, mode);
console.log(formatReport(result).join('\n'));
if (values.json !== undefined) writeFileSync(values.json, `${JSON.stringify(result, null, 2)}\n`);
