#!/usr/bin/env node
// A tiny MCP server over stdio (newline-delimited JSON-RPC 2.0) with one tool, `lookup_ticket`, so the
// recorder can show Claude Code's permission prompt for an MCP tool (`mcp__tickets__lookup_ticket`).
import readline from 'node:readline';

const rl = readline.createInterface({ input: process.stdin });
const send = (msg) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...msg }) + '\n');

rl.on('line', (line) => {
  let req;
  try {
    req = JSON.parse(line);
  } catch {
    return;
  }
  if (req.id === undefined) return; // notifications need no answer
  switch (req.method) {
    case 'initialize':
      send({
        id: req.id,
        result: {
          protocolVersion: req.params?.protocolVersion ?? '2025-06-18',
          capabilities: { tools: {} },
          serverInfo: { name: 'tickets', version: '1.0.0' },
        },
      });
      break;
    case 'tools/list':
      send({
        id: req.id,
        result: {
          tools: [
            {
              name: 'lookup_ticket',
              description: 'Look up a ticket in the tracker by its id.',
              inputSchema: {
                type: 'object',
                properties: { id: { type: 'string', description: 'Ticket id, e.g. OPS-42' } },
                required: ['id'],
              },
            },
          ],
        },
      });
      break;
    case 'tools/call':
      send({
        id: req.id,
        result: { content: [{ type: 'text', text: `Ticket ${req.params?.arguments?.id}: login page times out (open).` }] },
      });
      break;
    case 'ping':
      send({ id: req.id, result: {} });
      break;
    default:
      if (/\/list$/.test(req.method)) send({ id: req.id, result: { [req.method.split('/')[0]]: [] } });
      else send({ id: req.id, error: { code: -32601, message: `no method ${req.method}` } });
  }
});
