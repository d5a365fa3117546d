// The head of a module that runs inside an agent's own process (OpenCode's plugin, Pi's extension) and reports on
// the session's FIFO without starting a process: its imports and `send(name, props)`. Pure: source text.
import { PAYLOAD_MAX_BYTES } from '../events.js';
import { HOOK_FIFO_ENV, HOOK_TOKEN_ENV } from '../wire.js';

/**
 * `send(name, props)` writes one line, `<token> <name>[ <payload file>]`, to the FIFO named by $OSF7501_HOOK_FIFO,
 * opened read-write (it never blocks), `props` first to a payload file beside it. Every step is in a try: nothing
 * it meets can disturb the agent. `title`: the module's first line.
 */
export function fifoSenderSource(title: string): string {
  return `// osf7501: ${title} (removed with the session). Reports events on the session's FIFO.
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
let n = 0;
function send(name, props) {
  try {
    const fifo = process.env[${JSON.stringify(HOOK_FIFO_ENV)}];
    const token = process.env[${JSON.stringify(HOOK_TOKEN_ENV)}];
    if (!fifo || !token) return;
    let file = '';
    if (props !== undefined) {
      n = (n + 1) % 1000;
      file = 'payload.' + String(process.pid % 10000000) + String(n).padStart(3, '0');
      writeFileSync(join(dirname(fifo), file), JSON.stringify(props).slice(0, ${PAYLOAD_MAX_BYTES}), { mode: 0o600 });
    }
    const fd = openSync(fifo, 'r+');
    try { writeSync(fd, token + ' ' + name + (file ? ' ' + file : '') + '\\n'); } finally { closeSync(fd); }
  } catch {}
}
`;
}
