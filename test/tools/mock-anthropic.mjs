#!/usr/bin/env node
// A scriptable mock of the Anthropic Messages API for recording Claude Code against.
//
//   node test/tools/mock-anthropic.mjs [--port 0] [--log FILE] [--dump DIR] [--delay MS]
//
// Prints `MOCK_PORT=<port>` on stdout once listening. POST /v1/messages picks a scenario from
// test/tools/scenarios.mjs by the latest plain user prompt in the conversation and answers the scenario's
// n-th reply, n = assistant turns since that prompt, streamed as SSE (or as one JSON body if stream=false).
// Side requests Claude Code makes with a small model (titles, topic detection, Bash prefix checks, WebFetch
// summaries, quota probes) get short sensible answers. Any other path answers 200 `{}` and is logged.
// GET /docs/page.html is a tiny page for the WebFetch scenario.

import http from 'node:http';
import fs from 'node:fs';
import { scenarioForPrompt } from './scenarios.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const port = Number(opt('port', process.env.MOCK_PORT ?? 0));
const logFile = opt('log', process.env.MOCK_LOG);
const dumpDir = opt('dump', process.env.MOCK_DUMP); // write each /v1/messages request body here (debugging)
let dumpCount = 0;

function log(obj) {
  const line = JSON.stringify({ at: new Date().toISOString(), ...obj });
  if (logFile) fs.appendFileSync(logFile, line + '\n');
  else process.stderr.write(line + '\n');
}

/** Pause before the first block of a main-conversation reply unless the scenario says otherwise. */
const DEFAULT_DELAY_MS = Number(opt('delay', process.env.MOCK_DELAY_MS ?? 800));

const errorCounts = new Map();
let idCounter = 0;
const newId = (prefix) => `${prefix}_mock${Date.now().toString(36)}${(idCounter++).toString(36)}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Plain text of a message's content (string or blocks); tool_result blocks are skipped. */
function textOf(content) {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((b) => b && b.type === 'text' && typeof b.text === 'string')
    .map((b) => b.text)
    .join('\n');
}

function hasToolResult(content) {
  return Array.isArray(content) && content.some((b) => b && b.type === 'tool_result');
}

function systemText(system) {
  if (typeof system === 'string') return system;
  if (Array.isArray(system)) return system.map((b) => b?.text ?? '').join('\n');
  return '';
}

/** Drops <system-reminder>…</system-reminder> and similar injected blocks from user text. */
function stripReminders(text) {
  return text.replace(/<system-reminder>[\s\S]*?<\/system-reminder>/g, '').replace(/<[a-z-]+>[\s\S]*?<\/[a-z-]+>/g, '');
}

/** Finds the prompt: the last user message with text that is not only a tool result; returns index too. */
function findPrompt(messages) {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.role !== 'user' || hasToolResult(m.content)) continue;
    const t = stripReminders(textOf(m.content)).trim();
    if (t) return { index: i, text: t };
  }
  return undefined;
}

function fillTemplate(value, vars) {
  if (typeof value === 'string') return value.replace(/\$\{(\w+)\}/g, (_, k) => vars[k] ?? '');
  if (Array.isArray(value)) return value.map((v) => fillTemplate(v, vars));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillTemplate(v, vars)]));
  }
  return value;
}

/** Decides the reply for one /v1/messages request: { blocks: [...], stop, delayMs, chunkMs, chunks }. */
function plan(body, baseUrl) {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const sys = systemText(body.system);
  const tools = Array.isArray(body.tools) ? body.tools.map((t) => t.name) : [];
  const allUserText = messages.filter((m) => m.role === 'user').map((m) => textOf(m.content)).join('\n');

  // Side requests first.
  if (/policy_spec|command prefix|prefix of the command/i.test(sys + allUserText)) {
    // Bash prefix detection (older versions): answer the first word(s) of the command.
    const m = /Command:\s*(.+)/.exec(allUserText);
    const cmd = m ? m[1].trim() : '';
    const prefix = cmd.split(/\s+/).slice(0, cmd.startsWith('npm') ? 2 : 1).join(' ') || 'none';
    return { kind: 'side:bash-prefix', blocks: [{ type: 'text', text: prefix }], stop: 'end_turn' };
  }
  if (body.max_tokens === 1 || /^quota$/i.test(allUserText.trim())) {
    return { kind: 'side:quota', blocks: [{ type: 'text', text: 'ok' }], stop: 'max_tokens' };
  }
  if (tools.length === 0) {
    // Titles, topic detection, summaries, WebFetch content processing...
    let text = 'Mock title';
    if (/isNewTopic|new conversation topic/i.test(sys + allUserText)) text = '{"isNewTopic": false, "title": null}';
    else if (/Web page content|<page>|hello from the mock docs/i.test(allUserText)) text = 'The page says hello from the mock docs.';
    else if (/title/i.test(sys)) text = 'Mock session';
    return { kind: 'side:notools', blocks: [{ type: 'text', text }], stop: 'end_turn' };
  }

  const prompt = findPrompt(messages);
  const scenario = prompt ? scenarioForPrompt(prompt.text) : undefined;
  // The environment block sits in the system prompt (older versions) or in a role "system" message (newer).
  const allText = sys + '\n' + messages.map((m) => textOf(m.content)).join('\n');
  const cwdMatch = /(?:Primary working directory|Working directory):\s*(\S+)/.exec(allText);
  // Plan mode names the plan file the model should write (…/.claude/plans/<slug>.md).
  const planMatch = /create your plan at (\S+?\.md)/.exec(allText) ?? /(\/\S+\/\.claude\/plans\/[\w.-]+\.md)/.exec(allText);
  const vars = {
    cwd: cwdMatch ? cwdMatch[1] : process.cwd(),
    mock: baseUrl,
    planFile: planMatch ? planMatch[1] : `${cwdMatch ? cwdMatch[1] : process.cwd()}/PLAN.md`,
  };
  if (!scenario) {
    return {
      kind: 'main:unknown',
      blocks: [{ type: 'text', text: `Mock model: no scenario matches "${prompt?.text.slice(0, 60) ?? ''}".` }],
      stop: 'end_turn',
    };
  }
  const turn = messages.slice(prompt.index + 1).filter((m) => m.role === 'assistant').length;
  const reply = scenario.mock[Math.min(turn, scenario.mock.length - 1)];
  if (!reply) return { kind: 'main:empty', blocks: [{ type: 'text', text: 'Done.' }], stop: 'end_turn' };
  if (turn >= scenario.mock.length) {
    return { kind: `main:${scenario.name}:extra`, blocks: [{ type: 'text', text: 'Done.' }], stop: 'end_turn' };
  }
  // `errorsFirst: { status, type, message, count }` fails this turn `count` times before answering it
  // (per project folder, so each recording starts afresh): Claude Code retries with back-off meanwhile.
  if (reply.errorsFirst) {
    const key = `${vars.cwd}:${scenario.name}:${turn}`;
    const n = errorCounts.get(key) ?? 0;
    if (n < (reply.errorsFirst.count ?? 1)) {
      errorCounts.set(key, n + 1);
      return {
        kind: `main:${scenario.name}:${turn}:http${reply.errorsFirst.status}#${n + 1}`,
        httpError: reply.errorsFirst.status,
        error: { type: reply.errorsFirst.type ?? 'api_error', message: reply.errorsFirst.message ?? 'mock error' },
        blocks: [],
        stop: 'end_turn',
      };
    }
  }
  // `dropConnection: true`: the socket is cut before any byte of the reply (a lost connection).
  if (reply.dropConnection) return { kind: `main:${scenario.name}:${turn}:dropped`, dropConnection: true, blocks: [], stop: 'end_turn' };
  if (reply.httpError) {
    // `headers` go with the error; `{resetIn}` in a value is the epoch second that many seconds from now
    // (the usage-limit shape: `anthropic-ratelimit-unified-status: rejected` with its reset).
    const headers = Object.fromEntries(
      Object.entries(reply.headers ?? {}).map(([k, v]) => [k, String(v).replace(/\{resetIn:(\d+)\}/, (_, s) => String(Math.floor(Date.now() / 1000) + Number(s)))]),
    );
    return {
      kind: `main:${scenario.name}:${turn}:http${reply.httpError}`,
      headers,
      httpError: reply.httpError,
      error: { type: reply.errorType ?? 'api_error', message: fillTemplate(reply.message ?? 'mock error', vars) },
      blocks: [],
      stop: 'end_turn',
    };
  }
  if (reply.tool && !tools.includes(reply.tool)) {
    return {
      kind: `main:${scenario.name}:missing-tool`,
      blocks: [{ type: 'text', text: `Mock model: this version has no ${reply.tool} tool.` }],
      stop: 'end_turn',
    };
  }
  const blocks = [];
  if (reply.text && reply.tool) blocks.push({ type: 'text', text: fillTemplate(reply.text, vars) });
  if (reply.tool) {
    blocks.push({ type: 'tool_use', id: newId('toolu'), name: reply.tool, input: fillTemplate(reply.input, vars) });
  } else {
    blocks.push({ type: 'text', text: fillTemplate(reply.text, vars) });
  }
  return {
    kind: `main:${scenario.name}:${turn}`,
    blocks,
    stop: reply.tool ? 'tool_use' : 'end_turn',
    // A real model takes a while before its first token; without a pause the turn is so short that Claude
    // Code's working state (and its spinner) may never be shown or reported.
    delayMs: reply.delayMs ?? DEFAULT_DELAY_MS,
    chunkMs: reply.chunkMs,
    chunks: reply.chunks,
  };
}

function usage() {
  return { input_tokens: 120, output_tokens: 30, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
}

function messageJson(model, p) {
  return {
    id: newId('msg'),
    type: 'message',
    role: 'assistant',
    model,
    content: p.blocks,
    stop_reason: p.stop,
    stop_sequence: null,
    usage: usage(),
  };
}

/** Splits text into about n pieces on word boundaries. */
function split(text, n) {
  if (!n || n <= 1) return [text];
  const words = text.split(/(?<=\s)/);
  const per = Math.max(1, Math.ceil(words.length / n));
  const out = [];
  for (let i = 0; i < words.length; i += per) out.push(words.slice(i, i + per).join(''));
  return out;
}

async function stream(res, model, p, isClosed) {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'request-id': newId('req'),
  });
  const send = (event, data) => {
    if (isClosed()) return false;
    res.write(`event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`);
    return true;
  };
  const msg = messageJson(model, p);
  send('message_start', { message: { ...msg, content: [], stop_reason: null, usage: { ...usage(), output_tokens: 1 } } });
  send('ping', {});
  if (p.delayMs) await sleep(p.delayMs);
  for (let index = 0; index < p.blocks.length; index++) {
    const b = p.blocks[index];
    if (b.type === 'text') {
      send('content_block_start', { index, content_block: { type: 'text', text: '' } });
      for (const piece of split(b.text, p.chunks ?? 1)) {
        if (!send('content_block_delta', { index, delta: { type: 'text_delta', text: piece } })) return;
        if (p.chunkMs) await sleep(p.chunkMs);
      }
    } else {
      send('content_block_start', { index, content_block: { type: 'tool_use', id: b.id, name: b.name, input: {} } });
      const json = JSON.stringify(b.input);
      const mid = Math.floor(json.length / 2);
      send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: json.slice(0, mid) } });
      send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: json.slice(mid) } });
    }
    send('content_block_stop', { index });
  }
  send('message_delta', { delta: { stop_reason: p.stop, stop_sequence: null }, usage: { output_tokens: 30 } });
  send('message_stop', {});
  if (!isClosed()) res.end();
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', async () => {
    const url = new URL(req.url ?? '/', 'http://x');
    const raw = Buffer.concat(chunks).toString('utf8');
    let body = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      /* not JSON */
    }
    const baseUrl = `http://127.0.0.1:${server.address().port}`;
    let closed = false;
    res.on('close', () => (closed = true));

    if (req.method === 'POST' && url.pathname === '/v1/messages') {
      const p = plan(body, baseUrl);
      if (dumpDir) {
        fs.mkdirSync(dumpDir, { recursive: true });
        fs.writeFileSync(`${dumpDir}/${String(dumpCount++).padStart(3, '0')}-${p.kind.replace(/[^\w.-]/g, '_')}.json`, raw);
      }
      log({
        path: url.pathname,
        kind: p.kind,
        model: body.model,
        stream: !!body.stream,
        nmsg: body.messages?.length,
        tools: Array.isArray(body.tools) ? body.tools.map((t) => t.name) : undefined,
      });
      const model = body.model ?? 'claude-mock';
      if (p.dropConnection) {
        req.socket.destroy();
        return;
      }
      if (p.httpError) {
        res.writeHead(p.httpError, { 'content-type': 'application/json', 'request-id': newId('req'), ...(p.headers ?? {}) });
        res.end(JSON.stringify({ type: 'error', error: p.error }));
        return;
      }
      if (body.stream) await stream(res, model, p, () => closed);
      else {
        if (p.delayMs) await sleep(p.delayMs);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(messageJson(model, p)));
      }
      return;
    }
    if (url.pathname === '/v1/messages/count_tokens') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ input_tokens: 100 }));
      return;
    }
    if (url.pathname === '/v1/models' || url.pathname.startsWith('/v1/models/')) {
      const m = { type: 'model', id: 'claude-sonnet-4-5', display_name: 'Claude Sonnet 4.5', created_at: '2025-09-29T00:00:00Z' };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(url.pathname === '/v1/models' ? { data: [m], has_more: false, first_id: m.id, last_id: m.id } : m));
      return;
    }
    if (url.pathname === '/docs/page.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html><head><title>Mock docs</title></head><body><h1>Mock docs</h1><p>Hello from the mock docs.</p></body></html>');
      return;
    }
    log({ path: url.pathname, method: req.method, unknown: true, body: raw.slice(0, 300) });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
});

server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`MOCK_PORT=${server.address().port}\n`);
});

for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
