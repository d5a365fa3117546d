// The scenarios of record-program.mjs: each makes its sandbox (setup → { cmd, cwd, env, cleanup }), names its
// app and the program's real version, and drives the run with steps (record-program.mjs says what a step is).
// Some need root: the ssh ones start an sshd on 127.0.0.1 and, like sudo, use a throwaway local user
// (USER below, made with useradd/chpasswd if missing); apt-remove installs pv first if it is missing.

import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const USER = 'osfrec';
const PASSWORD = 'osf7501-rec-pw';
const KEY_PASSPHRASE = 'osf7501-key-pw';

const tmp = (prefix) => fs.mkdtempSync(path.join(os.tmpdir(), `osf7501-${prefix}-`));
const sh = (cmd, opts = {}) => execFileSync('sh', ['-c', cmd], { encoding: 'utf8', ...opts });
const firstLine = (cmd) => sh(cmd).split('\n')[0];
const rmrf = (dir) => fs.rmSync(dir, { recursive: true, force: true });

/** The throwaway user (a home, a password, sudo with the password). */
function ensureUser() {
  try {
    sh(`id ${USER}`, { stdio: 'ignore' });
  } catch {
    sh(`useradd -m -s /bin/sh ${USER}`);
  }
  sh(`echo '${USER}:${PASSWORD}' | chpasswd`);
  fs.writeFileSync(`/etc/sudoers.d/osf7501-rec`, `${USER} ALL=(ALL) ALL\n`, { mode: 0o440 });
}

// ------------------------------------------------------------------------------------------ terraform
const TF_VERSION = () => /v(\d+\.\d+\.\d+)/.exec(sh('TF_CLI_CONFIG_FILE=/dev/null terraform version'))[1];
const SLOW = 'provisioner "local-exec" {\n    command = "sleep 3"\n  }';
/** A terraform directory with main.tf, initialised (terraform_data needs no provider download). */
function terraformSandbox(mainTf, cmd, { applied = false } = {}) {
  return () => {
    const dir = tmp('tf');
    fs.writeFileSync(path.join(dir, 'main.tf'), mainTf);
    fs.writeFileSync(path.join(dir, 'terraformrc'), '');
    const env = { TF_CLI_CONFIG_FILE: path.join(dir, 'terraformrc'), CHECKPOINT_DISABLE: '1', TF_IN_AUTOMATION: undefined, TF_INPUT: undefined };
    const envs = { ...process.env, ...env };
    delete envs.TF_IN_AUTOMATION;
    delete envs.TF_INPUT;
    execFileSync('terraform', ['init', '-input=false', '-no-color'], { cwd: dir, env: envs, stdio: 'ignore' });
    if (applied) execFileSync('terraform', ['apply', '-auto-approve', '-input=false', '-no-color'], { cwd: dir, env: envs, stdio: 'ignore' });
    return { cmd, cwd: dir, env, cleanup: () => rmrf(dir) };
  };
}
const TWO = `resource "terraform_data" "web" {\n  input = "web"\n  ${SLOW}\n}\n\nresource "terraform_data" "db" {\n  input = "db"\n}\n`;
const LONG_NAME = 'a_resource_with_a_name_long_enough_to_wrap_the_plan_rows_in_eighty_columns_of_terminal';
const enterValue = /Enter a value:\s*$/;

// ------------------------------------------------------------------------------------------ coreutils
const COREUTILS_VERSION = () => /(\d+\.\d+)/.exec(firstLine('rm --version'))[1];
function files(cmd, names) {
  return () => {
    const dir = tmp('cu');
    for (const name of names) fs.writeFileSync(path.join(dir, name), `${name}\n`);
    return { cmd, cwd: dir, env: {}, cleanup: () => rmrf(dir) };
  };
}
const LONG_FILE = 'quarterly-report-for-the-infrastructure-team-with-all-the-appendices-final-v2.txt';

// ------------------------------------------------------------------------------------------ ssh
const SSH_VERSION = () => /OpenSSH_([\d.]+p?\d*)/.exec(sh('ssh -V 2>&1'))[1];
const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
/** A throwaway sshd on 127.0.0.1 (its own config, host key and port; never /etc/ssh) letting USER in by password, and by key when `key`: a client key with a passphrase, authorized in the sandbox (StrictModes off: the key sits under the temp dir). */
async function startSshd({ key = false } = {}) {
  ensureUser();
  const dir = tmp('sshd');
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  sh(`ssh-keygen -q -t ed25519 -N '' -f ${dir}/host_ed25519`);
  if (key) {
    sh(`ssh-keygen -q -t ed25519 -N '${KEY_PASSPHRASE}' -C osf7501-rec -f ${dir}/id_ed25519`);
    fs.copyFileSync(`${dir}/id_ed25519.pub`, `${dir}/authorized_keys`);
    fs.chmodSync(`${dir}/authorized_keys`, 0o644);
  }
  fs.mkdirSync('/run/sshd', { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'sshd_config'),
    [`Port ${port}`, 'ListenAddress 127.0.0.1', `HostKey ${dir}/host_ed25519`, `PidFile ${dir}/sshd.pid`, 'PasswordAuthentication yes',
      'KbdInteractiveAuthentication no', 'UsePAM no', `AllowUsers ${USER}`,
      ...(key ? ['PubkeyAuthentication yes', `AuthorizedKeysFile ${dir}/authorized_keys`, 'StrictModes no'] : []), ''].join('\n'),
  );
  const daemon = spawn('/usr/sbin/sshd', ['-D', '-e', '-f', path.join(dir, 'sshd_config')], { stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    const up = await new Promise((r) => net.connect(port, '127.0.0.1').on('connect', function () { this.destroy(); r(true); }).on('error', () => r(false)));
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { dir, port, stop: () => { daemon.kill(); rmrf(dir); } };
}
async function sshd() {
  const { dir, port, stop } = await startSshd();
  const cmd = ['ssh', '-p', String(port), '-o', `UserKnownHostsFile=${dir}/known_hosts`, '-o', 'GlobalKnownHostsFile=/dev/null', '-o', 'StrictHostKeyChecking=ask',
    '-o', 'PubkeyAuthentication=no', '-o', 'PreferredAuthentications=password', '-F', '/dev/null', `${USER}@127.0.0.1`, 'sleep 3; echo logged in as $(id -un)'];
  return { cmd, cwd: dir, env: {}, port, cleanup: stop };
}
/** ssh's own options for a key with a passphrase: no agent, no config, the host key already known (`knownHost`) or asked. */
function keyOptions(dir, port, { knownHost }) {
  if (knownHost) sh(`ssh-keyscan -p ${port} -t ed25519 127.0.0.1 2>/dev/null > ${dir}/known_hosts`);
  return ['-i', `${dir}/id_ed25519`, '-o', 'IdentitiesOnly=yes', '-o', 'IdentityAgent=none', '-o', `UserKnownHostsFile=${dir}/known_hosts`, '-o', 'GlobalKnownHostsFile=/dev/null',
    '-o', 'StrictHostKeyChecking=ask', '-o', 'PreferredAuthentications=publickey', '-F', '/dev/null'];
}
/** `ssh -i KEY` whose key has a passphrase, the host already known: the passphrase is the one question. */
async function sshKey() {
  const { dir, port, stop } = await startSshd({ key: true });
  const cmd = ['ssh', '-p', String(port), ...keyOptions(dir, port, { knownHost: true }), `${USER}@127.0.0.1`, 'sleep 3; echo logged in as $(id -un)'];
  return { cmd, cwd: dir, env: { SSH_AUTH_SOCK: undefined }, port, key: `${dir}/id_ed25519`, cleanup: stop };
}
/**
 * `git clone ssh://…` through that sshd: ssh (GIT_SSH_COMMAND, the host unknown) asks about the host key, then the key's
 * passphrase; the remote's upload-pack waits 3 s first (`-u`), so the clone is seen working, then it is done.
 */
async function gitCloneSsh() {
  const { dir, port, stop } = await startSshd({ key: true });
  const { dir: work, env } = gitSandbox();
  const remote = `/home/${USER}/osf7501-rec-${port}.git`;
  const seed = path.join(work, 'seed');
  fs.mkdirSync(seed);
  const envs = { ...process.env, ...env };
  for (const [k, v] of Object.entries(envs)) if (v === undefined) delete envs[k];
  sh(`git init -q -b master . && printf 'hello\\n' > README && git add README && git commit -qm init && git clone -q --bare . ${remote} && chown -R ${USER} ${remote}`, { cwd: seed, env: envs });
  const ssh = ['ssh', ...keyOptions(dir, port, { knownHost: false })].join(' ');
  const cmd = ['git', 'clone', '-u', 'sleep 3; git-upload-pack', `ssh://${USER}@127.0.0.1:${port}${remote}`, 'clone'];
  return { cmd, cwd: work, env: { ...env, GIT_SSH_COMMAND: ssh, SSH_AUTH_SOCK: undefined, SSH_ASKPASS: undefined, GIT_ASKPASS: undefined }, port, key: `${dir}/id_ed25519`, cleanup: () => { stop(); rmrf(work); rmrf(remote); } };
}

// ------------------------------------------------------------------------------------------ node prompts
// Prompt libraries in raw mode (clack, inquirer, terkelg/prompts, npm init's `read`): each tool is installed from the
// npm registry, pinned, into a folder under the temp dir kept between runs (installed once, reused for every size);
// each run gets a fresh project folder inside it (npm/npx find the local bin there), HOME and npm cache.
const NODE_TOOLS = {
  'create-vite': 'create-vite@9.3.0',
  'create-next-app': 'create-next-app@16.4.3',
  sv: 'sv@0.17.1',
  'inquirer-prompts': '@inquirer/prompts@8.8.1',
  inquirer: 'inquirer@8.2.6',
  pnpm: 'pnpm@12.25.1',
};
/** The tool's folder, installed if missing. */
function nodeTool(key) {
  const spec = NODE_TOOLS[key];
  const dir = path.join(os.tmpdir(), `osf7501-npm-${spec.replace(/[@/]/g, '_')}`);
  if (!fs.existsSync(path.join(dir, 'node_modules'))) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "osf7501-rec-tools", "private": true, "type": "module" }\n');
    sh(`npm install --no-fund --no-audit --loglevel=error ${spec}`, { cwd: dir, stdio: 'ignore' });
  }
  return dir;
}
/** The installed package's own version (the fixture folder). */
const nodeToolVersion = (key) => () => {
  const spec = NODE_TOOLS[key];
  const name = spec.slice(0, spec.lastIndexOf('@'));
  return JSON.parse(fs.readFileSync(path.join(nodeTool(key), 'node_modules', name, 'package.json'), 'utf8')).version;
};
/** A fresh project folder in the tool's folder, a fresh HOME and npm cache; the npm registry unreachable for installs. */
function nodeRun(key, cmd, { script, files: extra = {}, deadRegistry = false } = {}) {
  return () => {
    const tool = nodeTool(key);
    const cwd = fs.mkdtempSync(path.join(tool, 'run-'));
    const home = tmp('npm-home');
    if (script !== undefined) fs.writeFileSync(path.join(tool, 'ask.mjs'), script);
    for (const [name, text] of Object.entries(extra)) {
      fs.mkdirSync(path.dirname(path.join(cwd, name)), { recursive: true });
      fs.writeFileSync(path.join(cwd, name), text);
    }
    const env = {
      HOME: home, npm_config_cache: path.join(home, '.npm'), npm_config_update_notifier: 'false', npm_config_fund: 'false',
      npm_config_audit: 'false', NO_UPDATE_NOTIFIER: '1', NEXT_TELEMETRY_DISABLED: '1', CI: undefined,
      ...(deadRegistry ? { npm_config_registry: 'http://127.0.0.1:9/' } : {}), // npm retries it for a while: the install goes on
    };
    return { cmd, cwd, env, cleanup: () => { rmrf(cwd); rmrf(home); } };
  };
}
const NPM_VERSION = () => sh('npm --version').trim();
const TZ_AREA = 'Please select the geographic area in which you live. Subsequent configuration questions will narrow this down by presenting a list of cities, representing the time zones in which they are located.';
const TZ_ZONE = 'Please select your time zone. Contrary to modern conventions, these POSIX-compatible zones use positive values to refer to zones west of Greenwich and negative values for those east of Greenwich (e.g., \'Etc/GMT+6\' refers to 6 hours west of Greenwich, commonly called \'UTC-6\').';
/** At 60x15 the zone's description is a scrolling box: the rows it shows. */
const TZ_ZONE_CUT = 'Please select your time zone. Contrary to modern conventions, these POSIX-compatible zones use positive values to refer to zones west of Greenwich and negative values for those east of Greenwich (e.g., \'Etc/GMT+6\' refers to 6 hours west of';
const DEBCONF_VERSION = () => sh("dpkg-query -W -f '${Version}' debconf").trim();
/** dpkg-reconfigure tzdata in a debconf frontend, its database a private copy (the system's answers stay as they are). */
function debconfRun(frontend) {
  return () => {
    const dir = tmp('debconf');
    for (const db of ['config.dat', 'passwords.dat', 'templates.dat']) {
      if (fs.existsSync(`/var/cache/debconf/${db}`)) fs.copyFileSync(`/var/cache/debconf/${db}`, path.join(dir, db));
    }
    fs.writeFileSync(path.join(dir, 'debconf.conf'), [
      'Config: configdb', 'Templates: templatedb', '',
      'Name: config', 'Driver: File', 'Mode: 644', 'Reject-Type: password', `Filename: ${dir}/config.dat`, '',
      'Name: passwords', 'Driver: File', 'Mode: 600', 'Backup: false', 'Required: false', 'Accept-Type: password', `Filename: ${dir}/passwords.dat`, '',
      'Name: configdb', 'Driver: Stack', 'Stack: config, passwords', '',
      'Name: templatedb', 'Driver: File', 'Mode: 644', `Filename: ${dir}/templates.dat`, '',
    ].join('\n'));
    const env = { DEBIAN_FRONTEND: frontend, DEBCONF_SYSTEMRC: path.join(dir, 'debconf.conf'), LANG: 'C', DEBCONF_FORCE_DIALOG: undefined };
    return { cmd: ['dpkg-reconfigure', 'tzdata'], cwd: '/tmp', env, cleanup: () => rmrf(dir) };
  };
}
const FZF_VERSION = () => /^([\d.]+)/.exec(sh('fzf --version'))[1];
/** pnpm on PATH, a fresh project folder, HOME (pnpm's store and cache under it) and npm cache. */
function pnpmRun(cmd) {
  return () => {
    const bin = path.join(nodeTool('pnpm'), 'node_modules', '.bin');
    const dir = path.join(tmp('pnpm'), 'my-pkg');
    fs.mkdirSync(dir);
    const home = tmp('npm-home');
    const env = { HOME: home, XDG_DATA_HOME: path.join(home, '.local/share'), XDG_CACHE_HOME: path.join(home, '.cache'), XDG_CONFIG_HOME: path.join(home, '.config'),
      XDG_STATE_HOME: path.join(home, '.local/state'), PATH: `${bin}:${process.env.PATH}`, npm_config_cache: path.join(home, '.npm'), npm_config_update_notifier: 'false', CI: undefined };
    return { cmd, cwd: dir, env, cleanup: () => { rmrf(path.dirname(dir)); rmrf(home); } };
  };
}
/** An empty folder, a fresh HOME and npm cache: npx has nothing installed and asks. */
function npxRun(cmd) {
  return () => {
    const dir = tmp('npx');
    const home = tmp('npm-home');
    const env = { HOME: home, npm_config_cache: path.join(home, '.npm'), npm_config_update_notifier: 'false', npm_config_yes: undefined, CI: undefined };
    return { cmd, cwd: dir, env, cleanup: () => { rmrf(dir); rmrf(home); } };
  };
}
// @inquirer/prompts (a glyph per state: `?` asking, `✔` answered) and legacy inquirer 8 (`?` for both: the answered
// row holds its answer, the asking one a default in parentheses, a list or nothing yet), each as a create-* script would.
const INQUIRER_PROMPTS_SCRIPT = `import { input, select, confirm, checkbox } from '@inquirer/prompts';
const name = await input({ message: 'Project name:', default: 'my-app' });
const framework = await select({ message: 'Pick a framework', choices: ['React', 'Vue', 'Svelte'].map((n) => ({ name: n, value: n })) });
const features = await checkbox({ message: 'Select features', choices: ['TypeScript', 'ESLint', 'Prettier'].map((n) => ({ name: n, value: n })) });
const overwrite = await confirm({ message: 'Overwrite existing files?', default: false });
const install = await confirm({ message: 'Install dependencies now?' });
console.log('Installing dependencies…');
await new Promise((r) => setTimeout(r, 4000));
console.log('Created', name, framework, features.join(','), overwrite, install);
`;
const INQUIRER_LEGACY_SCRIPT = `import inquirer from 'inquirer';
const answers = await inquirer.prompt([
  { type: 'input', name: 'name', message: 'Project name:', default: 'my-app' },
  { type: 'list', name: 'framework', message: 'Pick a framework', choices: ['React', 'Vue', 'Svelte'] },
  { type: 'checkbox', name: 'features', message: 'Select features', choices: ['TypeScript', 'ESLint', 'Prettier'] },
  { type: 'rawlist', name: 'pm', message: 'Package manager', choices: ['npm', 'pnpm', 'yarn'] },
  { type: 'input', name: 'author', message: 'Author:' },
  { type: 'confirm', name: 'clean', message: 'Delete the old build folder?', default: false },
]);
console.log('Installing dependencies…');
await new Promise((r) => setTimeout(r, 4000));
console.log('Created', JSON.stringify(answers));
`;
/** A prompt row that the terminal may have wrapped anywhere (60 columns): a row break may stand between any two characters (a space at a row's end is trimmed away). */
const wrapped = (text, tail = '') =>
  new RegExp(`^${[...text].map((c) => (c === ' ' ? '(?: ?\\n?)' : c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))).join('\\n?')}${tail}`, 'm');
const toggle = (question) => wrapped(`? ${question} › No / Yes`, '\\s*$');
const clackAsk = (title) => new RegExp(`^◆  ${title}[^\\n]*\\n(?:│[^\\n]*\\n)*└\\s*$`, 'm');

// ------------------------------------------------------------------------------------------ logins
// gh auth login (survey prompts, all in raw mode: selects, a confirm, a masked password input) with a fresh HOME and
// GH_CONFIG_DIR; no network, so the token check against api.github.com fails (status 1). docker login against a
// mock registry on 127.0.0.1 (no daemon: the client logs in itself, https first, then http): `Username:` is read
// as a line, `Password:` with echo off, and the registry answers 401.
const GH_VERSION = () => /gh version ([\d.]+)/.exec(firstLine('gh --version'))[1];
const GH_TOKEN = `ghp_${'0123456789abcdefghijklmnopqrstuvwxyz'.slice(0, 36)}`;
function ghLogin() {
  const home = tmp('gh-home');
  const env = { HOME: home, GH_CONFIG_DIR: path.join(home, 'gh'), GH_NO_UPDATE_NOTIFIER: '1', GH_TOKEN: undefined, GITHUB_TOKEN: undefined, GH_ENTERPRISE_TOKEN: undefined,
    GH_HOST: undefined, GH_PROMPT_DISABLED: undefined, BROWSER: undefined, GIT_CONFIG_GLOBAL: path.join(home, 'gitconfig'), GIT_CONFIG_NOSYSTEM: '1' };
  return { cmd: ['gh', 'auth', 'login'], cwd: home, env, cleanup: () => rmrf(home) };
}
const DOCKER_VERSION = () => /Docker version ([\d.]+)/.exec(firstLine('docker --version'))[1];
/** A registry that knows nobody: GET /v2/ → 401 with a Basic challenge, as a registry without the user's account. */
async function dockerLogin() {
  const { createServer } = await import('node:http');
  const seen = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="mock registry"', 'Docker-Distribution-API-Version': 'registry/2.0', 'Content-Type': 'application/json' });
    res.end('{"errors":[{"code":"UNAUTHORIZED","message":"authentication required"}]}\n');
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  const dir = tmp('docker');
  return { cmd: ['docker', 'login', `127.0.0.1:${port}`], cwd: dir, env: { DOCKER_CONFIG: path.join(dir, 'config'), DOCKER_HOST: undefined, DOCKER_CONTEXT: undefined }, port, seen,
    cleanup: () => new Promise((r) => server.close(r)).then(() => rmrf(dir)) };
}
/** A survey select: `? Question  [Use arrows to move, type to filter]` (wrapped anywhere) over its options, `option` marked `>`. */
const surveySelect = (question, option) => new RegExp(`${wrapped(`? ${question}  [Use arrows to move`).source}[\\s\\S]*^> ${option}\\s*$[\\s\\S]*$`, 'm');
// ------------------------------------------------------------------------------------------ git
const GIT_VERSION = () => /git version ([\d.]+)/.exec(firstLine('git --version'))[1];
/** A folder with git's environment: no global or system config, a fixed author, no pager, a HOME of its own (no editor rc files). */
function gitSandbox() {
  const dir = tmp('git');
  const home = path.join(dir, '.home');
  fs.mkdirSync(home);
  const env = { HOME: home, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'rec', GIT_AUTHOR_EMAIL: 'rec@example.com', GIT_COMMITTER_NAME: 'rec', GIT_COMMITTER_EMAIL: 'rec@example.com', GIT_PAGER: 'cat', PAGER: 'cat', EDITOR: undefined, VISUAL: undefined, GIT_EDITOR: undefined, GIT_SEQUENCE_EDITOR: undefined };
  return { dir, env };
}
/**
 * A repository in a sandbox: notes.txt (30 lines) committed as `init`, then `commits` more, each changing a line; with
 * `change` two lines changed in the worktree (two hunks), with `staged` one changed and staged; `editor` as GIT_EDITOR.
 */
function gitRepo(cmd, { change = false, staged = false, commits = [], editor } = {}) {
  return () => {
    const { dir, env } = gitSandbox();
    const repo = path.join(dir, 'repo');
    fs.mkdirSync(repo);
    const envs = { ...process.env, ...env };
    for (const [key, value] of Object.entries(envs)) if (value === undefined) delete envs[key];
    const opts = { cwd: repo, env: envs };
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`);
    const write = () => fs.writeFileSync(path.join(repo, 'notes.txt'), `${lines.join('\n')}\n`);
    write();
    sh('git init -q -b master . && git add notes.txt && git commit -qm init', opts);
    commits.forEach((subject, i) => {
      lines[10 + i] = `line ${11 + i}, ${subject}`;
      write();
      sh(`git commit -qam ${subject}`, opts);
    });
    if (change || staged) {
      lines[1] = 'line 2, changed';
      if (change) lines[27] = 'line 28, changed';
      write();
      if (staged) sh('git add notes.txt', opts);
    }
    return { cmd, cwd: repo, env: { ...env, ...(editor ? { GIT_EDITOR: editor } : {}) }, cleanup: () => rmrf(dir) };
  };
}
/** A local HTTP server that answers every request 401 (Basic realm="osf7501"); one that carries credentials after 2.5 s. */
async function unauthorizedServer() {
  const script = `const http = require('node:http');
const server = http.createServer((req, res) => {
  const answer = () => { res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="osf7501"', 'Content-Type': 'text/plain' }); res.end('no\\n'); };
  if (req.headers.authorization) setTimeout(answer, 2500); else answer();
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (data) => resolve(Number(String(data).trim())));
    child.once('exit', (code) => reject(new Error(`the HTTP server exited (${code})`)));
  });
  return { port, stop: () => child.kill() };
}

// ------------------------------------------------------------------------------------------ progress on screen
// Programs that draw their progress (rsync, pv, wget, curl, pip, cargo, apt): the driver labels working with the
// progress the screen shows (the last percentage or count it draws: the truth, read by the driver, not the rules),
// at rising values; each transfer is throttled so that it takes a few seconds.
/** The bottom `n` non-empty rows of a screen's text. */
const bottomRows = (screen, n) => screen.split('\n').filter((row) => row.trim() !== '').slice(-n);
/** The last percentage in the bottom rows (`45%`, `[ 45%]`, curl's meter's first column), as the screen draws it. */
const lastPercent = (n = 2, re = /(\d{1,3})(?:\.\d+)?%/g) => (screen) => {
  const hits = [...bottomRows(screen, n).join('\n').matchAll(re)];
  return hits.length === 0 ? undefined : Number(hits[hits.length - 1][1]);
};
/** A screen test for a progress reader's value at or past `min` (and below 100: still drawing). */
const atLeast = (read, min) => ({ test: (screen) => { const v = read(screen); return v !== undefined && v >= min && v < 100; }, toString: () => `progress >= ${min}` });
/** A step that labels working with the progress the screen shows, once it reaches `min`. */
const progressStep = (read, min, note, hold = 1000) => ({ waitFor: atLeast(read, min), progress: read, label: { state: 'working', note }, hold });
/** `n` files of `mb` MB of random bytes (rsync, curl and wget send them as they are) in a new folder. */
function randomFiles(dir, n, mb) {
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 1; i <= n; i++) sh(`head -c ${mb * 1_000_000} /dev/urandom > ${dir}/part-${i}.bin`);
  return dir;
}
/**
 * python3's http.server over `dir` on 127.0.0.1, sending at most `kbps` KB a second (in 32 KB pieces): wget, curl and
 * pip draw their bars for a few seconds, as from a far server.
 */
async function slowHttpServer(dir, kbps) {
  const script = `import functools, http.server, sys, time
class Slow(http.server.SimpleHTTPRequestHandler):
    def copyfile(self, source, target):
        while True:
            piece = source.read(32768)
            if not piece: break
            target.write(piece); target.flush(); time.sleep(32.768 / ${kbps})
    def log_message(self, *args): pass
server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), functools.partial(Slow, directory=sys.argv[1]))
print(server.server_address[1], flush=True)
server.serve_forever()`;
  const child = spawn('python3', ['-c', script, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (data) => resolve(Number(String(data).trim())));
    child.once('exit', (code) => reject(new Error(`the HTTP server exited (${code})`)));
  });
  return { port, stop: () => child.kill() };
}
/** A transfer from a fresh source folder into a fresh target: `make(src, dst) → { cmd, env? }`. */
function transfer(make, { files: n = 3, mb = 6 } = {}) {
  return () => {
    const dir = tmp('xfer');
    const src = randomFiles(path.join(dir, 'src'), n, mb);
    const dst = path.join(dir, 'dst');
    fs.mkdirSync(dst);
    const { cmd, env = {} } = make(src, dst);
    return { cmd, cwd: dir, env, cleanup: () => rmrf(dir) };
  };
}
/** A download of one random file from a slow local server into a fresh folder: `make(url, dir) → cmd`. */
function download(make, { mb = 12, kbps = 2500 } = {}) {
  return async () => {
    const dir = tmp('dl');
    randomFiles(path.join(dir, 'www'), 1, mb);
    const server = await slowHttpServer(path.join(dir, 'www'), kbps);
    fs.mkdirSync(path.join(dir, 'out'));
    return { cmd: make(`http://127.0.0.1:${server.port}/part-1.bin`, path.join(dir, 'out')), cwd: path.join(dir, 'out'), env: {}, cleanup: () => { server.stop(); rmrf(dir); } };
  };
}
const RSYNC_VERSION = () => /version (\d+\.\d+\.\d+)/.exec(firstLine('rsync --version'))[1];
const PV_VERSION = () => /pv (\d+\.\d+\.\d+)/.exec(firstLine('pv --version'))[1];
const WGET_VERSION = () => /Wget (\d+\.\d+(?:\.\d+)?)/.exec(firstLine('wget --version'))[1];
const CURL_VERSION = () => /curl (\d+\.\d+\.\d+)/.exec(firstLine('curl --version'))[1];
const CARGO_VERSION = () => /cargo (\d+\.\d+\.\d+)/.exec(firstLine('cargo --version'))[1];
/** A workspace of `n` tiny library crates, each depending on the one before (a chain: built one at a time, offline). */
function cargoWorkspace(n) {
  return () => {
    const dir = tmp('cargo');
    const members = Array.from({ length: n }, (_, i) => `crate${i + 1}`);
    fs.writeFileSync(path.join(dir, 'Cargo.toml'), `[workspace]\nresolver = "2"\nmembers = [${members.map((m) => `"${m}"`).join(', ')}]\n`);
    members.forEach((name, i) => {
      fs.mkdirSync(path.join(dir, name, 'src'), { recursive: true });
      const dep = i === 0 ? '' : `${members[i - 1]} = { path = "../${members[i - 1]}" }\n`;
      fs.writeFileSync(path.join(dir, name, 'Cargo.toml'), `[package]\nname = "${name}"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n${dep}`);
      fs.writeFileSync(path.join(dir, name, 'src', 'lib.rs'), `pub fn value() -> u64 { ${i + 1} }\n`);
    });
    // CI set (as on a CI machine) turns cargo's bar off: a developer's terminal has none.
    return { cmd: ['cargo', 'build', '--offline'], cwd: dir, env: { CI: undefined, CARGO_TARGET_DIR: path.join(dir, 'target'), CARGO_HOME: path.join(dir, '.cargo') }, cleanup: () => rmrf(dir) };
  };
}
/** cargo's `Building [====>   ] 45/120: crate…` row: the share of units built, in percent, rounded down. */
const cargoShare = (screen) => {
  const hit = [...bottomRows(screen, 1).join('\n').matchAll(/Building \[[=> ]*\] (\d+)\/(\d+)/g)].at(-1);
  return hit === undefined ? undefined : Math.floor((Number(hit[1]) / Number(hit[2])) * 100);
};
const PIP_VERSION = () => /pip (\d+\.\d+(?:\.\d+)?)/.exec(firstLine('pip --version'))[1];
/**
 * A package index served on 127.0.0.1 (the slow http.server: its folder listings are the index's pages) holding one
 * wheel built here, `bigpkg-1.0`, with `mb` MB of random bytes in it: pip downloads it drawing its bar, then installs
 * it into a folder of the run (--target), no cache.
 */
function pipIndex(mb, kbps) {
  return async () => {
    const dir = tmp('pip');
    const project = path.join(dir, 'www', 'simple', 'bigpkg');
    fs.mkdirSync(project, { recursive: true });
    const build = `import os, sys, zipfile
files = {'bigpkg/__init__.py': b'VERSION = "1.0"\\n', 'bigpkg/blob.bin': os.urandom(${mb} * 1000000),
  'bigpkg-1.0.dist-info/METADATA': b'Metadata-Version: 2.1\\nName: bigpkg\\nVersion: 1.0\\n',
  'bigpkg-1.0.dist-info/WHEEL': b'Wheel-Version: 1.0\\nGenerator: osf7501-recorder\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n'}
record = ''.join(f'{name},,\\n' for name in files) + 'bigpkg-1.0.dist-info/RECORD,,\\n'
with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_STORED) as wheel:
    for name, data in files.items(): wheel.writestr(name, data)
    wheel.writestr('bigpkg-1.0.dist-info/RECORD', record)`;
    execFileSync('python3', ['-c', build, path.join(project, 'bigpkg-1.0-py3-none-any.whl')]);
    const server = await slowHttpServer(path.join(dir, 'www'), kbps);
    const cmd = ['pip', 'install', '--index-url', `http://127.0.0.1:${server.port}/simple/`, '--target', path.join(dir, 'site'), '--no-cache-dir', '--progress-bar', 'on', 'bigpkg'];
    return { cmd, cwd: dir, env: { PIP_CONFIG_FILE: '/dev/null', PIP_DISABLE_PIP_VERSION_CHECK: '1', PIP_NO_INPUT: '1', PIP_ROOT_USER_ACTION: 'ignore' }, cleanup: () => { server.stop(); rmrf(dir); } };
  };
}
/** pip's bar (`━━━━━━━━━╸━━━━━ 5.2/12.0 MB 2.0 MB/s eta 0:00:04`): the share downloaded, in percent, rounded down. */
const pipShare = (screen) => {
  const hit = [...bottomRows(screen, 2).join('\n').matchAll(/([\d.]+)\/([\d.]+) (?:kB|MB|GB)/g)].at(-1);
  return hit === undefined ? undefined : Math.floor((Number(hit[1]) / Number(hit[2])) * 100);
};
/** `Progress: [ 45%]`, the bottom row dpkg's fancy progress (apt's default) keeps while it unpacks and sets up. */
const dpkgPercent = lastPercent(1, /^Progress: \[ *(\d{1,3})%\]/gm);
/** apt (not apt-get) installing ruby and its 11 dependencies, answered yes; the cleanup purges them again. */
function aptInstallRuby() {
  const simulated = sh('LANG=C apt-get install -s ruby');
  const newPackages = /^The following NEW packages will be installed:\n((?:[ \t]+\S.*\n)+)/m.exec(simulated)[1].trim().split(/\s+/);
  const purge = () => sh(`LANG=C DEBIAN_FRONTEND=noninteractive apt-get purge -y -q ${newPackages.join(' ')} >/dev/null 2>&1 || true`);
  return { cmd: ['apt', 'install', 'ruby'], cwd: '/tmp', env: { LANG: 'C' }, newPackages: newPackages.join(' '), cleanup: purge };
}
/**
 * A stand-in for the Docker daemon's API on 127.0.0.1 (no daemon can run here; the docker CLI is the real one, and it
 * draws the bars from the daemon's JSON as it does for a real pull): `/_ping`, then `POST /images/create` streams
 * what a daemon sends for an image with two layers already present and one of 30 MB (2.5 MB a second), then its
 * extraction, then the digest.
 */
async function dockerPullDaemon() {
  const script = `const http = require('node:http');
const server = http.createServer((req, res) => {
  if (req.url.endsWith('/_ping')) { res.writeHead(200, { 'API-Version': '1.45', 'OSType': 'linux', 'Content-Type': 'text/plain' }); res.end(req.method === 'HEAD' ? undefined : 'OK'); return; }
  if (!req.url.includes('/images/create')) { res.writeHead(404, { 'Content-Type': 'application/json' }); res.end('{"message":"page not found"}'); return; }
  res.writeHead(200, { 'Content-Type': 'application/json' });
  const send = (o) => res.write(JSON.stringify(o) + '\\r\\n');
  const big = ['9c70a1b5e34f', 30000000];
  send({ status: 'Pulling from library/demo', id: 'latest' });
  send({ status: 'Already exists', progressDetail: {}, id: '2d429b9e73a6' });
  send({ status: 'Already exists', progressDetail: {}, id: '5f1ee22ffb5e' });
  send({ status: 'Pulling fs layer', progressDetail: {}, id: big[0] });
  send({ status: 'Waiting', progressDetail: {}, id: big[0] });
  let current = 0; let phase = 'Downloading'; const start = Math.floor(Date.now() / 1000);
  const timer = setInterval(() => {
    current = Math.min(big[1], current + (phase === 'Downloading' ? 250000 : 2000000));
    send({ status: phase, progressDetail: { current, total: big[1], ...(phase === 'Downloading' ? { start } : {}) }, id: big[0] });
    if (current < big[1]) return;
    if (phase === 'Downloading') { send({ status: 'Verifying Checksum', progressDetail: {}, id: big[0] }); send({ status: 'Download complete', progressDetail: {}, id: big[0] }); phase = 'Extracting'; current = 0; return; }
    clearInterval(timer);
    send({ status: 'Pull complete', progressDetail: {}, id: big[0] });
    send({ status: 'Digest: sha256:' + '3f'.repeat(32) });
    send({ status: 'Status: Downloaded newer image for demo:latest' });
    res.end();
  }, 100);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (data) => resolve(Number(String(data).trim())));
    child.once('exit', (code) => reject(new Error(`the daemon stand-in exited (${code})`)));
  });
  const dir = tmp('docker-pull');
  return { cmd: ['docker', 'pull', 'demo'], cwd: dir, env: { DOCKER_HOST: `tcp://127.0.0.1:${port}`, DOCKER_CONFIG: path.join(dir, 'config'), DOCKER_CONTEXT: undefined }, cleanup: () => { child.kill(); rmrf(dir); } };
}
/** The first layer row in progress (`9c70a1b5e34f: Downloading [==>   ]  12.5MB/30MB`): its share, when both sizes have one unit. */
const dockerLayerShare = (screen) => {
  const hit = /^[0-9a-f]{12}: (?:Downloading|Extracting) +(?:\[[=> ]*\] +)?([\d.]+)([kMG]?B)\/([\d.]+)([kMG]?B)/m.exec(screen);
  return hit === null || hit[2] !== hit[4] ? undefined : Math.floor((Number(hit[1]) / Number(hit[3])) * 100);
};
/** Three rising progress steps and the exit. */
const rising = (read, what, [a, b, c] = [15, 45, 70]) => [
  progressStep(read, a, `${what}: first values`),
  progressStep(read, b, `${what}: about half`),
  progressStep(read, c, `${what}: most`),
  { exit: true, label: { state: 'exit', note: `${what}: done (status 0)` } },
];

// ------------------------------------------------------------------------------------------ scenarios
export const SCENARIOS = {
  'cargo-build': {
    app: 'cargo', version: CARGO_VERSION, sizes: '80x24,120x32,60x15',
    setup: cargoWorkspace(60),
    steps: rising(cargoShare, 'Building [==> ] done/total'),
  },
  'pip-install': {
    app: 'pip', version: PIP_VERSION, sizes: '80x24,120x32,60x15',
    setup: pipIndex(12, 2500),
    steps: rising(pipShare, 'the download bar'),
  },
  'apt-install-progress': {
    app: 'apt', version: () => /apt ([\d.]+)/.exec(firstLine('apt-get --version'))[1], sizes: '80x24,120x32,60x15',
    setup: aptInstallRuby,
    steps: [
      { waitFor: /Do you want to continue\? \[Y\/n\] *$/m, label: { state: 'blocked', kind: 'permission', msg: (run, screen) => (/^The following NEW packages will be installed:$/m.test(screen) ? `install ${run.newPackages}? [Y/n]` : 'Do you want to continue? [Y/n]'), note: 'apt install asks' }, hold: 800, send: 'y\r' },
      ...rising(dpkgPercent, "dpkg's Progress: [ N%] row", [10, 40, 70]),
    ],
  },
  'docker-pull': {
    app: 'docker', version: DOCKER_VERSION, sizes: '80x24,120x32,60x15',
    setup: dockerPullDaemon,
    steps: rising(dockerLayerShare, 'the layer downloading (a bar only wider than 110 columns)'),
  },
  'rsync-progress2': {
    app: 'rsync', version: RSYNC_VERSION, sizes: '80x24,120x32,60x15',
    setup: transfer((src, dst) => ({ cmd: ['rsync', '-a', '--info=progress2', '--bwlimit=3000', `${src}/`, `${dst}/`] })),
    steps: rising(lastPercent(2), 'the whole transfer (--info=progress2)'),
  },
  'rsync-progress': {
    app: 'rsync', version: RSYNC_VERSION, sizes: '80x24,120x32,60x15',
    setup: transfer((src, dst) => ({ cmd: ['rsync', '-a', '--progress', '--bwlimit=3000', `${src}/`, `${dst}/`] }), { files: 2, mb: 9 }),
    steps: rising(lastPercent(2), 'each file (--progress)', [20, 50, 75]),
  },
  'pv-pipe': {
    app: 'pv', version: PV_VERSION, sizes: '80x24,120x32,60x15',
    setup: transfer((src) => ({ cmd: ['sh', '-c', `pv -L 4m ${src}/part-1.bin | gzip -1 > /dev/null`] }), { files: 1, mb: 20 }),
    steps: rising(lastPercent(1), 'pv in a pipe under sh -c (generic rules)'),
  },
  'wget-download': {
    app: 'wget', version: WGET_VERSION, sizes: '80x24,120x32,60x15',
    setup: download((url) => ['wget', url]),
    steps: rising(lastPercent(1), 'the bar'),
  },
  'curl-bar': {
    app: 'curl', version: CURL_VERSION, sizes: '80x24,120x32,60x15',
    setup: download((url) => ['curl', '-#', '-O', url]),
    steps: rising(lastPercent(1), 'curl -#'),
  },
  'curl-meter': {
    app: 'curl', version: CURL_VERSION, sizes: '80x24,120x32,60x15',
    setup: download((url) => ['curl', '-o', 'part-1.bin', url]),
    steps: rising(lastPercent(2, /^ *(\d{1,3}) +[\d.]+[kMG]? +\d{1,3} /gm), 'the default meter (wrapped where the terminal is narrower than its 79 columns)'),
  },
  'terraform-apply': {
    app: 'terraform', version: TF_VERSION, sizes: '80x24,120x32,60x15',
    setup: terraformSandbox(TWO, ['terraform', 'apply', '-input=true']),
    steps: [
      { waitFor: enterValue, label: { state: 'blocked', kind: 'permission', msg: 'Plan: 2 to add, 0 to change, 0 to destroy.', note: 'apply approval' }, send: 'yes\r' },
      { waitFor: /Provisioning with 'local-exec'|Still creating|Creating\.\.\./, label: { state: 'working', note: 'answered yes: creating' }, hold: 1000 },
      { exit: true, label: { state: 'done', note: 'Apply complete, status 0 after a run of more than 3 s' } },
    ],
  },
  'terraform-variable': {
    app: 'terraform', version: TF_VERSION,
    setup: terraformSandbox(`variable "region" {\n  type        = string\n  description = "The region to deploy into"\n}\n\nresource "terraform_data" "web" {\n  input = var.region\n}\n`, ['terraform', 'plan', '-input=true']),
    steps: [
      { waitFor: enterValue, label: { state: 'blocked', kind: 'question', msg: 'Enter a value for var.region', note: 'input variable without a default' }, send: 'eu-west-1\r' },
      { exit: true, label: { state: 'exit', note: 'plan printed' } },
    ],
  },
  'terraform-sensitive': {
    app: 'terraform', version: TF_VERSION,
    setup: terraformSandbox(`variable "token" {\n  type      = string\n  sensitive = true\n}\n\nresource "terraform_data" "web" {\n  input = sensitive(var.token)\n}\n`, ['terraform', 'plan', '-input=true']),
    steps: [
      { waitFor: enterValue, label: { state: 'blocked', kind: 'auth', msg: 'Enter a value for var.token', note: 'sensitive variable: echo off' }, send: 's3cret\r' },
      { exit: true, label: { state: 'exit', note: 'plan printed' } },
    ],
  },
  'terraform-destroy': {
    app: 'terraform', version: TF_VERSION,
    setup: terraformSandbox(`resource "terraform_data" "web" {\n  input = "web"\n}\n\nresource "terraform_data" "db" {\n  input = "db"\n}\n`, ['terraform', 'destroy', '-input=true'], { applied: true }),
    steps: [
      { waitFor: enterValue, label: { state: 'blocked', kind: 'permission', msg: 'Plan: 0 to add, 0 to change, 2 to destroy.', note: 'destroy approval' }, send: 'yes\r' },
      { exit: true, label: { state: 'exit', note: 'Destroy complete' } },
    ],
  },
  'terraform-long-name': {
    app: 'terraform', version: TF_VERSION,
    setup: terraformSandbox(`resource "terraform_data" "${LONG_NAME}" {\n  input = "x"\n}\n`, ['terraform', 'apply', '-input=true']),
    steps: [
      { waitFor: enterValue, label: { state: 'blocked', kind: 'permission', msg: 'Plan: 1 to add, 0 to change, 0 to destroy.', note: 'apply approval, the plan wraps' }, send: 'no\r' },
      { exit: true, label: { state: 'exit', note: 'Apply cancelled (status 1)' } },
    ],
  },
  'rm-i': {
    app: 'coreutils', version: COREUTILS_VERSION,
    setup: files(['rm', '-i', 'notes.txt'], ['notes.txt']),
    steps: [
      { waitFor: /remove regular file 'notes\.txt'\? *$/, label: { state: 'blocked', kind: 'permission', msg: "rm: remove regular file 'notes.txt'?", note: 'rm -i' }, send: 'n\r' },
      { exit: true, label: { state: 'exit', note: 'kept' } },
    ],
  },
  'rm-i-long': {
    app: 'coreutils', version: COREUTILS_VERSION, sizes: '80x24,120x32,60x15',
    setup: files(['rm', '-i', LONG_FILE], [LONG_FILE]),
    steps: [
      { waitFor: /-final-v2\.txt'\? *$/m, label: { state: 'blocked', kind: 'permission', msg: `rm: remove regular file '${LONG_FILE}'?`, note: 'rm -i, the question wraps' }, send: 'n\r' },
      { exit: true, label: { state: 'exit', note: 'kept' } },
    ],
  },
  'cp-i': {
    app: 'coreutils', version: COREUTILS_VERSION,
    setup: files(['cp', '-i', 'draft.txt', LONG_FILE], ['draft.txt', LONG_FILE]),
    steps: [
      { waitFor: /-final-v2\.txt'\? *$/m, label: { state: 'blocked', kind: 'permission', msg: `cp: overwrite '${LONG_FILE}'?`, note: 'cp -i onto an existing file' }, send: 'n\r' },
      { exit: true, label: { state: 'exit', note: 'not overwritten' } },
    ],
  },
  'mv-i': {
    app: 'coreutils', version: COREUTILS_VERSION,
    setup: files(['mv', '-i', 'draft.txt', 'notes.txt'], ['draft.txt', 'notes.txt']),
    steps: [
      { waitFor: /overwrite 'notes\.txt'\? *$/m, label: { state: 'blocked', kind: 'permission', msg: "mv: overwrite 'notes.txt'?", note: 'mv -i onto an existing file' }, send: 'n\r' },
      { exit: true, label: { state: 'exit', note: 'not moved' } },
    ],
  },
  'ssh-new-host': {
    app: 'ssh', version: SSH_VERSION, sizes: '80x24,120x32,60x15',
    setup: sshd,
    steps: [
      { waitFor: /continue connecting \(yes\/no\/\[[a-z\n]+\]\)\? *$/m, label: { state: 'blocked', kind: 'question', msg: (run) => `ssh: unknown host [127.0.0.1]:${run.port} — continue connecting? (yes/no/[fingerprint])`, note: 'unknown host key' }, send: 'yes\r' },
      { waitFor: /password: *$/m, label: { state: 'blocked', kind: 'auth', msg: `${USER}@127.0.0.1's password:`, note: 'password prompt' }, send: `${PASSWORD}\r` },
      { after: 700, label: { state: 'working', note: 'password sent: the remote command sleeps 3 s' }, hold: 1000 },
      { waitFor: /logged in as/, label: { state: 'exit', note: 'remote command ran' }, hold: 200 },
      { exit: true, label: { state: 'exit', note: 'connection closed' } },
    ],
  },
  'ssh-key-passphrase': {
    app: 'ssh', version: SSH_VERSION, sizes: '80x24,120x32,60x15',
    setup: sshKey,
    steps: [
      { waitFor: /Enter passphrase for key '[^']+': *$/m, label: { state: 'blocked', kind: 'auth', msg: (run) => `Enter passphrase for key '${run.key}':`, note: 'passphrase prompt, echo off' }, send: `${KEY_PASSPHRASE}\r` },
      { after: 700, label: { state: 'working', note: 'passphrase sent: the remote command sleeps 3 s' }, hold: 1000 },
      { waitFor: /logged in as/, label: { state: 'exit', note: 'remote command ran' }, hold: 200 },
      { exit: true, label: { state: 'exit', note: 'connection closed' } },
    ],
  },
  'git-clone-ssh': {
    app: 'git', version: GIT_VERSION, sizes: '80x24,120x32,60x15',
    setup: gitCloneSsh,
    steps: [
      { waitFor: /continue connecting \(yes\/no\/\[[a-z\n]+\]\)\? *$/m, label: { state: 'blocked', kind: 'question', msg: (run) => `ssh: unknown host [127.0.0.1]:${run.port} — continue connecting? (yes/no/[fingerprint])`, note: 'unknown host key, asked by the ssh git runs' }, send: 'yes\r' },
      { waitFor: /Enter passphrase for key '[^']+': *$/m, label: { state: 'blocked', kind: 'auth', msg: (run) => `Enter passphrase for key '${run.key}':`, note: 'passphrase prompt, echo off' }, send: `${KEY_PASSPHRASE}\r` },
      { after: 700, label: { state: 'working', note: "passphrase sent: the remote's upload-pack waits 3 s" }, hold: 1000 },
      { exit: true, label: { state: 'done', note: 'cloned (status 0)' } },
    ],
  },
  'sudo-password': {
    app: 'sudo', version: () => /Sudo version ([\w.]+)/.exec(firstLine('sudo -V'))[1],
    setup: () => {
      ensureUser();
      return { cmd: ['runuser', '-u', USER, '--', 'sh', '-c', 'sudo -k; sudo true && echo sudo ok; sleep 2'], cwd: '/tmp', env: { LANG: 'C' } };
    },
    steps: [
      { waitFor: /\[sudo\] password for \w+: *$/m, label: { state: 'blocked', kind: 'auth', msg: `[sudo] password for ${USER}:`, note: 'sudo asks' }, send: `${PASSWORD}\r` },
      { waitFor: /sudo ok/, label: { state: 'working', note: 'sudo true ran; sleep 2' }, hold: 1000 },
      { exit: true, label: { state: 'exit', note: 'done' } },
    ],
  },
  'git-add-p': {
    app: 'git', version: GIT_VERSION, sizes: '80x24,120x32,60x15',
    setup: gitRepo(['git', 'add', '-p'], { change: true }),
    steps: [
      { waitFor: /\(1\/2\) Stage this hunk \[[^\]]*\]\? *$/m, label: { state: 'blocked', kind: 'question', msg: '(1/2) Stage this hunk [y,n,q,a,d,j,J,g,/,e,?]?', note: 'first hunk' }, send: 'y\r' },
      { waitFor: /\(2\/2\) Stage this hunk \[[^\]]*\]\? *$/m, label: { state: 'blocked', kind: 'question', msg: '(2/2) Stage this hunk [y,n,q,a,d,K,g,/,e,?]?', note: 'second hunk' }, send: 'n\r' },
      { exit: true, label: { state: 'exit', note: 'one hunk staged' } },
    ],
  },
  'git-checkout-p': {
    app: 'git', version: GIT_VERSION, sizes: '80x24,120x32,60x15',
    setup: gitRepo(['git', 'checkout', '-p'], { change: true }),
    steps: [
      { waitFor: /\(1\/2\) Discard this hunk from worktree \[[^\]]*\]\? *$/m, label: { state: 'blocked', kind: 'permission', msg: '(1/2) Discard this hunk from worktree [y,n,q,a,d,j,J,g,/,e,?]?', note: 'first hunk: y throws the change away' }, send: 'n\r' },
      { waitFor: /\(2\/2\) Discard this hunk from worktree \[[^\]]*\]\? *$/m, label: { state: 'blocked', kind: 'permission', msg: '(2/2) Discard this hunk from worktree [y,n,q,a,d,K,g,/,e,?]?', note: 'second hunk' }, send: 'y\r' },
      { exit: true, label: { state: 'exit', note: 'one hunk discarded' } },
    ],
  },
  'git-credential': {
    app: 'git', version: GIT_VERSION, sizes: '80x24,120x32,60x15',
    setup: async () => {
      const { dir, env } = gitSandbox();
      const server = await unauthorizedServer();
      const cmd = ['git', 'clone', `http://127.0.0.1:${server.port}/repo.git`];
      return { cmd, cwd: dir, env: { ...env, GIT_ASKPASS: undefined, SSH_ASKPASS: undefined, GIT_TERMINAL_PROMPT: undefined }, port: server.port, cleanup: () => { server.stop(); rmrf(dir); } };
    },
    steps: [
      { waitFor: /^Username for 'http:\/\/127\.0\.0\.1:\d+': *$/m, label: { state: 'blocked', kind: 'question', msg: (run) => `Username for 'http://127.0.0.1:${run.port}':`, note: 'no credential helper: git asks on the terminal' }, send: `${USER}\r` },
      { waitFor: /^Password for 'http:\/\/\w+@127\.0\.0\.1:\d+': *$/m, label: { state: 'blocked', kind: 'auth', msg: (run) => `Password for 'http://${USER}@127.0.0.1:${run.port}':`, note: 'password, echo off' }, send: 'not-the-password\r' },
      { after: 700, label: { state: 'working', note: 'password sent: the server holds its 401 for 2.5 s' }, hold: 1000 },
      { exit: true, label: { state: 'exit', note: "fatal: Authentication failed for 'http://127.0.0.1:PORT/repo.git/' (status 128)" } },
    ],
  },
  'git-commit-nano': {
    app: 'git', version: GIT_VERSION, sizes: '80x24,120x32,60x15',
    setup: gitRepo(['git', 'commit'], { staged: true, editor: 'nano' }),
    steps: [
      { waitFor: /COMMIT_EDITMSG[\s\S]*\^G Help/, label: { state: 'idle', note: 'nano on the commit message, its footer `^G Help  ^O Write Out …`' }, send: 'Fix the widget' },
      { waitFor: /^Fix the widget[\s\S]*\^G Help/m, label: { state: 'idle', note: 'message typed, not saved' }, send: '\x13' },
      { waitFor: /\[ Wrote \d+ lines? \]/, label: { state: 'idle', note: 'saved with ^S' }, hold: 800, send: '\x18' },
      { exit: true, label: { state: 'done', note: 'nano quit, the commit made: status 0, more than 3 s after the start' } },
    ],
  },
  'git-commit-vi': {
    app: 'git', version: GIT_VERSION, sizes: '80x24,120x32,60x15',
    setup: gitRepo(['git', 'commit'], { staged: true, editor: 'vi' }),
    steps: [
      { waitFor: /^# Please enter the commit message[\s\S]*COMMIT_EDITMSG"/m, label: { state: 'idle', note: 'vim on the commit message (normal mode)' }, send: 'i' },
      { waitFor: /^-- INSERT --/m, label: { state: 'idle', note: 'insert mode: `-- INSERT --`' }, send: 'Fix the widget' },
      { waitFor: /^Fix the widget[\s\S]*^-- INSERT --/m, label: { state: 'idle', note: 'message typed in insert mode' }, hold: 800, send: '\x1b:wq' },
      { waitFor: /^:wq$/m, label: { state: 'idle', note: '`:wq` typed on the command line' }, hold: 800, send: '\r' },
      { exit: true, label: { state: 'done', note: 'vim quit, the commit made: status 0, more than 3 s after the start' } },
    ],
  },
  'git-rebase-i': {
    app: 'git', version: GIT_VERSION, sizes: '80x24,120x32,60x15',
    setup: gitRepo(['git', 'rebase', '-i', 'HEAD~2'], { commits: ['second', 'third'], editor: 'vi' }),
    steps: [
      { waitFor: /^pick [0-9a-f]+ second\npick [0-9a-f]+ third\n[\s\S]*^# Commands:/m, label: { state: 'idle', note: 'vim on the todo list, its comments (`d, drop <commit> = remove commit`)' }, send: 'cwreword\x1b' },
      { waitFor: /^reword [0-9a-f]+ second$/m, label: { state: 'idle', note: 'first pick changed to reword' }, hold: 800, send: ':wq\r' },
      { waitFor: /^second\n[\s\S]*^# Please enter the commit message[\s\S]*COMMIT_EDITMSG"/m, label: { state: 'idle', note: 'reword: vim on the commit message' }, send: 'A, reworded\x1b' },
      { waitFor: /^second, reworded$/m, label: { state: 'idle', note: 'message changed' }, hold: 800, send: ':wq\r' },
      { exit: true, label: { state: 'done', note: 'Successfully rebased: status 0, more than 3 s after the start' } },
    ],
  },
  'apt-install': {
    app: 'apt', version: () => /apt ([\d.]+)/.exec(firstLine('apt-get --version'))[1], sizes: '80x24,120x32,60x15',
    setup: () => {
      // The truth: apt-get's own simulation lists what the install adds; a screen that has scrolled its
      // heading off (60x15) shows only the question.
      const simulated = sh('LANG=C apt-get install -s ruby');
      const newPackages = /^The following NEW packages will be installed:\n((?:[ \t]+\S.*\n)+)/m.exec(simulated)[1].trim().split(/\s+/).join(' ');
      return { cmd: ['apt-get', 'install', 'ruby'], cwd: '/tmp', env: { LANG: 'C' }, newPackages };
    },
    steps: [
      { waitFor: /Do you want to continue\? \[Y\/n\] *$/m, label: { state: 'blocked', kind: 'permission', msg: (run, screen) => (/^The following NEW packages will be installed:$/m.test(screen) ? `install ${run.newPackages}? [Y/n]` : 'Do you want to continue? [Y/n]'), note: 'apt-get install asks' }, send: 'n\r' },
      { exit: true, label: { state: 'exit', note: 'Abort. (status 1)' } },
    ],
  },
  'apt-remove': {
    app: 'apt', version: () => /apt ([\d.]+)/.exec(firstLine('apt-get --version'))[1],
    setup: () => {
      try {
        sh('dpkg -s pv', { stdio: 'ignore' });
      } catch {
        sh('apt-get install -y -qq pv', { stdio: 'ignore' });
      }
      return { cmd: ['apt-get', 'remove', 'pv'], cwd: '/tmp', env: { LANG: 'C' } };
    },
    steps: [
      { waitFor: /Do you want to continue\? \[Y\/n\] *$/m, label: { state: 'blocked', kind: 'permission', msg: 'remove pv? [Y/n]', note: 'apt-get remove asks' }, send: 'n\r' },
      { exit: true, label: { state: 'exit', note: 'Abort. (status 1)' } },
    ],
  },
  // ---------------------------------------------------------------------------------------- node prompts
  // clack (create-vite, sv), terkelg/prompts (create-next-app), @inquirer/prompts and legacy inquirer (a script),
  // npm init's own questions (`read`): all in raw mode, read from the screen (rules/generic.toml).
  'create-vite': {
    app: 'create-vite', version: nodeToolVersion('create-vite'), sizes: '80x24,120x32,60x15',
    setup: nodeRun('create-vite', ['npm', 'create', 'vite@9.3.0']),
    steps: [
      { waitFor: clackAsk('Project name:'), label: { state: 'blocked', kind: 'question', msg: 'Project name: vite-project', note: 'clack text input, its placeholder' }, send: 'my-app' },
      { waitFor: /^│  my-app█?\n└/m, label: { state: 'blocked', kind: 'question', msg: 'Project name: my-app', note: 'the name typed, not yet submitted' }, hold: 500, send: '\r' },
      { waitFor: clackAsk('Select a framework:'), label: { state: 'blocked', kind: 'question', msg: 'Select a framework:', note: 'clack select' }, hold: 800, send: '\x1b[B' },
      { waitFor: /● Vue[\s\S]*└\s*$/, label: { state: 'blocked', kind: 'question', msg: 'Select a framework:', note: 'the selection moved' }, hold: 800, send: '\r' },
      { waitFor: clackAsk('Select a variant:'), label: { state: 'blocked', kind: 'question', msg: 'Select a variant:', note: 'clack select' }, send: '\r' },
      { waitFor: clackAsk('Install with npm and start now\\?'), label: { state: 'blocked', kind: 'question', msg: 'Install with npm and start now?', note: 'clack confirm' }, hold: 800, send: '\x1b[C' },
      { waitFor: /○ Yes \/ ● No\n└\s*$/, label: { state: 'blocked', kind: 'question', msg: 'Install with npm and start now?', note: 'No selected' }, hold: 800, send: '\r' },
      { exit: true, label: { state: 'exit', note: 'scaffolded, `Done. Now run:`' } },
    ],
  },
  'create-vite-not-empty': {
    app: 'create-vite', version: nodeToolVersion('create-vite'),
    setup: nodeRun('create-vite', ['npx', 'create-vite', 'my-app'], { files: { 'my-app/index.html': '<p>old</p>\n' } }),
    steps: [
      { waitFor: clackAsk('Target directory "my-app" is not empty'), label: { state: 'blocked', kind: 'permission', msg: 'Target directory "my-app" is not empty. Please choose how to proceed:', note: 'clack select whose options remove files' }, send: '\x1b[B' },
      { waitFor: /● Remove existing files and continue[\s\S]*└\s*$/, label: { state: 'blocked', kind: 'permission', msg: 'Target directory "my-app" is not empty. Please choose how to proceed:', note: 'remove selected' }, hold: 800, send: '\r' },
      { waitFor: clackAsk('Select a framework:'), label: { state: 'blocked', kind: 'question', msg: 'Select a framework:', note: 'clack select' }, send: '\x03' },
      { exit: true, label: { state: 'exit', note: 'cancelled: `└  Operation cancelled`' } },
    ],
  },
  'sv-create': {
    app: 'sv', version: nodeToolVersion('sv'),
    setup: nodeRun('sv', ['npx', 'sv', 'create', 'my-app']),
    steps: [
      { waitFor: clackAsk('Which template would you like\\?'), label: { state: 'blocked', kind: 'question', msg: 'Which template would you like?', note: 'clack select' }, send: '\r' },
      { waitFor: clackAsk('Add type checking with TypeScript\\?'), label: { state: 'blocked', kind: 'question', msg: 'Add type checking with TypeScript?', note: 'clack select' }, send: '\r' },
      { waitFor: clackAsk('What would you like to add to your project\\?'), label: { state: 'blocked', kind: 'question', msg: 'What would you like to add to your project? (use arrow keys / space bar)', note: 'clack multi-select, its title wrapped at 80' }, hold: 800, send: '\x1b[B' },
      { waitFor: /│  ◻ eslint[\s\S]*└\s*$/, label: { state: 'blocked', kind: 'question', msg: 'What would you like to add to your project? (use arrow keys / space bar)', note: 'moved to eslint' }, hold: 300, send: ' ' },
      { waitFor: /│  ◼ eslint[\s\S]*└\s*$/, label: { state: 'blocked', kind: 'question', msg: 'What would you like to add to your project? (use arrow keys / space bar)', note: 'eslint ticked' }, hold: 800, send: '\r' },
      { waitFor: clackAsk('Which package manager|Detected package managers'), label: { state: 'blocked', kind: 'question', note: 'clack select under a `◆  Project created` step' }, send: '\r' },
      { exit: true, label: { state: 'exit', note: 'created, no install' } },
    ],
  },
  'create-next-app': {
    app: 'create-next-app', version: nodeToolVersion('create-next-app'), sizes: '80x24,120x32,60x15',
    setup: nodeRun('create-next-app', ['npx', 'create-next-app'], { deadRegistry: true }),
    steps: [
      { waitFor: wrapped('? What is your project named? › my-app', '\\s*$'), label: { state: 'blocked', kind: 'question', msg: 'What is your project named?', note: 'prompts text input, its initial value after `›` (not in the msg: the question alone)' }, send: '\r' },
      { waitFor: wrapped('? Would you like to use the recommended Next.js defaults?', '[\\s\\S]*❯ +Yes, use recommended defaults'), label: { state: 'blocked', kind: 'question', msg: 'Would you like to use the recommended Next.js defaults?', note: 'prompts select, `- Use arrow-keys. Return to submit.`' }, send: '\x1b[B' },
      { waitFor: /❯ +No, customize settings/, label: { state: 'blocked', kind: 'question', msg: 'Would you like to use the recommended Next.js defaults?', note: 'customize selected' }, hold: 800, send: '\r' },
      { waitFor: toggle('Would you like to use TypeScript?'), label: { state: 'blocked', kind: 'question', msg: 'Would you like to use TypeScript?', note: 'prompts toggle, the value shown by colour' }, send: '\r' },
      { waitFor: wrapped('? Which linter would you like to use?', '[\\s\\S]*❯ +ESLint'), label: { state: 'blocked', kind: 'question', msg: 'Which linter would you like to use?', note: 'prompts select' }, send: '\r' },
      { waitFor: toggle('Would you like to use React Compiler?'), label: { state: 'blocked', kind: 'question', msg: 'Would you like to use React Compiler?', note: 'toggle' }, hold: 800, send: '\r' },
      { waitFor: toggle('Would you like to use Tailwind CSS?'), label: { state: 'blocked', kind: 'question', msg: 'Would you like to use Tailwind CSS?', note: 'toggle' }, hold: 800, send: '\r' },
      { waitFor: toggle('Would you like your code inside a `src/` directory?'), label: { state: 'blocked', kind: 'question', msg: 'Would you like your code inside a `src/` directory?', note: 'toggle' }, hold: 800, send: '\r' },
      { waitFor: toggle('Would you like to use App Router? (recommended)'), label: { state: 'blocked', kind: 'question', msg: 'Would you like to use App Router? (recommended)', note: 'toggle' }, hold: 800, send: '\r' },
      { waitFor: toggle('Would you like to use Cache Components?'), label: { state: 'blocked', kind: 'question', msg: 'Would you like to use Cache Components?', note: 'toggle' }, hold: 800, send: '\r' },
      { waitFor: toggle('Would you like to customize the import alias (`@/*` by default)?'), label: { state: 'blocked', kind: 'question', msg: 'Would you like to customize the import alias (`@/*` by default)?', note: 'toggle (wraps at 60)' }, hold: 800, send: '\r' },
      { waitFor: toggle('Would you like to include AGENTS.md to guide coding agents to write up-to-date Next.js code?'), label: { state: 'blocked', kind: 'question', msg: 'Would you like to include AGENTS.md to guide coding agents to write up-to-date Next.js code?', note: 'toggle, wrapped at 80' }, hold: 800, send: '\r' },
      { waitFor: toggle('Would you like to help improve Next.js by letting agents prepare anonymized feedback for your review as you code? (Disable anytime with `experimental.agentFeedback: false`.)'), label: { state: 'blocked', kind: 'question', msg: 'Would you like to help improve Next.js by letting agents prepare anonymized feedback for your review as you code? (Disable anytime with `experimental.agentFeedback: false`.)', note: 'toggle, wrapped over three rows at 80' }, hold: 800, send: '\r' },
      { waitFor: /^Installing (?:dependencies|devDependencies):/m, label: { state: 'working', note: 'installing (from an unreachable registry)' }, hold: 2500, send: '\x03' },
      { exit: true, label: { state: 'exit', note: 'Ctrl+C during the install' } },
    ],
  },
  'inquirer-prompts': {
    app: 'inquirer-prompts', version: nodeToolVersion('inquirer-prompts'), sizes: '80x24,120x32,60x15',
    setup: nodeRun('inquirer-prompts', ['node', '../ask.mjs'], { script: INQUIRER_PROMPTS_SCRIPT }),
    steps: [
      { waitFor: /^\? Project name: \(my-app\)\s*$/m, label: { state: 'blocked', kind: 'question', msg: 'Project name: (my-app)', note: 'input with a default' }, send: 'demo' },
      { waitFor: /^\? Project name: demo\s*$/m, label: { state: 'blocked', kind: 'question', msg: 'Project name:', note: 'a name typed, not yet submitted' }, hold: 500, send: '\r' },
      { waitFor: /^\? Pick a framework\n❯ React[\s\S]*↑↓ navigate • ⏎ select\s*$/m, label: { state: 'blocked', kind: 'question', msg: 'Pick a framework', note: 'select' }, send: '\x1b[B' },
      { waitFor: /^❯ Vue/m, label: { state: 'blocked', kind: 'question', msg: 'Pick a framework', note: 'moved' }, hold: 800, send: '\r' },
      { waitFor: /^\? Select features\n❯◯ TypeScript/m, label: { state: 'blocked', kind: 'question', msg: 'Select features', note: 'checkbox' }, send: ' ' },
      { waitFor: /^❯◉ TypeScript/m, label: { state: 'blocked', kind: 'question', msg: 'Select features', note: 'ticked' }, hold: 800, send: '\r' },
      { waitFor: /^\? Overwrite existing files\? \(y\/N\)\s*$/m, label: { state: 'blocked', kind: 'permission', msg: 'Overwrite existing files? (y/N)', note: 'confirm that overwrites' }, send: 'y' },
      { waitFor: /^\? Overwrite existing files\? \(y\/N\) y\s*$/m, label: { state: 'blocked', kind: 'permission', msg: 'Overwrite existing files? (y/N)', note: 'y typed' }, hold: 500, send: '\r' },
      { waitFor: /^\? Install dependencies now\? \(Y\/n\)\s*$/m, label: { state: 'blocked', kind: 'question', msg: 'Install dependencies now? (Y/n)', note: 'confirm' }, send: '\r' },
      { waitFor: /^Installing dependencies…/m, label: { state: 'working', note: 'the last answer given: the script works 4 s' }, hold: 2000 },
      { exit: true, label: { state: 'done', note: 'status 0 after more than 3 s' } },
    ],
  },
  'inquirer-legacy': {
    app: 'inquirer', version: nodeToolVersion('inquirer'), sizes: '80x24,120x32',
    setup: nodeRun('inquirer', ['node', '../ask.mjs'], { script: INQUIRER_LEGACY_SCRIPT }),
    steps: [
      { waitFor: /^\? Project name: \(my-app\)\s*$/m, label: { state: 'blocked', kind: 'question', msg: 'Project name: (my-app)', note: 'input with a default' }, send: '\r' },
      { waitFor: /^\? Pick a framework \(Use arrow keys\)\n❯ React/m, label: { state: 'blocked', kind: 'question', msg: 'Pick a framework', note: 'list, `(Use arrow keys)`' }, send: '\x1b[B' },
      { waitFor: /^❯ Vue/m, label: { state: 'blocked', kind: 'question', msg: 'Pick a framework', note: 'moved: the hint is gone' }, hold: 800, send: '\r' },
      { waitFor: /^\? Select features \(Press <space> to select[\s\S]*❯◯ TypeScript/m, label: { state: 'blocked', kind: 'question', msg: 'Select features', note: 'checkbox, its hint wraps at 80' }, send: ' ' },
      { waitFor: /^❯◉ TypeScript/m, label: { state: 'blocked', kind: 'question', msg: 'Select features', note: 'ticked' }, hold: 800, send: '\r' },
      { waitFor: /^\? Package manager\s*\n  1\) npm[\s\S]*Answer:\s*$/m, label: { state: 'blocked', kind: 'question', msg: 'Package manager', note: 'rawlist: numbered, `Answer:`' }, send: '2' },
      { waitFor: /Answer: 2\s*$/, label: { state: 'blocked', kind: 'question', msg: 'Package manager', note: '2 typed' }, hold: 500, send: '\r' },
      { waitFor: /^\? Author:\s*$/m, label: { state: 'blocked', kind: 'question', msg: 'Author:', note: 'input without a default' }, send: 'Ada\r' },
      { waitFor: /^\? Delete the old build folder\? \(y\/N\)\s*$/m, label: { state: 'blocked', kind: 'permission', msg: 'Delete the old build folder? (y/N)', note: 'confirm that deletes' }, send: '\r' },
      { waitFor: /^Installing dependencies…/m, label: { state: 'working', note: 'the last answer given: the script works 4 s' }, hold: 2000 },
      { exit: true, label: { state: 'done', note: 'status 0 after more than 3 s' } },
    ],
  },
  'npm-init': {
    app: 'npm', version: NPM_VERSION, sizes: '80x24,120x32,60x15',
    setup: () => {
      const dir = path.join(tmp('npm-init'), 'my-pkg');
      fs.mkdirSync(dir);
      const home = tmp('npm-home');
      return { cmd: ['npm', 'init'], cwd: dir, env: { HOME: home, npm_config_cache: path.join(home, '.npm'), npm_config_update_notifier: 'false' }, cleanup: () => { rmrf(path.dirname(dir)); rmrf(home); } };
    },
    steps: [
      { waitFor: /^package name: \(my-pkg\)\s*$/m, label: { state: 'blocked', kind: 'question', msg: 'package name: (my-pkg)', note: 'read with a default' }, send: '\r' },
      { waitFor: /^version: \(1\.0\.0\)\s*$/m, label: { state: 'blocked', kind: 'question', msg: 'version: (1.0.0)', note: 'read with a default' }, send: '2.0.0' },
      { waitFor: /^version: \(1\.0\.0\) 2\.0\.0\s*$/m, label: { state: 'blocked', kind: 'question', msg: 'version: (1.0.0)', note: 'typed, not yet submitted' }, hold: 500, send: '\r' },
      { waitFor: /^description:\s*$/m, label: { state: 'blocked', kind: 'question', msg: 'description:', note: 'read without a default' }, send: 'A demo package\r' },
      { waitFor: /^entry point: \(index\.js\)\s*$/m, label: { state: 'blocked', kind: 'question', msg: 'entry point: (index.js)', note: 'default' }, hold: 600, send: '\r' },
      { waitFor: /^test command:\s*$/m, label: { state: 'blocked', kind: 'question', msg: 'test command:', note: 'no default' }, hold: 600, send: '\r' },
      { waitFor: /^git repository:\s*$/m, label: { state: 'blocked', kind: 'question', msg: 'git repository:', note: 'no default' }, hold: 600, send: '\r' },
      { waitFor: /^keywords:\s*$/m, label: { state: 'blocked', kind: 'question', msg: 'keywords:', note: 'no default' }, hold: 600, send: '\r' },
      { waitFor: /^author:\s*$/m, label: { state: 'blocked', kind: 'question', msg: 'author:', note: 'no default' }, hold: 600, send: '\r' },
      { waitFor: /^license: \(ISC\)\s*$/m, label: { state: 'blocked', kind: 'question', msg: 'license: (ISC)', note: 'default' }, hold: 600, send: '\r' },
      { waitFor: /^type: \(commonjs\)\s*$/m, label: { state: 'blocked', kind: 'question', msg: 'type: (commonjs)', note: 'default' }, hold: 600, send: '\r' },
      { waitFor: /^Is this OK\? \(yes\)\s*$/m, label: { state: 'blocked', kind: 'question', msg: 'Is this OK? (yes)', note: 'the package.json shown above it' }, send: '\r' },
      { exit: true, label: { state: 'exit', note: 'package.json written' } },
    ],
  },
  // npx asking to install a package it does not have (a fresh npm cache), answered y (it installs and runs) or n.
  'npx-install-yes': {
    app: 'npm', version: NPM_VERSION, sizes: '80x24,120x32,60x15',
    setup: npxRun(['npx', 'cowsay@1.6.0', 'hi']),
    steps: [
      { waitFor: /^Ok to proceed\? \(y\) *$/m, label: { state: 'blocked', kind: 'permission', msg: 'npx: install cowsay@1.6.0? (y)', note: 'npx asks to install' }, send: 'y' },
      { waitFor: /^Ok to proceed\? \(y\) y *$/m, label: { state: 'blocked', kind: 'permission', msg: 'npx: install cowsay@1.6.0? (y)', note: 'y typed, not yet submitted' }, hold: 500, send: '\r' },
      { waitFor: /^Ok to proceed\? \(y\) y\n[⠁-⣿]/m, label: { state: 'working', note: 'answered: npm installs, its spinner under the question' }, hold: 150 },
      { exit: true, label: { state: 'exit', note: 'installed, cowsay ran' } },
    ],
  },
  'npx-install-no': {
    app: 'npm', version: NPM_VERSION, sizes: '80x24,120x32,60x15',
    setup: npxRun(['npx', 'cowsay@1.6.0', 'hi']),
    steps: [
      { waitFor: /^Ok to proceed\? \(y\) *$/m, label: { state: 'blocked', kind: 'permission', msg: 'npx: install cowsay@1.6.0? (y)', note: 'npx asks to install' }, send: 'n\r' },
      { exit: true, label: { state: 'exit', note: 'npm error canceled (status 1)' } },
    ],
  },
  // pnpm (installed from the npm registry, pinned, on PATH): `pnpm create vite` runs create-vite through `pnpm dlx` (clack,
  // as under npm); `pnpm init` asks nothing (it writes package.json and exits).
  'pnpm-create-vite': {
    app: 'pnpm', version: nodeToolVersion('pnpm'), sizes: '80x24,120x32,60x15',
    setup: pnpmRun(['pnpm', 'create', 'vite@9.3.0']),
    steps: [
      { waitFor: clackAsk('Project name:'), label: { state: 'blocked', kind: 'question', msg: 'Project name: vite-project', note: 'clack text input, its placeholder' }, send: 'my-app\r' },
      { waitFor: clackAsk('Select a framework:'), label: { state: 'blocked', kind: 'question', msg: 'Select a framework:', note: 'clack select' }, hold: 800, send: '\x1b[B' },
      { waitFor: /● Vue[\s\S]*└\s*$/, label: { state: 'blocked', kind: 'question', msg: 'Select a framework:', note: 'the selection moved' }, hold: 800, send: '\r' },
      { waitFor: clackAsk('Select a variant:'), label: { state: 'blocked', kind: 'question', msg: 'Select a variant:', note: 'clack select' }, send: '\r' },
      { waitFor: clackAsk('Install with pnpm and start now\\?'), label: { state: 'blocked', kind: 'question', msg: 'Install with pnpm and start now?', note: 'clack confirm' }, hold: 800, send: '\x1b[C' },
      { waitFor: /○ Yes \/ ● No\n└\s*$/, label: { state: 'blocked', kind: 'question', msg: 'Install with pnpm and start now?', note: 'No selected' }, hold: 800, send: '\r' },
      { exit: true, label: { state: 'done', note: 'scaffolded, `Done. Now run:`, status 0 after more than 3 s' } },
    ],
  },
  'pnpm-init': {
    app: 'pnpm', version: nodeToolVersion('pnpm'),
    sizes: '80x24,120x32,60x15',
    setup: pnpmRun(['pnpm', 'init']),
    steps: [
      { exit: true, label: { state: 'exit', note: 'package.json written, nothing asked: status 0 in under 3 s (clear)' } },
    ],
  },
  // ---------------------------------------------------------------------------------------- pickers
  'fzf-pipe': {
    app: 'fzf', version: FZF_VERSION, sizes: '80x24,120x32,60x15',
    setup: () => ({ cmd: ['sh', '-c', "printf 'alpha\\nbeta\\ngamma\\n' | fzf"], cwd: '/tmp', env: { FZF_DEFAULT_OPTS: undefined } }),
    steps: [
      { waitFor: /^  3\/3/m, label: { state: 'blocked', kind: 'question', msg: 'fzf: pick one of 3', note: 'fzf lists its input' }, send: '\x1b[A' },
      { waitFor: /^> beta/m, label: { state: 'blocked', kind: 'question', msg: 'fzf: pick one of 3', note: 'moved up to beta' }, hold: 800, send: 'ga' },
      { waitFor: /^  1\/3/m, label: { state: 'blocked', kind: 'question', msg: 'fzf: pick one of 3', note: 'filtered by ga' }, hold: 800, send: '\r' },
      { exit: true, label: { state: 'exit', note: 'gamma picked, printed' } },
    ],
  },
  'fzf-branch': {
    app: 'fzf', version: FZF_VERSION, sizes: '80x24,120x32,60x15',
    setup: () => ({ cmd: ['fzf', '--prompt=Branch> ', '--layout=reverse', '--height=40%'], cwd: '/tmp',
      env: { FZF_DEFAULT_OPTS: undefined, FZF_DEFAULT_COMMAND: "printf 'main\\ndevelop\\nfeature/login-form\\nfix/issue-27\\n'" } }),
    steps: [
      { waitFor: /^Branch> *\n  4\/4/m, label: { state: 'blocked', kind: 'question', msg: 'fzf: Branch', note: 'reverse layout, --height: the prompt on top, the counter under it' }, send: 'fe' },
      { waitFor: /^Branch> fe *\n  2\/4/m, label: { state: 'blocked', kind: 'question', msg: 'fzf: Branch', note: 'query typed: 2 left' }, hold: 800, send: 'zzz' },
      { waitFor: /^  0\/4/m, label: { state: 'blocked', kind: 'question', msg: 'fzf: Branch', note: 'nothing matches: no pointer row' }, hold: 800, send: '\x1b' },
      { exit: true, label: { state: 'exit', note: 'Esc: fzf exits 130' } },
    ],
  },
  'fzf-inline': {
    app: 'fzf', version: FZF_VERSION, sizes: '80x24,120x32,60x15',
    setup: () => ({ cmd: ['fzf', '-m', '--info=inline'], cwd: '/tmp',
      env: { FZF_DEFAULT_OPTS: undefined, FZF_DEFAULT_COMMAND: "printf 'src/main.ts\\nsrc/cli/run.ts\\nREADME.md\\n'" } }),
    steps: [
      { waitFor: /< 3\/3 \(0\)/m, label: { state: 'blocked', kind: 'question', msg: 'fzf: pick one of 3', note: 'inline info: `< 3/3 (0)` on the prompt row' }, send: '\t' },
      { waitFor: /< 3\/3 \(1\)/m, label: { state: 'blocked', kind: 'question', msg: 'fzf: pick one of 3', note: 'one marked (tab): `(1)`' }, hold: 800, send: '\r' },
      { exit: true, label: { state: 'exit', note: 'picked: the marked one printed' } },
    ],
  },
  // debconf: dpkg-reconfigure tzdata with a private copy of the debconf database (DEBCONF_SYSTEMRC), answered with the
  // values already set (Etc, UTC): the postinst writes the same /etc/timezone back.
  'debconf-dialog': {
    app: 'debconf', version: DEBCONF_VERSION, sizes: '80x24,120x32',
    setup: debconfRun('dialog'),
    steps: [
      { waitFor: /Geographic area:[\s\S]*<Ok>/, label: { state: 'blocked', kind: 'question', msg: TZ_AREA, note: 'whiptail menu: the area' }, send: '\r' },
      { waitFor: /Time zone:[\s\S]*<Ok>/, label: { state: 'blocked', kind: 'question', msg: TZ_ZONE, note: 'whiptail menu: the zone in Etc' }, send: '\r' },
      { exit: true, label: { state: 'exit', note: 'Current default time zone: Etc/UTC' } },
    ],
  },
  // At 60x15 the question does not fit one box: debconf shows its description in a msgbox first, then the menu.
  'debconf-dialog-small': {
    app: 'debconf', version: DEBCONF_VERSION, sizes: '60x15',
    setup: debconfRun('dialog'),
    steps: [
      { waitFor: /located\.[\s\S]*<Ok>/, label: { state: 'blocked', kind: 'question', msg: TZ_AREA, note: 'whiptail msgbox: the area question\'s description' }, send: '\r' },
      { waitFor: /Geographic area:[\s\S]*<Ok>/, label: { state: 'blocked', kind: 'question', msg: 'Geographic area:', note: 'whiptail menu: the area' }, send: '\r' },
      { waitFor: /Please select your time zone[\s\S]*<Ok>/, label: { state: 'blocked', kind: 'question', msg: TZ_ZONE_CUT, note: 'whiptail scrolling msgbox: the zone question\'s description, cut (Tab to reach <Ok>)' }, send: '\t\r' },
      { waitFor: /Time zone:[\s\S]*<Ok>/, label: { state: 'blocked', kind: 'question', msg: 'Time zone:', note: 'whiptail menu: the zone in Etc' }, send: '\r' },
      { exit: true, label: { state: 'exit', note: 'Current default time zone: Etc/UTC' } },
    ],
  },
  'debconf-readline': {
    app: 'debconf', version: DEBCONF_VERSION, sizes: '80x24,120x32',
    setup: debconfRun('readline'),
    steps: [
      { waitFor: /Geographic area: *$/m, label: { state: 'blocked', kind: 'question', msg: 'Geographic area:', note: 'readline: the areas listed, a line read' }, send: '12\r' },
      { waitFor: /Time zone: *$/m, label: { state: 'blocked', kind: 'question', msg: 'Time zone:', note: 'readline: the zones listed, a line read' }, send: 'UTC\r' },
      { exit: true, label: { state: 'exit', note: 'Current default time zone: Etc/UTC' } },
    ],
  },
  // At 60x15 the zone list does not fit: debconf pages it, `[More]` on the last row waits for Enter.
  'debconf-readline-small': {
    app: 'debconf', version: DEBCONF_VERSION, sizes: '60x15',
    setup: debconfRun('readline'),
    steps: [
      { waitFor: /Geographic area: *$/m, label: { state: 'blocked', kind: 'question', msg: 'Geographic area:', note: 'readline: the areas listed, a line read' }, send: '12\r' },
      { waitFor: /^\[More\] *$/m, label: { state: 'blocked', kind: 'question', msg: '[More]', note: 'readline: the zone list paged, Enter for the rest' }, send: '\r' },
      { waitFor: /Time zone: *$/m, label: { state: 'blocked', kind: 'question', msg: 'Time zone:', note: 'readline: the rest of the zones, a line read' }, send: 'UTC\r' },
      { exit: true, label: { state: 'exit', note: 'Current default time zone: Etc/UTC' } },
    ],
  },
  // ---------------------------------------------------------------------------------------- end node prompts
  // ---------------------------------------------------------------------------------------- logins
  'gh-auth-login': {
    app: 'gh', version: GH_VERSION, sizes: '80x24,120x32,60x15',
    setup: ghLogin,
    steps: [
      { waitFor: surveySelect('What account do you want to log into?', 'GitHub\\.com'), label: { state: 'blocked', kind: 'question', msg: 'What account do you want to log into?', note: 'survey select, its hint after the question' }, send: '\x1b[B' },
      { waitFor: surveySelect('What account do you want to log into?', 'GitHub Enterprise Server'), label: { state: 'blocked', kind: 'question', msg: 'What account do you want to log into?', note: 'the selection moved' }, hold: 800, send: '\x1b[A' },
      { waitFor: surveySelect('What account do you want to log into?', 'GitHub\\.com'), label: { state: 'blocked', kind: 'question', msg: 'What account do you want to log into?', note: 'moved back' }, hold: 800, send: '\r' },
      { waitFor: surveySelect('What is your preferred protocol for Git operations?', 'HTTPS'), label: { state: 'blocked', kind: 'question', msg: 'What is your preferred protocol for Git operations?', note: 'survey select, the hint wraps at 80' }, send: '\r' },
      { waitFor: wrapped('? Authenticate Git with your GitHub credentials? (Y/n)', '\\s*$'), label: { state: 'blocked', kind: 'question', msg: 'Authenticate Git with your GitHub credentials? (Y/n)', note: 'survey confirm' }, send: '\r' },
      { waitFor: surveySelect('How would you like to authenticate GitHub CLI?', 'Login with a web browser'), label: { state: 'blocked', kind: 'question', msg: 'How would you like to authenticate GitHub CLI?', note: 'survey select, its hint cut inside a word at 80' }, send: '\x1b[B' },
      { waitFor: surveySelect('How would you like to authenticate GitHub CLI?', 'Paste an authentication token'), label: { state: 'blocked', kind: 'question', msg: 'How would you like to authenticate GitHub CLI?', note: 'token selected' }, hold: 800, send: '\r' },
      { waitFor: wrapped('? Paste your authentication token:', '\\s*$'), label: { state: 'blocked', kind: 'auth', msg: 'Paste your authentication token:', note: 'survey password input (raw mode: gh draws `*` per key)' }, send: GH_TOKEN },
      { waitFor: wrapped(`? Paste your authentication token: ${'*'.repeat(GH_TOKEN.length)}`, '\\s*$'), label: { state: 'blocked', kind: 'auth', msg: 'Paste your authentication token:', note: 'the token typed, masked, not yet submitted' }, hold: 800, send: '\r' },
      { exit: true, label: { state: 'exit', note: 'error connecting to api.github.com (no network): status 1' } },
    ],
  },
  'docker-login': {
    app: 'docker', version: DOCKER_VERSION, sizes: '80x24,120x32,60x15',
    setup: dockerLogin,
    steps: [
      { waitFor: /^Username:\s*$/m, label: { state: 'blocked', kind: 'question', msg: 'Username:', note: 'read as a line, echo on' }, send: 'alice' },
      { waitFor: /^Username: alice\s*$/m, label: { state: 'blocked', kind: 'question', msg: 'Username:', note: 'typed, not yet submitted' }, hold: 800, send: '\r' },
      { waitFor: /^Password:\s*$/m, label: { state: 'blocked', kind: 'auth', msg: 'Password:', note: 'echo off' }, send: 's3cret' },
      { after: 600, label: { state: 'blocked', kind: 'auth', msg: 'Password:', note: 'typed (not shown), not yet submitted' }, hold: 600, send: '\r' },
      { exit: true, label: { state: 'exit', note: 'the registry answers 401: `login attempt to http://127.0.0.1:PORT/v2/ failed with status: 401 Unauthorized`, status 1' } },
    ],
  },
};
