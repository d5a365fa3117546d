// Starts one of the harness's mock API servers (mock-anthropic.mjs, mock-agents.mjs) as a child process on a
// free port: it prints MOCK_PORT=<n> once listening.
import { spawn } from 'node:child_process';

/** Runs `script` with `--port 0`; resolves to { url, logFile, stop() } once it listens. */
export async function startMockServer(script, { logFile, delayMs } = {}) {
  const args = [script, '--port', '0'];
  if (logFile) args.push('--log', logFile);
  if (delayMs !== undefined) args.push('--delay', String(delayMs));
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', logFile ? 'inherit' : 'ignore'] });
  const port = await new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      const m = /MOCK_PORT=(\d+)/.exec(buf);
      if (m) resolve(Number(m[1]));
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`mock exited with ${code} before listening`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    logFile,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
    },
  };
}
