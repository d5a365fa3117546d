// rules/generic.toml: the fallback for shells and unknown programs. Conservative by design.
import { describe, expect, test } from 'vitest';
import { bundledRules, renderBytes } from './helpers/screens.js';

const generic = bundledRules('generic.toml');
const size = { cols: 80, rows: 24 };

// Each screen is the bytes a program prints; the cursor waits at the end.
const cases: [string, string, { state: string; kind?: string; msg?: string }][] = [
  ['sudo', 'dev@box:~$ sudo apt upgrade\r\n[sudo] password for dev: ', { state: 'blocked', kind: 'auth', msg: '[sudo] password for dev:' }],
  ['ssh', "$ ssh box\r\ndev@box's password: ", { state: 'blocked', kind: 'auth', msg: "dev@box's password:" }],
  [
    'an ssh key passphrase',
    "$ git push\r\nEnter passphrase for key '/home/dev/.ssh/id_ed25519': ",
    { state: 'blocked', kind: 'auth', msg: "Enter passphrase for key '/home/dev/.ssh/id_ed25519':" },
  ],
  ['a bare Password:', 'Password:', { state: 'blocked', kind: 'auth', msg: 'Password:' }],
  [
    'a prompt for an API key (Continue CLI on its first run)',
    'To get started, enter your Anthropic API key.\r\nEnter your Anthropic API key: ',
    { state: 'blocked', kind: 'auth', msg: 'Enter your Anthropic API key:' },
  ],
  ['a prompt for an access token', 'Paste your personal access token: ', { state: 'blocked', kind: 'auth', msg: 'Paste your personal access token:' }],
  ['a program printing text that mentions an API key', 'Set ANTHROPIC_API_KEY to use the API key.\r\n$ ', { state: 'idle' }],
  [
    'apt [Y/n]',
    'After this operation, 12 MB will be used.\r\nDo you want to continue? [Y/n] ',
    { state: 'blocked', kind: 'question', msg: 'Do you want to continue? [Y/n]' },
  ],
  ['a (y/n) prompt', 'Overwrite config.json? (y/n) ', { state: 'blocked', kind: 'question', msg: 'Overwrite config.json? (y/n)' }],
  [
    'the ssh host key question',
    'The authenticity of host can\'t be established.\r\nAre you sure you want to continue connecting (yes/no/[fingerprint])? ',
    {
      state: 'blocked',
      kind: 'question',
      msg: 'Are you sure you want to continue connecting (yes/no/[fingerprint])?',
    },
  ],
  ['a shell prompt', 'dev@box:~$ ', { state: 'idle' }],
  ['typing "echo password:" at a shell prompt', 'dev@box:~$ echo password:', { state: 'idle' }],
  ['a [y/N] prompt already answered', 'Continue? [y/N] y\r\nok\r\ndev@box:~$ ', { state: 'idle' }],
  ['a password prompt scrolled above later output', 'Password: \r\nWelcome!\r\n$ ', { state: 'idle' }],
  ['a program printing text that mentions a password', 'Reset your password at https://x.test\r\n$ ', { state: 'idle' }],
  ['a PowerShell prompt', 'PS C:\\> ', { state: 'idle' }],
];

describe('generic rules', () => {
  test.each(cases)('%s', async (_name, bytes, expected) => {
    const result = generic.classify(await renderBytes(bytes, size));
    expect({ state: result.state, kind: result.kind, msg: result.msg }).toEqual({
      kind: undefined,
      msg: undefined,
      ...expected,
    });
  });

  test('has no working rule but a progress row drawn as the last row: a plain screen cannot tell running from waiting', () => {
    expect(generic.rules.filter((r) => r.state === 'working').map((r) => r.name)).toEqual(['docker-layers', 'progress-bar']);
  });
});
