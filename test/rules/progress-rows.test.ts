// Progress rows drawn on screen, read by rules (rules/generic.toml's bar and docker layers; rsync, wget, curl, pip,
// cargo, apt): the shapes the recordings do not cover (tqdm, docker's bar wider than 110 columns, a size in two units),
// and percentages in ordinary output that are no progress row and must not read as working with progress.
import { describe, expect, test } from 'vitest';
import { bundledRules, renderBytes } from './helpers/screens.js';

const size = { cols: 120, rows: 24 };
const sets = Object.fromEntries(['generic', 'rsync', 'wget', 'curl', 'pip', 'cargo', 'apt'].map((name) => [name, bundledRules(`${name}.toml`)]));

/** What `rules` reads on the screen these bytes draw (the cursor where they leave it): its state and progress. */
async function read(rules: string, bytes: string): Promise<{ state: string; progress?: number }> {
  const result = sets[rules]?.classify(await renderBytes(bytes, size));
  if (result === undefined) throw new Error(`no rules ${rules}`);
  return { state: result.state, ...(result.progress === undefined ? {} : { progress: result.progress }) };
}

describe('a progress row as the last row reads working with its progress', () => {
  test.each<[string, string, string, number | undefined]>([
    ['pv', 'generic', '7.28MiB 0:00:02 [3.35MiB/s] [====>         ] 38% ETA 0:00:03', 38],
    ['tqdm', 'generic', 'train:  45%|████▌     | 45/100 [00:01<00:02, 30.00it/s]', 45],
    ['a bar of # with its percentage after it', 'generic', 'Uploading [##########..........] 50.5%', 50],
    [
      "docker pull wider than 110 columns: the bar, the first layer in progress",
      'generic',
      'latest: Pulling from library/demo\r\n2d429b9e73a6: Already exists\r\n9c70a1b5e34f: Downloading [=====>                                             ]  3.25MB/30MB\r\n1a2b3c4d5e6f: Downloading [=>                                                 ]  1.1MB/41MB',
      10,
    ],
    ['docker pull, its sizes in two units: working, no progress', 'generic', '9c70a1b5e34f: Downloading  512kB/30MB\r\n1a2b3c4d5e6f: Waiting', undefined],
    ['docker pull extracting', 'generic', '9c70a1b5e34f: Extracting  24MB/30MB', 80],
    ['rsync -h', 'rsync', '        123.45M  45%   12.30MB/s    0:00:05 (xfr#3, ir-chk=1020/1300)', 45],
    ['wget of a file of unknown size: working, no progress', 'wget', 'index.html              [  <=>               ]  12.30K  --.-KB/s', undefined],
    ['curl -# at its start', 'curl', '                                                                              0.0%', 0],
    ['pip in kB', 'pip', '     ━━━━━━━━━━━━━━━━━━━━╸━━━━━━━━━━━━━━━━━━━ 512.0/1024.0 kB 3.1 MB/s eta 0:00:01', 50],
    ['cargo at 60 columns', 'cargo', '    Building [=====>      ] 45/120: serde, syn', 37],
    ['apt download', 'apt', 'Get:3 http://deb.debian.org/debian bookworm/main amd64 rake all 13.0.6-3 [83.9 kB]\r\n34% [3 ruby-rubygems 48.0 kB/293 kB 16%]', 34],
    ['dpkg', 'apt', 'Setting up rake (13.0.6-3) ...\r\n\r\nProgress: [ 73%] [##########################################................]', 73],
  ])('%s', async (_name, rules, bytes, progress) => {
    expect(await read(rules, bytes)).toEqual({ state: 'working', ...(progress === undefined ? {} : { progress }) });
  });
});

describe('a percentage that is no progress row does not read working with progress', () => {
  test.each<[string, string, string]>([
    ['a test summary', 'generic', 'Tests: 17 passed, 17 total\r\ncoverage 85%'],
    ['a coverage table', 'generic', 'File      | % Stmts | % Branch |\r\nAll files |   85.3 |    70.1 |\r\nTotal coverage: 85.30%'],
    ["pytest's row percentage (no bar)", 'generic', 'tests/test_api.py ........                                          [ 45%]'],
    ['a log line', 'generic', '2026-12-06T22:31:02Z INFO upload 45% done (3 of 7 parts)'],
    ['a disk usage row', 'generic', '/dev/vda        252G   28G   75G  27% /'],
    ['a finished bar with the shell prompt under it', 'generic', '[====================] 100%\r\ndev@box:~$ '],
    ['a bar above other output', 'generic', '7.28MiB 0:00:02 [3.35MiB/s] [====>         ] 38% ETA 0:00:03\r\nwritten 7.28MiB'],
    ['docker pull done', 'generic', '9c70a1b5e34f: Pull complete\r\nDigest: sha256:3f3f\r\nStatus: Downloaded newer image for demo:latest'],
    ['rsync finished, its summary after the row', 'rsync', '     18,000,000 100%    2.95MB/s    0:00:05 (xfr#3, to-chk=0/4)\r\n\r\nsent 18,004,712 bytes  received 73 bytes  3,273,597.27 bytes/sec'],
    ['rsync --stats percentages', 'rsync', 'Literal data: 18,000,000 bytes\r\nMatched data: 0 bytes\r\nspeedup is 1.00 (45% of files)'],
    ['a percentage in curl\'s output', 'curl', '{"cpu": "85%", "mem": "45%"}'],
    ['cargo test summary', 'cargo', 'test result: ok. 45 passed; 0 failed; 0 ignored; finished in 0.85s\r\ncoverage: 85.00%'],
    ["apt's sources summary", 'apt', 'Fetched 6570 kB in 0s (28.7 MB/s)\r\nReading package lists... 45%'],
  ])('%s', async (_name, rules, bytes) => {
    const got = await read(rules, bytes);
    expect(got.progress, JSON.stringify(got)).toBeUndefined();
    expect(got.state).not.toBe('working');
  });
});
