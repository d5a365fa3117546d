#!/usr/bin/env node
// A scriptable mock of the model APIs that Codex CLI, Gemini CLI and OpenCode talk to, for recording them.
//
//   node test/tools/mock-agents.mjs [--port 0] [--log FILE] [--dump DIR] [--delay MS]
//
// Prints `MOCK_PORT=<port>` on stdout once listening. One server speaks three wire formats:
//
//   POST …/responses                                   OpenAI Responses API (Codex CLI): SSE events
//                                                      response.created, response.output_item.added,
//                                                      response.output_text.delta / response.function_call_arguments.delta,
//                                                      response.output_item.done, response.completed
//   POST …/models/<model>:streamGenerateContent        Gemini API (Gemini CLI), `?alt=sse`: one
//                                                      `data: {candidates:[…]}` per chunk; functionCall parts
//   POST …/models/<model>:generateContent / :countTokens   the same, not streamed (Gemini CLI's side requests)
//   POST …/chat/completions                            OpenAI Chat Completions (OpenAI-compatible providers:
//                                                      OpenCode, GitHub Copilot CLI's BYOK mode, Qwen Code):
//                                                      SSE `data: {choices:[{delta…}]}`, tool_calls named after
//                                                      the tools the request offers (chatCall)
//   GET  …/models                                      a small model list in both formats
//
// The reply comes from test/tools/agent-turns.mjs: the latest plain user prompt picks the turn, the number
// of tool results since it picks the reply. Requests that offer no tools (titles, summaries, routing and
// next-speaker checks) get short plausible answers. Anything else answers 200 `{}` and is logged.

import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { turnForPrompt } from './agent-turns.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const port = Number(opt('port', process.env.MOCK_PORT ?? 0));
const logFile = opt('log', process.env.MOCK_LOG);
const dumpDir = opt('dump', process.env.MOCK_DUMP);
let dumpCount = 0;
/** Pause before a main-conversation reply unless the turn says otherwise (so `working` is visible). */
const DEFAULT_DELAY_MS = Number(opt('delay', process.env.MOCK_DELAY_MS ?? 800));

function log(obj) {
  const line = JSON.stringify({ at: new Date().toISOString(), ...obj });
  if (logFile) fs.appendFileSync(logFile, line + '\n');
  else process.stderr.write(line + '\n');
}

let idCounter = 0;
const newId = (prefix) => `${prefix}_mock${Date.now().toString(36)}${(idCounter++).toString(36)}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function fill(value, vars) {
  if (typeof value === 'string') return value.replace(/\$\{(\w+)\}/g, (_, k) => vars[k] ?? '');
  if (Array.isArray(value)) return value.map((v) => fill(v, vars));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, vars)]));
  return value;
}

function split(text, n) {
  if (!n || n <= 1) return [text];
  const size = Math.ceil(text.length / n);
  const out = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** Text injected by the agents themselves (environment context, instructions), not typed by the user. */
const INJECTED = /^\s*<(environment_context|user_instructions|user_shell_command|turn_aborted|permissions instructions|collaboration_mode|skills_instructions|subagent_notification|system-reminder)\b/;

/**
 * The reply for a conversation: `prompts` are the plain user prompts (latest last) with the number of tool
 * results after each. Returns { reply, turn, n, prompt } or undefined.
 */
function pick(prompt, toolResults) {
  if (prompt === undefined) return undefined;
  const turn = turnForPrompt(prompt);
  if (!turn) return { reply: { text: `The mock has no scripted answer for: ${prompt.slice(0, 80)}` }, prompt, n: toolResults };
  const reply = turn.replies[Math.min(toolResults, turn.replies.length - 1)];
  return { reply, turn, n: toolResults, prompt };
}

// ------------------------------------------------------------------------------ OpenAI Responses (Codex)

function responsesPlan(body) {
  const input = Array.isArray(body.input) ? body.input : [];
  let promptIndex = -1;
  let prompt;
  for (let i = input.length - 1; i >= 0; i--) {
    const it = input[i];
    if (it?.type !== 'message' && it?.role === undefined) continue;
    if (it.role !== 'user') continue;
    const text = (Array.isArray(it.content) ? it.content : [{ type: 'input_text', text: String(it.content ?? '') }])
      .filter((c) => c && (c.type === 'input_text' || c.type === 'text') && typeof c.text === 'string')
      .map((c) => c.text)
      .join('\n');
    if (!text.trim() || INJECTED.test(text)) continue;
    promptIndex = i;
    prompt = text.trim();
    break;
  }
  const toolResults = input
    .slice(promptIndex + 1)
    .filter((it) => it && /(^|_)call_output$/.test(String(it.type))).length;
  const all = JSON.stringify(input);
  const cwd = /<cwd>([^<]+)<\/cwd>/.exec(all)?.[1] ?? '';
  return { ...pick(prompt, toolResults), cwd };
}

function usageResponses() {
  return {
    input_tokens: 1200,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 40,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 1240,
  };
}

async function streamResponses(res, body, reply, { isClosed, side }) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const id = newId('resp');
  const model = body.model ?? 'mock-model';
  const send = (ev) => res.write(`event: ${ev.type}\ndata: ${JSON.stringify(ev)}\n\n`);
  send({ type: 'response.created', response: { id, object: 'response', model, status: 'in_progress', output: [] } });
  send({ type: 'response.in_progress', response: { id, object: 'response', model, status: 'in_progress', output: [] } });
  if (!side) await sleep(reply.delayMs ?? DEFAULT_DELAY_MS);
  const output = [];
  let index = 0;
  const text = reply.text;
  if (text) {
    const msgId = newId('msg');
    send({
      type: 'response.output_item.added',
      output_index: index,
      item: { type: 'message', id: msgId, role: 'assistant', status: 'in_progress', content: [] },
    });
    send({
      type: 'response.content_part.added',
      item_id: msgId,
      output_index: index,
      content_index: 0,
      part: { type: 'output_text', text: '', annotations: [] },
    });
    for (const piece of split(text, reply.chunks ?? 1)) {
      if (isClosed()) return;
      send({ type: 'response.output_text.delta', item_id: msgId, output_index: index, content_index: 0, delta: piece });
      if (reply.chunkMs) await sleep(reply.chunkMs);
    }
    send({ type: 'response.output_text.done', item_id: msgId, output_index: index, content_index: 0, text });
    const item = {
      type: 'message',
      id: msgId,
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text, annotations: [] }],
    };
    send({ type: 'response.content_part.done', item_id: msgId, output_index: index, content_index: 0, part: item.content[0] });
    send({ type: 'response.output_item.done', output_index: index, item });
    output.push(item);
    index++;
  }
  const calls = reply.agents ? responsesAgentCalls(reply, body) : [responsesCall(reply)].filter(Boolean);
  for (const call of calls) {
    const fcId = newId('fc');
    const callId = newId('call');
    const argsText = JSON.stringify(call.arguments);
    send({
      type: 'response.output_item.added',
      output_index: index,
      item: { type: 'function_call', id: fcId, call_id: callId, name: call.name, ...ns(call), arguments: '', status: 'in_progress' },
    });
    const half = Math.ceil(argsText.length / 2);
    for (const piece of [argsText.slice(0, half), argsText.slice(half)]) {
      send({ type: 'response.function_call_arguments.delta', item_id: fcId, output_index: index, delta: piece });
    }
    send({ type: 'response.function_call_arguments.done', item_id: fcId, output_index: index, arguments: argsText });
    const item = { type: 'function_call', id: fcId, call_id: callId, name: call.name, ...ns(call), arguments: argsText, status: 'completed' };
    send({ type: 'response.output_item.done', output_index: index, item });
    output.push(item);
    index++;
  }
  send({
    type: 'response.completed',
    response: { id, object: 'response', model, status: 'completed', output, usage: usageResponses() },
  });
  res.end();
}

const ns = (call) => (call.namespace ? { namespace: call.namespace } : {});

/**
 * Codex's sub-agent calls (0.171.0: the `multi_agent_v1` namespace): `agents: { spawn: [message, …] }` spawns
 * one agent per message (the message is the sub-agent's prompt, so its own turn is picked by it), `agents:
 * { wait: true }` waits on every agent the conversation spawned (their ids read from the spawn results).
 */
function responsesAgentCalls(reply, body) {
  const namespace = 'multi_agent_v1';
  if (reply.agents.spawn) return reply.agents.spawn.map((message) => ({ name: 'spawn_agent', namespace, arguments: { message } }));
  // Spawned: `{"agent_id"}` in a spawn result; finished: a key of a wait result's `status` (or of a
  // <subagent_notification>), which Codex returns again at once if it is waited on a second time.
  const spawned = new Set();
  const finished = new Set();
  const parse = (text) => {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  };
  for (const it of Array.isArray(body.input) ? body.input : []) {
    if (it?.type === 'function_call_output') {
      const out = parse(typeof it.output === 'string' ? it.output : JSON.stringify(it.output));
      if (out?.agent_id) spawned.add(out.agent_id);
      for (const id of Object.keys(out?.status ?? {})) finished.add(id);
    }
    const note = /<subagent_notification>([\s\S]*?)<\/subagent_notification>/.exec(JSON.stringify(it?.content ?? ''))?.[1];
    const path = note && parse(JSON.parse(`"${note}"`))?.agent_path;
    if (path) finished.add(path);
  }
  const targets = [...spawned].filter((id) => !finished.has(id));
  return [{ name: 'wait_agent', namespace, arguments: { targets, timeout_ms: 60000 } }];
}

/** The Codex function call for a reply: exec_command (escalated) or request_user_input. */
function responsesCall(reply) {
  if (reply.todos) {
    // Codex's plan tool: statuses pending | in_progress | completed (no cancelled: it is left out).
    const plan = reply.todos.filter(([, status]) => status !== 'cancelled').map(([step, status]) => ({ step, status }));
    return { name: 'update_plan', arguments: { plan } };
  }
  if (reply.shell) {
    return {
      name: 'exec_command',
      arguments: {
        cmd: reply.shell,
        sandbox_permissions: 'require_escalated',
        justification: reply.justification ?? `Do you want to run ${reply.shell}?`,
        yield_time_ms: 2000,
      },
    };
  }
  if (reply.write) {
    // Codex edits files with apply_patch through the shell tool.
    const patch = `*** Begin Patch\n*** Add File: ${reply.write.path}\n${reply.write.content
      .split('\n')
      .filter((l, i, a) => i < a.length - 1 || l !== '')
      .map((l) => `+${l}`)
      .join('\n')}\n*** End Patch\n`;
    return {
      name: 'exec_command',
      arguments: { cmd: `apply_patch <<'EOF'\n${patch}EOF\n`, yield_time_ms: 2000 },
    };
  }
  if (reply.ask) {
    return {
      name: 'request_user_input',
      arguments: { questions: [{ id: 'choice', header: reply.ask.header, question: reply.ask.question, options: reply.ask.options }] },
    };
  }
  return undefined;
}

function openaiError(res, status, message, reply = {}) {
  const type = status === 401 ? 'invalid_request_error' : status >= 500 ? 'server_error' : 'invalid_request_error';
  const code = status === 401 ? 'invalid_api_key' : null;
  let error = { message, type, param: null, code };
  if (reply.error === 'quota') {
    // OpenAI's exhausted quota (HTTP 429).
    error = {
      message: 'You exceeded your current quota, please check your plan and billing details. (mock 429)',
      type: 'insufficient_quota',
      param: null,
      code: 'insufficient_quota',
    };
  } else if (reply.error === 'usage-limit') {
    // The ChatGPT backend's usage limit (HTTP 429), as Codex reads it: the plan and when it resets.
    const secs = reply.resetsInSeconds ?? 3600;
    error = {
      type: 'usage_limit_reached',
      message: 'The usage limit has been reached',
      plan_type: 'plus',
      resets_at: Math.floor(Date.now() / 1000) + secs,
      resets_in_seconds: secs,
    };
  } else if (reply.error === 'rate-limit') {
    // OpenAI's per-minute rate limit (HTTP 429, with a Retry-After header): a limit that passes, unlike a quota.
    error = {
      message: 'Rate limit reached for requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 5s. (mock 429)',
      type: 'requests',
      param: null,
      code: 'rate_limit_exceeded',
    };
  } else if (reply.error === 'quota-reset') {
    // An exhausted quota whose message says when it resets (the words Qwen Code fails fast on, no retry).
    error = {
      message: 'Free allocated quota exceeded: the daily quota is exhausted and will reset at 00:00 UTC. (mock 429)',
      type: 'insufficient_quota',
      param: null,
      code: 'insufficient_quota',
    };
  } else if (reply.error === 'context') {
    error = {
      message:
        "This model's maximum context length is 128000 tokens. However, your messages resulted in 131072 tokens. Please reduce the length of the messages. (mock 400)",
      type: 'invalid_request_error',
      param: 'messages',
      code: 'context_length_exceeded',
    };
  }
  const headers = { 'content-type': 'application/json' };
  if (status === 429 && reply.error !== 'usage-limit') headers['retry-after'] = String(reply.retryAfter ?? 20);
  res.writeHead(status, headers);
  res.end(JSON.stringify({ error }));
}

/**
 * `errorsFirst: { status, count }`: whether this attempt fails. Counted per prompt and project folder, so each
 * recording (a new project folder) sees the same number of failures before the answer.
 */
const attempts = new Map();
function failsFirst(reply, key) {
  const first = reply.errorsFirst;
  if (!first) return undefined;
  const n = (attempts.get(key) ?? 0) + 1;
  attempts.set(key, n);
  return n <= (first.count ?? 1) ? first : undefined;
}

/**
 * `errorsFirst: { stream: 'rate-limit' }`: a 200 stream whose first chunk is an `error` event (a provider's rate
 * limit reported inside the stream, no HTTP status: type `rate_limit_error`), then the end of the stream.
 */
async function chatStreamError(res, body, reply) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  await sleep(reply.delayMs ?? DEFAULT_DELAY_MS);
  const error = { message: 'Rate limit reached for requests per min. Please try again in 5s. (mock stream error)', type: 'rate_limit_error', code: 'rate_limit_exceeded' };
  res.write(`data: ${JSON.stringify({ error })}\n\n`);
  res.end();
}

/** Starts a streamed answer, then cuts the connection mid-answer (no clean end, no [DONE]). */
async function dropStream(res, reply, first) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  if (first) res.write(first);
  await sleep(reply.delayMs ?? DEFAULT_DELAY_MS);
  res.socket?.destroy();
}

// ------------------------------------------------------------------------------------- Gemini API

function geminiPlan(body) {
  const contents = Array.isArray(body.contents) ? body.contents : [];
  let promptIndex = -1;
  let prompt;
  for (let i = contents.length - 1; i >= 0; i--) {
    const c = contents[i];
    if (c?.role !== 'user') continue;
    const parts = Array.isArray(c.parts) ? c.parts : [];
    if (parts.some((p) => p && p.functionResponse)) continue;
    // Gemini CLI sends its <session_context> as the first part of the first user message.
    const text = parts
      .filter((p) => typeof p?.text === 'string' && !p.thought && !/^\s*<session_context>|^This is the Gemini CLI\b/.test(p.text))
      .map((p) => p.text)
      .join('\n')
      .trim();
    if (!text) continue;
    promptIndex = i;
    prompt = text;
    break;
  }
  const toolResults = contents
    .slice(promptIndex + 1)
    .filter((c) => c?.role === 'user' && (c.parts ?? []).some((p) => p && p.functionResponse)).length;
  const all = JSON.stringify(body);
  const cwd = /working in the directory:\s*([^\s"\\]+)/.exec(all)?.[1] ?? /"cwd":"([^"]+)"/.exec(all)?.[1] ?? '';
  return { ...pick(prompt, toolResults), cwd };
}

function geminiUsage() {
  return { promptTokenCount: 1200, candidatesTokenCount: 40, totalTokenCount: 1240 };
}

function geminiCall(reply) {
  if (reply.todos) return { name: 'write_todos', args: { todos: reply.todos.map(([description, status]) => ({ description, status })) } };
  if (reply.shell) return { name: 'run_shell_command', args: { command: reply.shell, description: reply.description ?? reply.shell } };
  if (reply.write) return { name: 'write_file', args: { file_path: reply.write.path, content: reply.write.content } };
  if (reply.ask) {
    return {
      name: 'ask_user',
      args: {
        questions: [
          {
            header: reply.ask.header,
            question: reply.ask.question,
            type: 'choice',
            options: reply.ask.options,
          },
        ],
      },
    };
  }
  return undefined;
}

function geminiChunks(reply, cwd) {
  const chunks = [];
  if (reply.text) for (const piece of split(reply.text, reply.chunks ?? 1)) chunks.push({ parts: [{ text: piece }] });
  const call = geminiCall(reply);
  if (call) {
    if (call.args.file_path && cwd && !call.args.file_path.startsWith('/')) call.args.file_path = path.join(cwd, call.args.file_path);
    chunks.push({ parts: [{ functionCall: call }] });
  }
  if (chunks.length === 0) chunks.push({ parts: [{ text: '' }] });
  return chunks;
}

async function streamGemini(res, reply, cwd, { isClosed, side, stream, model }) {
  const chunks = geminiChunks(reply, cwd);
  const candidate = (parts, last) => ({
    candidates: [
      { content: { role: 'model', parts }, index: 0, ...(last ? { finishReason: 'STOP' } : {}) },
    ],
    ...(last ? { usageMetadata: geminiUsage() } : {}),
    modelVersion: model,
    responseId: newId('gresp'),
  });
  if (!stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(candidate(chunks.flatMap((c) => c.parts), true)));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  if (!side) await sleep(reply.delayMs ?? DEFAULT_DELAY_MS);
  for (let i = 0; i < chunks.length; i++) {
    if (isClosed()) return;
    res.write(`data: ${JSON.stringify(candidate(chunks[i].parts, i === chunks.length - 1))}\r\n\r\n`);
    if (reply.chunkMs && i < chunks.length - 1) await sleep(reply.chunkMs);
  }
  res.end();
}

function geminiError(res, status, message, reply = {}) {
  const statusText =
    status === 401 ? 'UNAUTHENTICATED' : status === 400 ? 'INVALID_ARGUMENT' : status === 403 ? 'PERMISSION_DENIED' : status === 429 ? 'RESOURCE_EXHAUSTED' : status === 503 ? 'UNAVAILABLE' : 'INTERNAL';
  let error = { code: status, message, status: statusText };
  if (reply.error === 'quota' || reply.error === 'usage-limit') {
    // The Gemini API's exhausted quota: a per-day quota (no retry helps) or a per-minute one, with RetryInfo.
    const daily = reply.error === 'usage-limit';
    const quotaId = daily ? 'GenerateRequestsPerDayPerProjectPerModel-FreeTier' : 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier';
    error = {
      code: 429,
      message: `You exceeded your current quota, please check your plan and billing details. Quota exceeded for metric: generativelanguage.googleapis.com/generate_content_free_tier_requests, limit: ${daily ? 250 : 10} (mock 429)`,
      status: 'RESOURCE_EXHAUSTED',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
          violations: [{ quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests', quotaId }],
        },
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: daily ? `${reply.resetsInSeconds ?? 3600}s` : '20s' },
      ],
    };
  } else if (reply.error === 'context') {
    error = {
      code: 400,
      message: 'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576). (mock 400)',
      status: 'INVALID_ARGUMENT',
    };
  }
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error }));
}

/** Gemini CLI side requests (no tools): next-speaker checks, routing, summaries, titles. */
function geminiSideReply(body) {
  const all = JSON.stringify(body);
  if (/next_speaker/.test(all)) return { text: JSON.stringify({ reasoning: 'The model finished its turn.', next_speaker: 'user' }) };
  if (/"model_choice"|routing|classif/i.test(all)) {
    return { text: JSON.stringify({ reasoning: 'A simple task.', model_choice: 'flash' }) };
  }
  if (body.generationConfig?.responseMimeType === 'application/json' || body.generationConfig?.responseJsonSchema) {
    return { text: '{}' };
  }
  return { text: 'Mock summary.' };
}

// --------------------------------------------------------------------------- OpenAI Chat Completions

function chatPlan(body) {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  let promptIndex = -1;
  let prompt;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role !== 'user') continue;
    // Qwen Code sends its context as `<system-reminder>` parts before the prompt's part, in one message.
    const parts = typeof m.content === 'string' ? [m.content] : (m.content ?? []).map((c) => c?.text ?? '');
    const text = parts.filter((t) => !INJECTED.test(t)).join('\n').trim();
    if (!text) continue;
    promptIndex = i;
    prompt = text;
    break;
  }
  const toolResults = messages.slice(promptIndex + 1).filter((m) => m?.role === 'tool').length;
  return pick(prompt, toolResults);
}

/**
 * GitHub Copilot CLI's tools (1.0.102): `bash` {command, description}, `create` {path (absolute), file_text},
 * `ask_user` {message, requestedSchema (a JSON-schema form: one single-select string field)}. Recognised by
 * `create` and `ask_user`, which no other agent here offers.
 */
function copilotCall(reply) {
  if (reply.shell) return { name: 'bash', arguments: { command: reply.shell, description: reply.description ?? reply.shell } };
  if (reply.write) return { name: 'create', arguments: { filePath: reply.write.path, file_text: reply.write.content }, pathKey: 'path' };
  if (reply.ask) {
    const choice = { type: 'string', title: reply.ask.header, enum: reply.ask.options.map((o) => o.label) };
    return {
      name: 'ask_user',
      arguments: { message: reply.ask.question, requestedSchema: { type: 'object', properties: { choice }, required: ['choice'] } },
    };
  }
  return undefined;
}

/**
 * Qwen Code's tools (0.24.4, Gemini CLI's over Chat Completions): `run_shell_command` {command, description},
 * `write_file` {file_path (absolute), content}, `ask_user_question` {questions: [{question, header, options,
 * multiSelect}]}.
 */
function qwenCall(reply) {
  if (reply.shell) return { name: 'run_shell_command', arguments: { command: reply.shell, description: reply.description ?? reply.shell } };
  if (reply.write) return { name: 'write_file', arguments: { filePath: reply.write.path, content: reply.write.content }, pathKey: 'file_path' };
  if (reply.ask) {
    const { header, question, options } = reply.ask;
    return { name: 'ask_user_question', arguments: { questions: [{ question, header, options, multiSelect: false }] } };
  }
  return undefined;
}

function chatCall(reply, toolNames) {
  const has = (n) => toolNames.includes(n);
  // OpenCode's sub-agents: task {description, prompt, subagent_type}, one call per task (in one reply).
  if (reply.tasks && has('task')) return reply.tasks.map((t) => ({ name: 'task', arguments: t }));
  if (reply.read && has('read')) return { name: 'read', arguments: { filePath: reply.read } };
  if (reply.todos) {
    // Qwen Code's todo_write {todos: [{id, content, status}]}, OpenCode's todowrite {todos: [{content, status, priority}]}.
    const todos = reply.todos.map(([content, status], i) => ({ id: String(i + 1), content, status }));
    if (has('todo_write')) return { name: 'todo_write', arguments: { todos } };
    if (has('todowrite')) return { name: 'todowrite', arguments: { todos: todos.map(({ content, status }) => ({ content, status, priority: 'medium' })) } };
    // Qwen Code 0.24.4 defers todo_write behind its tool search: called through its `tool_call` bridge.
    if (has('tool_call') && has('tool_search')) return { name: 'tool_call', arguments: { name: 'todo_write', arguments: { todos } } };
  }
  if (has('create') && has('ask_user')) return copilotCall(reply);
  if (has('run_shell_command') && has('ask_user_question')) return qwenCall(reply);
  // ---- i18b: Cline's tools (run_commands, editor, ask_question) ----
  if (has('run_commands')) {
    if (reply.shell) return { name: 'run_commands', arguments: { commands: [reply.shell] } };
    if (reply.write) return { name: 'editor', arguments: { filePath: reply.write.path, new_text: reply.write.content } };
    if (reply.ask) return { name: 'ask_question', arguments: { question: reply.ask.question, options: reply.ask.options.map((o) => o.label) } };
  }
  // ---- end i18b ----
  // ---- i18c: Factory Droid's tools (0.215.0): Execute {command, summary, riskLevel…}, Create {file_path, content}, AskUser {questionnaire} ----
  if (has('Execute') && has('AskUser')) {
    if (reply.shell) {
      const summary = reply.description ?? 'Run a shell command';
      return { name: 'Execute', arguments: { command: reply.shell, summary, riskLevelReason: 'It changes files in the project folder only.', riskLevel: 'medium' } };
    }
    if (reply.write) return { name: 'Create', arguments: { filePath: reply.write.path, content: reply.write.content }, pathKey: 'file_path' };
    if (reply.ask) {
      const q = `1. [question] ${reply.ask.question}\n[topic] ${reply.ask.header}\n` + reply.ask.options.map((o) => `[option] ${o.label}`).join('\n');
      return { name: 'AskUser', arguments: { questionnaire: q } };
    }
  }
  // Continue CLI's tools (1.5.47): Bash {command}, Write {filepath, content}, AskQuestion {question, options: [string]}.
  if (has('Bash') && has('AskQuestion')) {
    if (reply.shell) return { name: 'Bash', arguments: { command: reply.shell } };
    if (reply.write) return { name: 'Write', arguments: { filePath: reply.write.path, content: reply.write.content }, pathKey: 'filepath' };
    if (reply.ask) return { name: 'AskQuestion', arguments: { question: reply.ask.question, options: reply.ask.options.map((o) => o.label) } };
  }
  // ---- end i18c ----
  // Grok CLI's tools (0.0.34): bash {command}, create_file {path, content} (a relative path: its dialog shows it as given).
  if (has('create_file') && has('str_replace_editor')) {
    if (reply.shell) return { name: 'bash', arguments: { command: reply.shell } };
    if (reply.write) return { name: 'create_file', arguments: { path: reply.write.path, content: reply.write.content } };
  }
  if (reply.shell) return { name: has('bash') ? 'bash' : 'shell', arguments: { command: reply.shell, description: reply.description ?? reply.shell } };
  if (reply.write) return { name: 'write', arguments: { filePath: reply.write.path, content: reply.write.content } };
  if (reply.ask) {
    return {
      name: 'question',
      arguments: { questions: [{ header: reply.ask.header, question: reply.ask.question, options: reply.ask.options }] },
    };
  }
  return undefined;
}

/**
 * The call's arguments under the names the agent's own tool declares: a write's `filePath` becomes `path`
 * when the offered tool has `path` and no `filePath` (Pi's write, Cline's editor).
 */
function fitArguments(call, tools) {
  if (!call) return call;
  const props = tools.find((t) => t?.function?.name === call.name)?.function?.parameters?.properties ?? {};
  if ('filePath' in call.arguments && !('filePath' in props) && 'path' in props) {
    const { filePath, ...rest } = call.arguments;
    call.arguments = { path: filePath, ...rest };
  }
  return call;
}

async function streamChat(res, body, reply, { isClosed, side, cwd }) {
  const model = body.model ?? 'mock-model';
  const id = newId('chatcmpl');
  const toolNames = (body.tools ?? []).map((t) => t?.function?.name).filter(Boolean);
  const chosen = chatCall(reply, toolNames);
  const several = Array.isArray(chosen) ? chosen : undefined;
  let call = several ? undefined : chosen;
  if (call?.arguments.filePath && cwd && !call.arguments.filePath.startsWith('/')) call.arguments.filePath = path.join(cwd, call.arguments.filePath);
  if (call?.pathKey) {
    // The agent names the path argument differently (Copilot's `create`: `path`).
    call.arguments = { [call.pathKey]: call.arguments.filePath, ...call.arguments };
    delete call.arguments.filePath;
    delete call.pathKey;
  }
  call = fitArguments(call, body.tools ?? []);
  const calls = several ?? (call ? [call] : []);
  call ??= calls[0];
  const base = { id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model };
  if (body.stream === false) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id,
        object: 'chat.completion',
        created: base.created,
        model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: reply.text ?? null,
              ...(call ? { tool_calls: calls.map((c) => ({ id: newId('call'), type: 'function', function: { name: c.name, arguments: JSON.stringify(c.arguments) } })) } : {}),
            },
            finish_reason: call ? 'tool_calls' : 'stop',
          },
        ],
        usage: { prompt_tokens: 1200, completion_tokens: 40, total_tokens: 1240 },
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (obj) => res.write(`data: ${JSON.stringify({ ...base, ...obj })}\n\n`);
  send({ choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
  if (!side) await sleep(reply.delayMs ?? DEFAULT_DELAY_MS);
  if (reply.text) {
    for (const piece of split(reply.text, reply.chunks ?? 1)) {
      if (isClosed()) return;
      send({ choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
      if (reply.chunkMs) await sleep(reply.chunkMs);
    }
  }
  for (const [i, c] of calls.entries()) {
    const argsText = JSON.stringify(c.arguments);
    send({
      choices: [
        {
          index: 0,
          delta: { tool_calls: [{ index: i, id: newId('call'), type: 'function', function: { name: c.name, arguments: '' } }] },
          finish_reason: null,
        },
      ],
    });
    send({ choices: [{ index: 0, delta: { tool_calls: [{ index: i, function: { arguments: argsText } }] }, finish_reason: null }] });
  }
  send({ choices: [{ index: 0, delta: {}, finish_reason: call ? 'tool_calls' : 'stop' }] });
  send({ choices: [], usage: { prompt_tokens: 1200, completion_tokens: 40, total_tokens: 1240 } });
  res.write('data: [DONE]\n\n');
  res.end();
}

// ------------------------------------------------------------------------------------------ server

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((error) => {
      log({ error: String(error?.stack ?? error) });
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
});

async function handle(req, res, raw) {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const base = `http://127.0.0.1:${server.address().port}`;
  let closed = false;
  res.on('close', () => (closed = true));
  const isClosed = () => closed;
  let body = {};
  if (raw) {
    try {
      body = JSON.parse(raw);
    } catch {
      body = {};
    }
  }
  if (dumpDir && raw) {
    fs.mkdirSync(dumpDir, { recursive: true });
    fs.writeFileSync(path.join(dumpDir, `${String(++dumpCount).padStart(3, '0')}-${url.pathname.replace(/[^A-Za-z0-9]+/g, '_')}.json`), raw);
  }

  // ---- Codex: the Responses API.
  if (req.method === 'POST' && /\/responses$/.test(url.pathname)) {
    const side = !Array.isArray(body.tools) || body.tools.length === 0;
    const p = side ? { reply: { text: 'Make a build log' } } : responsesPlan(body);
    const reply = fill(p?.reply ?? { text: 'OK.' }, { cwd: p?.cwd ?? '', mock: base });
    log({ api: 'responses', side, prompt: p?.prompt, n: p?.n, reply: Object.keys(reply) });
    const failed = failsFirst(reply, `${p?.prompt}\0${p?.cwd}`);
    if (reply.httpError || failed) {
      await sleep(reply.delayMs ?? DEFAULT_DELAY_MS);
      return openaiError(res, failed?.status ?? reply.httpError, failed?.message ?? reply.message ?? 'mock error', failed ?? reply);
    }
    if (reply.drop) {
      const created = { type: 'response.created', response: { id: newId('resp'), object: 'response', model: body.model, status: 'in_progress', output: [] } };
      return dropStream(res, reply, `event: response.created\ndata: ${JSON.stringify(created)}\n\n`);
    }
    return streamResponses(res, body, reply, { isClosed, side });
  }

  // ---- Gemini CLI: generateContent / streamGenerateContent / countTokens.
  const gm = /\/models\/([^/:]+):(streamGenerateContent|generateContent|countTokens)$/.exec(url.pathname);
  if (req.method === 'POST' && gm) {
    const [, model, method] = gm;
    if (method === 'countTokens') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ totalTokens: 1200 }));
    }
    const tools = (body.tools ?? []).flatMap((t) => t?.functionDeclarations ?? []);
    const side = tools.length === 0;
    const p = side ? { reply: geminiSideReply(body) } : geminiPlan(body);
    const reply = fill(p?.reply ?? { text: 'OK.' }, { cwd: p?.cwd ?? '', mock: base });
    log({ api: 'gemini', method, model, side, prompt: p?.prompt, n: p?.n, reply: Object.keys(reply) });
    const failed = failsFirst(reply, `${p?.prompt}\0${p?.cwd}`);
    if (reply.httpError || failed) {
      await sleep(reply.delayMs ?? DEFAULT_DELAY_MS);
      return geminiError(res, failed?.status ?? reply.httpError, failed?.message ?? reply.message ?? 'mock error', failed ?? reply);
    }
    if (reply.drop) {
      const first = { candidates: [{ content: { role: 'model', parts: [{ text: reply.text ?? 'Partial' }] }, index: 0 }], modelVersion: model };
      return dropStream(res, reply, `data: ${JSON.stringify(first)}\r\n\r\n`);
    }
    return streamGemini(res, reply, p?.cwd ?? '', { isClosed, side, stream: method === 'streamGenerateContent', model });
  }

  // ---- OpenAI-compatible chat completions (OpenCode with a custom provider).
  if (req.method === 'POST' && /\/chat\/completions$/.test(url.pathname)) {
    const side = !Array.isArray(body.tools) || body.tools.length === 0;
    const p = side ? { reply: { text: 'Build log request' } } : chatPlan(body);
    const all = JSON.stringify(body.messages ?? []);
    // `Working Directory:` (Cline), `working in the directory:` (Qwen Code, as Gemini CLI says it).
    const cwd = /(?:[Ww]orking [Dd]irectory|working in the directory):\s*([^\s"\\]+)/.exec(all)?.[1] ?? '';
    const reply = fill(p?.reply ?? { text: 'OK.' }, { cwd, mock: base });
    log({ api: 'chat', side, prompt: p?.prompt, n: p?.n, reply: Object.keys(reply) });
    const failed = failsFirst(reply, `${p?.prompt}\0${cwd}`);
    if (failed?.stream) return chatStreamError(res, body, reply);
    if (reply.httpError || failed) {
      await sleep(reply.delayMs ?? DEFAULT_DELAY_MS);
      return openaiError(res, failed?.status ?? reply.httpError, failed?.message ?? reply.message ?? 'mock error', failed ?? reply);
    }
    if (reply.drop) {
      const first = { id: newId('chatcmpl'), object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: body.model, choices: [{ index: 0, delta: { role: 'assistant', content: reply.text ?? '' }, finish_reason: null }] };
      return dropStream(res, reply, `data: ${JSON.stringify(first)}\n\n`);
    }
    return streamChat(res, body, reply, { isClosed, side, cwd });
  }

  if (req.method === 'GET' && /\/models$/.test(url.pathname)) {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(
      JSON.stringify({
        object: 'list',
        data: [{ id: 'mock-model', object: 'model', created: 0, owned_by: 'mock' }],
        models: [{ name: 'models/gemini-2.5-pro', displayName: 'Gemini 2.5 Pro' }],
      }),
    );
  }

  log({ unknown: true, method: req.method, path: url.pathname, search: url.search, body: raw.slice(0, 2000) });
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{}');
}

server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`MOCK_PORT=${server.address().port}\n`);
});
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => server.close(() => process.exit(0)) && setTimeout(() => process.exit(0), 200).unref());
