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
async function sshd() {
  ensureUser();
  const dir = tmp('sshd');
  const port = await freePort();
  sh(`ssh-keygen -q -t ed25519 -N '' -f ${dir}/host_ed25519`);
  fs.mkdirSync('/run/sshd', { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'sshd_config'),
    [`Port ${port}`, 'ListenAddress 127.0.0.1', `HostKey ${dir}/host_ed25519`, `PidFile ${dir}/sshd.pid`, 'PasswordAuthentication yes',
      'KbdInteractiveAuthentication no', 'UsePAM no', `AllowUsers ${USER}`, ''].join('\n'),
  );
  const daemon = spawn('/usr/sbin/sshd', ['-D', '-e', '-f', path.join(dir, 'sshd_config')], { stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    const up = await new Promise((r) => net.connect(port, '127.0.0.1').on('connect', function () { this.destroy(); r(true); }).on('error', () => r(false)));
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const cmd = ['ssh', '-p', String(port), '-o', `UserKnownHostsFile=${dir}/known_hosts`, '-o', 'GlobalKnownHostsFile=/dev/null', '-o', 'StrictHostKeyChecking=ask',
    '-o', 'PubkeyAuthentication=no', '-o', 'PreferredAuthentications=password', '-F', '/dev/null', `${USER}@127.0.0.1`, 'sleep 3; echo logged in as $(id -un)'];
  return { cmd, cwd: dir, env: {}, port, cleanup: () => { daemon.kill(); rmrf(dir); } };
}

// ------------------------------------------------------------------------------------------ scenarios
export const SCENARIOS = {
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
    app: 'ssh', version: SSH_VERSION,
    setup: sshd,
    steps: [
      { waitFor: /continue connecting \(yes\/no\/\[fingerprint\]\)\? *$/m, label: { state: 'blocked', kind: 'question', msg: (run) => `ssh: unknown host [127.0.0.1]:${run.port} — continue connecting? (yes/no/[fingerprint])`, note: 'unknown host key' }, send: 'yes\r' },
      { waitFor: /password: *$/m, label: { state: 'blocked', kind: 'auth', msg: `${USER}@127.0.0.1's password:`, note: 'password prompt' }, send: `${PASSWORD}\r` },
      { after: 700, label: { state: 'working', note: 'password sent: the remote command sleeps 3 s' }, hold: 1000 },
      { waitFor: /logged in as/, label: { state: 'exit', note: 'remote command ran' }, hold: 200 },
      { exit: true, label: { state: 'exit', note: 'connection closed' } },
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
    app: 'git', version: () => /git version ([\d.]+)/.exec(firstLine('git --version'))[1],
    setup: () => {
      const dir = tmp('git');
      const lines = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`);
      fs.writeFileSync(path.join(dir, 'notes.txt'), `${lines.join('\n')}\n`);
      const env = { GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'rec', GIT_AUTHOR_EMAIL: 'rec@example.com', GIT_COMMITTER_NAME: 'rec', GIT_COMMITTER_EMAIL: 'rec@example.com', GIT_PAGER: 'cat', PAGER: 'cat' };
      const opts = { cwd: dir, env: { ...process.env, ...env } };
      sh('git init -q . && git add notes.txt && git commit -qm init', opts);
      lines[1] = 'line 2, changed';
      lines[27] = 'line 28, changed';
      fs.writeFileSync(path.join(dir, 'notes.txt'), `${lines.join('\n')}\n`);
      return { cmd: ['git', 'add', '-p'], cwd: dir, env, cleanup: () => rmrf(dir) };
    },
    steps: [
      { waitFor: /\(1\/2\) Stage this hunk \[[^\]]*\]\? *$/m, label: { state: 'blocked', kind: 'question', msg: '(1/2) Stage this hunk [y,n,q,a,d,j,J,g,/,e,?]?', note: 'first hunk' }, send: 'y\r' },
      { waitFor: /\(2\/2\) Stage this hunk \[[^\]]*\]\? *$/m, label: { state: 'blocked', kind: 'question', msg: '(2/2) Stage this hunk [y,n,q,a,d,K,g,/,e,?]?', note: 'second hunk' }, send: 'n\r' },
      { exit: true, label: { state: 'exit', note: 'one hunk staged' } },
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
};
