// The recording mock answers a scenario the way Claude Code needs: a tool_use turn, then (after the
// tool_result comes back) a text turn that ends the conversation turn; unknown paths answer 200.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let child: ChildProcess;
let base = '';

beforeAll(async () => {
  child = spawn(process.execPath, [join(import.meta.dirname, 'mock-anthropic.mjs'), '--port', '0', '--delay', '0', '--log', '/dev/null'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  base = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const m = /MOCK_PORT=(\d+)/.exec(buf);
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    child.on('exit', () => reject(new Error('mock exited')));
  });
});

afterAll(() => {
  child?.kill('SIGTERM');
});

const tools = ['Bash', 'Write', 'Edit', 'Read'].map((name) => ({ name, input_schema: { type: 'object' } }));
const system = [{ type: 'text', text: 'Primary working directory: /tmp/proj' }];

async function sse(body: unknown): Promise<Array<{ event: string; data: any }>> {
  const res = await fetch(`${base}/v1/messages?beta=true`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const text = await res.text();
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((chunk) => {
      const event = /^event: (.*)$/m.exec(chunk)![1]!;
      const data = JSON.parse(/^data: (.*)$/m.exec(chunk)![1]!);
      return { event, data };
    });
}

describe('mock Anthropic API', () => {
  it('answers the bash scenario with a tool_use, then text after the tool_result', async () => {
    const prompt = { role: 'user', content: [{ type: 'text', text: '<system-reminder>x</system-reminder>' }, { type: 'text', text: 'make a build log' }] };
    const first = await sse({ model: 'm', stream: true, system, tools, messages: [prompt] });
    expect(first.map((e) => e.event)).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const start = first.find((e) => e.event === 'content_block_start' && e.data.content_block.type === 'tool_use')!;
    expect(start.data.content_block.name).toBe('Bash');
    const json = first
      .filter((e) => e.event === 'content_block_delta' && e.data.delta.type === 'input_json_delta')
      .map((e) => e.data.delta.partial_json)
      .join('');
    expect(JSON.parse(json)).toEqual({ command: 'touch build.log', description: 'Create an empty build log' });
    expect(first.find((e) => e.event === 'message_delta')!.data.delta.stop_reason).toBe('tool_use');

    const id = start.data.content_block.id;
    const second = await sse({
      model: 'm',
      stream: true,
      system,
      tools,
      messages: [
        prompt,
        { role: 'assistant', content: [{ type: 'tool_use', id, name: 'Bash', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: '' }] },
      ],
    });
    const text = second
      .filter((e) => e.event === 'content_block_delta')
      .map((e) => e.data.delta.text)
      .join('');
    expect(text).toContain('Created build.log');
    expect(second.find((e) => e.event === 'message_delta')!.data.delta.stop_reason).toBe('end_turn');
  });

  it('fills ${cwd} from the working directory line', async () => {
    const events = await sse({
      model: 'm',
      stream: true,
      system,
      tools,
      messages: [{ role: 'user', content: 'create notes.txt' }],
    });
    const json = events
      .filter((e) => e.event === 'content_block_delta' && e.data.delta.type === 'input_json_delta')
      .map((e) => e.data.delta.partial_json)
      .join('');
    expect(JSON.parse(json).file_path).toBe('/tmp/proj/notes.txt');
  });

  it('answers scripted HTTP errors, count_tokens and unknown paths', async () => {
    const bad = await fetch(`${base}/v1/messages`, {
      method: 'POST',
      body: JSON.stringify({ model: 'm', stream: true, system, tools, messages: [{ role: 'user', content: 'trigger a bad request' }] }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.type).toBe('invalid_request_error');
    const count = await fetch(`${base}/v1/messages/count_tokens`, { method: 'POST', body: '{}' });
    expect((await count.json()).input_tokens).toBe(100);
    const other = await fetch(`${base}/api/whatever`);
    expect(other.status).toBe(200);
  });

  it('answers a usage limit with the unified limiter headers, and cuts a connection', async () => {
    const ask = (content: string): Promise<Response> =>
      fetch(`${base}/v1/messages`, { method: 'POST', body: JSON.stringify({ model: 'm', stream: true, system, tools, messages: [{ role: 'user', content }] }) });
    const limited = await ask('spend the whole quota');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('anthropic-ratelimit-unified-status')).toBe('rejected');
    const reset = Number(limited.headers.get('anthropic-ratelimit-unified-reset'));
    expect(reset - Date.now() / 1000).toBeGreaterThan(7000);
    expect((await limited.json()).error.type).toBe('rate_limit_error');
    await expect(ask('lose the connection')).rejects.toThrow();
  });
});
