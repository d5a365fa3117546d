// Test harness: a throwaway OpenSSH server on 127.0.0.1 for the tests that go through ssh (git clone ssh://, the
// fleet over ssh). Its own config, host key, client key and port, never /etc/ssh; the user who runs the tests logs in
// as itself with the client key. `sshConfig` is a client config naming the server as `Host <alias>` (port, key,
// known_hosts, no agent), for `ssh -F`. `skipReason()` says why no server can run here (no sshd, not started).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { sleep } from './wait-until.js';

export const SSHD = '/usr/sbin/sshd';

/** A free TCP port on 127.0.0.1 (closed again: a port nothing listens on, or one for the server). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
  });
}

/** Why no sshd can be started here, or undefined. */
export function sshdSkipReason(): string | undefined {
  if (process.platform !== 'linux') return 'Linux only';
  if (!existsSync(SSHD)) return `${SSHD} is missing (Debian's openssh-server: .ci/run installs it)`;
  try {
    execFileSync('sh', ['-c', 'command -v ssh && command -v ssh-keygen'], { stdio: 'ignore' });
  } catch {
    return 'ssh or ssh-keygen is not on PATH (openssh-client)';
  }
  return undefined;
}

export interface SshdOptions {
  /** The client key's passphrase ('' for none). */
  passphrase?: string;
  /** Lines added to sshd_config (`SetEnv …`). */
  extra?: string[];
}

/** A running throwaway sshd; `stop()` is idempotent. */
export class TestSshd {
  readonly user = userInfo().username;
  private daemon: ChildProcess | undefined;

  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  /** Starts one; rejects with the reason when it does not listen within the wait. */
  static async start(options: SshdOptions = {}): Promise<TestSshd> {
    const dir = mkdtempSync(join(tmpdir(), 'osf-sshd-'));
    chmodSync(dir, 0o755);
    const sshd = new TestSshd(dir, await freePort());
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'host_ed25519')]);
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', options.passphrase ?? '', '-C', 'osf7501-test', '-f', sshd.key]);
    copyFileSync(`${sshd.key}.pub`, join(dir, 'authorized_keys'));
    chmodSync(join(dir, 'authorized_keys'), 0o644);
    mkdirSync('/run/sshd', { recursive: true });
    const config = [
      `Port ${sshd.port}`, 'ListenAddress 127.0.0.1', `HostKey ${join(dir, 'host_ed25519')}`, `PidFile ${join(dir, 'sshd.pid')}`,
      'PasswordAuthentication no', 'KbdInteractiveAuthentication no', 'UsePAM no', 'PubkeyAuthentication yes', 'PermitRootLogin prohibit-password',
      `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`, 'StrictModes no', `AllowUsers ${sshd.user}`, ...(options.extra ?? []), '',
    ];
    writeFileSync(join(dir, 'sshd_config'), config.join('\n'));
    sshd.daemon = spawn(SSHD, ['-D', '-e', '-f', join(dir, 'sshd_config')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    sshd.daemon.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    let up = false;
    for (let i = 0; i < 300 && !up && sshd.daemon.exitCode === null; i += 1) {
      up = await listening(sshd.port);
      if (!up) await sleep(50);
    }
    if (!up) {
      sshd.stop();
      throw new Error(`sshd did not start: ${log.trim().split('\n').slice(-2).join(' / ')}`);
    }
    return sshd;
  }

  /** The client key (its passphrase as given to start). */
  get key(): string {
    return join(this.dir, 'id_ed25519');
  }

  /** A client config for `ssh -F`: `Host alias` reaches this server with the key and a known_hosts of its own. */
  sshConfig(alias: string, { knownHost = true } = {}): string {
    const known = join(this.dir, 'known_hosts');
    if (knownHost) writeFileSync(known, execFileSync('ssh-keyscan', ['-p', String(this.port), '-t', 'ed25519', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'ignore'] }));
    const path = join(this.dir, `ssh_config_${alias}`);
    writeFileSync(
      path,
      [
        `Host ${alias}`, '  HostName 127.0.0.1', `  Port ${this.port}`, `  User ${this.user}`, `  IdentityFile ${this.key}`, '  IdentitiesOnly yes',
        '  IdentityAgent none', `  UserKnownHostsFile ${known}`, '  GlobalKnownHostsFile /dev/null', `  StrictHostKeyChecking ${knownHost ? 'yes' : 'ask'}`, '',
      ].join('\n'),
    );
    return path;
  }

  stop(): void {
    if (this.daemon !== undefined && this.daemon.exitCode === null) this.daemon.kill();
    this.daemon = undefined;
    rmSync(this.dir, { recursive: true, force: true });
  }
}
