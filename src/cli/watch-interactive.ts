// `osf7501 watch` at a terminal: the inbox you act from — select, jump (Enter), answer (a), quit (q).
import { EXIT } from '../exit/codes.js';
import type { SessionEntry } from '../inbox/entry.js';
import { requestInput } from '../inbox/input-client.js';
import { RegistryWatch } from '../inbox/registry-watch.js';
import { runtimeDirPath, socketPath } from '../inbox/runtime-dir.js';
import { switchToPane } from '../inbox/tmux-switch.js';
import { decodeKeys, INITIAL_WATCH, watchFrame, watchKey, type WatchAction, type WatchModel } from '../inbox/watch-model.js';
import { jumpPlan } from '../inbox/where.js';
import { CSI_TEXT } from '../protocol/c0.js';
import type { CliIo } from './io.js';
import { callerTmuxSocket } from './jump-command.js';
import { listSessions } from './session-lookup.js';
import { mergeFleet, type HostResult } from '../inbox/fleet.js';
import { HostFollower } from '../inbox/ssh-fleet.js';

/** The alternate screen and a hidden cursor while the inbox runs; both undone at the end. */
const ENTER_SCREEN = `${CSI_TEXT}?1049h${CSI_TEXT}?25l`;
const LEAVE_SCREEN = `${CSI_TEXT}?25h${CSI_TEXT}?1049l`;
const HOME = `${CSI_TEXT}H`;
const CLEAR_LINE_END = `${CSI_TEXT}K`;
const CLEAR_BELOW = `${CSI_TEXT}J`;

/**
 * Runs the interactive inbox in `dir` (and `hosts`' sessions, each over one ssh connection: a host's problem is the
 * note, once) until q, Ctrl-C, SIGINT/SIGTERM/SIGHUP or `stop`; resolves to 0.
 */
export function interactiveWatch(dir: string, io: CliIo, redrawMs: number, stop?: AbortSignal, hosts: readonly string[] = []): Promise<number> {
  let model: WatchModel = INITIAL_WATCH;
  let entries: SessionEntry[] = [];
  let last = '';
  const stdin = io.stdin;
  const remote = new Map<string, HostResult>();
  const named = new Map<string, string>();
  const refresh = (): void => {
    const read = listSessions('osf7501 watch', io, true);
    if (typeof read !== 'number') entries = mergeFleet(read, [...remote.values()]).sessions;
    if (model.selected === undefined || !entries.some((e) => e.id === model.selected)) model = { ...model, selected: entries[0]?.id };
    draw();
  };
  const draw = (): void => {
    const lines = watchFrame(model, entries, Date.now(), io.env['HOME'], io.stdout.columns || 80, io.stdout.rows || 24);
    const frame = `${HOME}${lines.map((l) => `${l}${CLEAR_LINE_END}`).join('\r\n')}${CLEAR_BELOW}`;
    if (frame === last) return;
    last = frame;
    io.stdout.write(frame);
  };
  const act = async (action: WatchAction): Promise<void> => {
    if (action.type === 'jump') {
      const entry = entries.find((e) => e.id === action.id);
      if (entry === undefined) return;
      const plan = jumpPlan(entry, callerTmuxSocket(io.env));
      const problem = plan.kind === 'tmux' ? switchToPane(plan.socket, plan.pane, io.env) : undefined;
      model = { ...model, note: plan.kind === 'say' ? plan.text : problem === undefined ? `switched to ${entry.id} (tmux pane ${plan.pane})` : problem };
    } else if (action.type === 'answer') {
      const result = await requestInput(socketPath(runtimeDirPath(io.env), action.id), { op: 'answer', text: action.text, enter: true });
      const note = result.ok
        ? `answered ${action.id}`
        : 'refusal' in result
          ? `refused: ${action.id} is ${result.state}${result.refusal === 'already-answered' ? ', already answered' : ', not blocked'}`
          : `${action.id} does not accept input (${'code' in result ? result.code : 'malformed'})`;
      model = { ...model, note };
    }
    draw();
  };
  return new Promise<number>((resolve) => {
    let ended = false;
    const onData = (chunk: Buffer): void => {
      for (const key of decodeKeys(chunk.toString('utf8'))) {
        const step = watchKey(model, key, entries);
        model = step.model;
        if (step.action.type === 'quit') return end();
        void act(step.action);
      }
      draw();
    };
    const onResize = (): void => {
      last = '';
      draw();
    };
    const watcher = new RegistryWatch(dir, refresh, redrawMs);
    const follower = new HostFollower(hosts, io.env, (result) => {
      remote.set(result.host, result);
      if ('problem' in result) {
        if (named.get(result.host) !== result.problem) model = { ...model, note: result.problem };
        named.set(result.host, result.problem);
      } else named.delete(result.host);
      refresh();
    });
    const end = (): void => {
      if (ended) return;
      ended = true;
      follower.dispose();
      watcher.dispose();
      stdin.off('data', onData);
      io.stdout.off('resize', onResize);
      for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.off(signal, end);
      stop?.removeEventListener('abort', end);
      if (stdin.isTTY) stdin.setRawMode(false);
      stdin.pause();
      io.stdout.write(LEAVE_SCREEN);
      resolve(EXIT.ok);
    };
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, end);
    stop?.addEventListener('abort', end);
    io.stdout.write(ENTER_SCREEN);
    if (stdin.isTTY) stdin.setRawMode(true);
    stdin.on('data', onData);
    stdin.resume();
    io.stdout.on('resize', onResize);
    refresh();
  });
}
