// Which hosts `ls`, `watch`, `status` and `jump` ask: --host, else OSF7501_HOSTS (even empty), else config.toml's
// `hosts`; a bad host is one line and status 2, before any ssh runs.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { chosenHosts } from '../../src/cli/fleet-hosts.js';
import { EXIT } from '../../src/exit/codes.js';
import { recordingIo } from '../inbox/support.js';

const config = mkdtempSync(join(tmpdir(), 'osf-hosts-'));
mkdirSync(join(config, 'osf7501'));
writeFileSync(join(config, 'osf7501', 'config.toml'), 'hosts = ["devbox", "gpu-box"]\n');
afterAll(() => rmSync(config, { recursive: true, force: true }));

describe('the hosts asked', () => {
  test('--host wins (each once), then OSF7501_HOSTS, then config.toml', () => {
    expect(chosenHosts('osf7501 ls', recordingIo({ XDG_CONFIG_HOME: config }), ['a', 'b', 'a'])).toEqual(['a', 'b']);
    expect(chosenHosts('osf7501 ls', recordingIo({ XDG_CONFIG_HOME: config, OSF7501_HOSTS: 'x, y z' }), [])).toEqual(['x', 'y', 'z']);
    expect(chosenHosts('osf7501 ls', recordingIo({ XDG_CONFIG_HOME: config, OSF7501_HOSTS: '' }), [])).toEqual([]);
    expect(chosenHosts('osf7501 ls', recordingIo({ XDG_CONFIG_HOME: config }), [])).toEqual(['devbox', 'gpu-box']);
    expect(chosenHosts('osf7501 ls', recordingIo({ XDG_CONFIG_HOME: join(config, 'none') }), [])).toEqual([]);
  });

  test('a host ssh would read as an option is refused with one line and status 2', () => {
    const io = recordingIo({ XDG_CONFIG_HOME: config });
    expect(chosenHosts('osf7501 ls', io, ['-oProxyCommand=touch /tmp/x'])).toBe(EXIT.usage);
    expect(io.err()).toBe(`osf7501 ls: --host: host "-oProxyCommand=touch /tmp/x" starts with '-' (ssh would read an option)\n`);
    const envIo = recordingIo({ OSF7501_HOSTS: 'ok -bad' });
    expect(chosenHosts('osf7501 status', envIo, [])).toBe(EXIT.usage);
    expect(envIo.err()).toBe(`osf7501 status: OSF7501_HOSTS: host "-bad" starts with '-' (ssh would read an option)\n`);
  });
});
