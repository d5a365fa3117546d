// The command line that runs the fake agent through the real shim, with the Claude Code rules.
import { spawnSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The bundled rule set the fake agent is drawn to match. */
export const AGENT_RULES = 'claude-code';

/** argv and environment for node-pty. */
export interface ShimCommand {
  file: string;
  args: string[];
  env: Record<string, string>;
  /** How the rules are chosen: the shim's `--rules` option, or a `claude` wrapper on PATH. */
  via: '--rules' | 'claude wrapper';
}

/**
 * `node bin/osf7501 --rules claude-code node dist/src/demo/fake-agent.js ARGS` when the shim has a
 * `--rules` option; otherwise the agent runs as `claude` (a wrapper script in `dir` that execs it),
 * which the shim matches to the Claude Code rules by name. Either way the agent is the shim's child.
 */
export function shimCommand(root: string, dir: string, agentArgs: readonly string[]): ShimCommand {
  const bin = join(root, 'bin', 'osf7501');
  const agent = join(root, 'dist', 'src', 'demo', 'fake-agent.js');
  const env: Record<string, string> = { ...(process.env as Record<string, string>), TERM: 'xterm-256color' };
  delete env['OSF7501_SESSION']; // inside a session, the shim would run the agent unwrapped
  delete env['OSF7501_NO_REPORT']; // the benchmark is about the reports
  const help = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8', env });
  if (/--rules\b/u.test(help.stdout ?? '')) {
    return { file: process.execPath, args: [bin, '--rules', AGENT_RULES, process.execPath, agent, ...agentArgs], env, via: '--rules' };
  }
  const wrapper = join(dir, 'claude');
  writeFileSync(wrapper, `#!/bin/sh\nexec '${process.execPath}' '${agent}' "$@"\n`);
  chmodSync(wrapper, 0o755);
  env['PATH'] = `${dir}${delimiter}${env['PATH'] ?? ''}`;
  return { file: process.execPath, args: [bin, 'claude', ...agentArgs], env, via: 'claude wrapper' };
}
