// The screen client with its real worker thread: output waits for a sweep; a flood is read from its tail,
// once it is over — even when nothing follows the flood's last byte.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { SCREEN_BACKLOG_BYTES } from '../../src/screen/output-backlog.js';
// The compiled client: its worker thread is started from the compiled screen-worker.js beside it
// (`npm test` builds first).
import { ScreenClient } from '../../dist/src/screen-worker/screen-client.js';

const GENERIC = fileURLToPath(new URL('../../rules/generic.toml', import.meta.url));
const encoder = new TextEncoder();

const clients: ScreenClient[] = [];
function open(): { client: ScreenClient; faults: string[] } {
  const faults: string[] = [];
  const client = new ScreenClient({ cols: 80, rows: 24, ruleText: readFileSync(GENERIC, 'utf8'), ruleFile: GENERIC, onFault: (m) => faults.push(m) });
  clients.push(client);
  return { client, faults };
}
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
});

describe('ScreenClient', () => {
  test('output fed before a sweep is read by it', async () => {
    const { client, faults } = open();
    client.feed(encoder.encode('some output\r\nPassword: '));
    const result = await client.sweep();
    expect(result.changed && result.classification).toMatchObject({ state: 'blocked', kind: 'auth', msg: 'Password:' });
    expect(faults).toEqual([]);
  });

  test('a sweep asked for in the middle of a flood reads the flood’s end, though no output follows it', async () => {
    const { client, faults } = open();
    const line = encoder.encode(`${'flood '.repeat(12)}\r\n`);
    for (let sent = 0; sent < 4 * SCREEN_BACKLOG_BYTES; sent += line.length) client.feed(line);
    client.feed(encoder.encode('Password: '));
    // Asked at once: the flood has not been quiet yet. The answer waits for it, and is not "unchanged".
    const result = await client.sweep();
    expect(result.changed).toBe(true);
    expect(result.changed && result.classification).toMatchObject({ state: 'blocked', kind: 'auth' });
    expect(result.changed && result.lines.at(-1)).toBe('Password:');
    expect(faults).toEqual([]);
  });

  test('dispose answers a sweep still waiting for a flood to end', async () => {
    const { client } = open();
    const line = encoder.encode(`${'flood '.repeat(12)}\r\n`);
    for (let sent = 0; sent < 2 * SCREEN_BACKLOG_BYTES; sent += line.length) client.feed(line);
    const pending = client.sweep();
    client.dispose();
    await expect(pending).resolves.toEqual({ changed: false });
  });
});
