// Running npm from the harness (installing agents into their caches), and telling "the registry cannot be
// reached" from any other failure, so that tests skip with a reason instead of failing.
import { execFile } from 'node:child_process';
import fs from 'node:fs';

/** npm's words for "the registry cannot be reached" (offline CI, no proxy). */
const NO_REGISTRY =
  /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ERR_SOCKET_TIMEOUT|network request to .* failed|request to .* failed)\b/;

/** Runs npm; resolves to { error, stdout, output } (never rejects). */
export function runNpm(args, timeoutMs) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  return new Promise((resolve) => {
    execFile(npm, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ error, stdout: String(stdout), output: `${error ? error.message : ''}\n${stdout}\n${stderr}` }),
    );
  });
}

/** Why npm could not reach the registry (a short phrase), or undefined when that was not the problem. */
export function registryProblem(result, timeoutMs) {
  if (!result.error) return undefined;
  if (result.error.killed === true || result.error.signal === 'SIGTERM') return `npm did not finish in ${timeoutMs / 1000} s`;
  return NO_REGISTRY.exec(result.output)?.[0];
}

/**
 * `spec` (`pkg@version`) installed into `dir` with `npm install --prefix`, unless `findBin(dir)` already finds
 * its binary. Resolves to { ok: true, bin } or, when the registry cannot be reached, { ok: false, reason }; any
 * other failure rejects (a real problem, not a missing network). A quick `npm view` without retries comes
 * first, so an offline run gives up in seconds, not minutes of npm's retry back-off.
 */
export async function installInto(dir, spec, version, findBin, timeoutMs) {
  let bin = findBin(dir);
  if (bin) return { ok: true, bin };
  const probeMs = 30_000;
  const probe = await runNpm(['view', spec, 'version', '--fetch-retries=0', '--fetch-timeout=15000'], probeMs);
  const unreachable = registryProblem(probe, probeMs);
  if (unreachable !== undefined) return { ok: false, reason: `cannot install ${spec}: no npm registry (${unreachable})` };
  if (probe.error || probe.stdout.trim() !== version) {
    throw new Error(`npm view ${spec} found no such version:\n${probe.output.slice(-2000)}`);
  }
  fs.mkdirSync(dir, { recursive: true });
  const install = await runNpm(['install', '--prefix', dir, '--no-audit', '--no-fund', '--loglevel', 'error', spec], timeoutMs);
  const lost = registryProblem(install, timeoutMs);
  if (lost !== undefined) return { ok: false, reason: `cannot install ${spec}: no npm registry (${lost})` };
  if (install.error) throw new Error(`npm install ${spec} failed:\n${install.output.slice(-2000)}`);
  bin = findBin(dir);
  if (!bin) throw new Error(`npm installed ${spec} into ${dir} but no binary is there`);
  return { ok: true, bin };
}
