// Stand-in for `node bin/osf7501 hook <event> [budgetMs]` while main.ts does not route `hook` yet: it loads
// the same CLI modules bin/osf7501 loads (main.js and all it imports: commander, node-pty, the rules, …)
// and runs hookCommand, exiting the way bin/osf7501 does. The benchmark uses the real bin once it routes.
import { main } from '../../src/cli/main.js';
import { hookCommand } from '../../src/cli/hook-command.js';

void main; // loaded for its import cost, as bin/osf7501 loads it
const io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
const budget = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
void hookCommand(process.argv.slice(2, 3), io, budget).then((status) => process.stdout.write('', () => process.exit(status)));
