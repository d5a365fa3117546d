// The simulated agent: draws like Claude Code, runs seeded turns, and logs its true state.
import type { RenderStyle } from './ansi.js';
import { monotonicMs } from './clock.js';
import type { Key } from './keys.js';
import { planTurn, type Step, type TurnPlan } from './plan.js';
import { Renderer } from './renderer.js';
import { Spinner } from './spinner.js';
import {
  INTERRUPTED,
  PROMPT_ROWS_FROM_BOTTOM,
  permissionDialog,
  promptBox,
  SPINNER_ROWS_FROM_BOTTOM,
  spinnerRow,
  toolRows,
  workingRegion,
} from './rows.js';
import type { DemoScript } from './script.js';
import type { TruthEntry, TruthLog } from './truth-log.js';

/** How often the scripted prompt's countdown row is redrawn. */
const COUNTDOWN_TICK_MS = 1000;

/** How the agent runs. */
interface AgentOptions {
  seed: number;
  /** Multiplies every duration of a turn (thinking, tool calls); 0.3 runs a turn about 3× faster. */
  timeScale: number;
  cols: number;
  write: (bytes: string) => void;
  truth?: TruthLog;
  /** The demo's scripted session instead of waiting for typed tasks. */
  script?: DemoScript;
  /** Scripted mode: ms after which an open prompt approves itself; null = wait for the user. */
  autoAnswerMs?: number | null;
  /** Called once when the agent is done; the caller exits the process with the status. */
  onExit: (status: number) => void;
}

type Mode = 'idle' | 'done' | 'working' | 'blocked' | 'gone';
type Answer = 'approve' | 'deny';

/** One fake agent session; `key()` feeds it keystrokes, `run()` drives it until it exits. */
export class FakeAgent {
  private readonly renderer: Renderer;
  private mode: Mode = 'idle';
  private style: RenderStyle = 'cursor';
  private typed = '';
  private tasks = 0;
  private prompts = 0;
  private spinner: Spinner | undefined;
  private onLine: ((line: string) => void) | undefined;
  private onAnswer: ((answer: Answer) => void) | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: AgentOptions) {
    this.renderer = new Renderer(options.write, () => this.options.cols);
  }

  /** Follows a terminal resize (new rows use the new width). */
  resize(cols: number): void {
    this.options.cols = cols;
  }

  /** Starts at the idle prompt box; then runs typed tasks (or the script) until `/exit`. */
  async run(): Promise<void> {
    this.truth({ event: 'start', pid: process.pid, ppid: process.ppid });
    const script = this.options.script;
    const banner = script?.banner ?? [` ✻ fake-agent: a simulated coding agent (seed ${this.options.seed})`, '   type a task, or /exit', ''];
    this.show('idle', () => this.renderer.render(banner, this.idleRegion(), this.style));
    if (script !== undefined) return this.runScript(script);
    for (;;) {
      const line = await new Promise<string>((resolve) => (this.onLine = resolve));
      if (line.trim() === '/exit') return this.quit(0);
      this.tasks += 1;
      await this.turn(line, planTurn(this.options.seed, this.tasks));
      if (this.mode === 'gone') return;
    }
  }

  /** One keystroke from the terminal. */
  key(key: Key): void {
    if (key.type === 'interrupt') return this.quit(130);
    if (this.mode === 'blocked') {
      if (key.type === 'enter' || (key.type === 'char' && key.char === '1')) this.onAnswer?.('approve');
      else if (key.type === 'escape' || (key.type === 'char' && key.char === '2')) this.onAnswer?.('deny');
      return;
    }
    if (this.onLine === undefined) return; // working, or scripted: typing is ignored
    if (key.type === 'char' && this.typed === '') this.truth({ event: 'typing', task: this.tasks });
    if (key.type === 'char') this.retype(this.typed + key.char);
    else if (key.type === 'backspace') this.retype([...this.typed].slice(0, -1).join(''));
    else if (key.type === 'enter' && this.typed.trim() !== '') {
      const line = this.typed;
      const resolve = this.onLine;
      this.onLine = undefined;
      resolve(line);
    }
  }

  /** Stops every timer, leaves the cursor below the screen, logs the exit and reports the status. */
  quit(status: number): void {
    if (this.mode === 'gone') return;
    this.mode = 'gone';
    this.stopSpinner();
    for (const timer of this.timers) clearTimeout(timer);
    this.renderer.leave();
    this.truth({ state: 'exit' });
    this.options.onExit(status);
  }

  private async runScript(script: DemoScript): Promise<void> {
    await this.sleep(script.idleMs);
    for (const char of script.task) {
      this.retype(this.typed + char);
      await this.sleep(script.typingMs);
    }
    this.tasks += 1;
    await this.turn(script.task, script.plan);
    await this.sleep(script.lingerMs);
    this.quit(0);
  }

  /** Runs one turn; ends in `done`, or `idle` when a prompt was denied. */
  private async turn(task: string, plan: TurnPlan): Promise<void> {
    this.style = plan.style;
    this.typed = '';
    this.startSpinner();
    this.show('working', () => this.renderer.render([`❯ ${task}`, ''], this.workingRegion(), this.style));
    for (const step of plan.steps) {
      if (this.mode === 'gone') return;
      if (!(await this.step(step))) return;
    }
  }

  /** One step; false when the turn is over early (a denied prompt). */
  private async step(step: Step): Promise<boolean> {
    switch (step.type) {
      case 'think':
        if (this.spinner !== undefined) {
          this.spinner.verb = step.verb;
          this.spinner.live = true;
        }
        await this.scaledSleep(step.ms);
        return true;
      case 'say':
        this.renderer.render([`● ${step.text}`, ''], this.workingRegion(), this.style);
        return true;
      case 'tool':
        return this.tool(step);
      case 'finish':
        this.finish(step);
        return true;
    }
  }

  /** A tool call: asks first when it needs permission, then runs silently (the spinner freezes). */
  private async tool(step: Extract<Step, { type: 'tool' }>): Promise<boolean> {
    if (this.spinner !== undefined) this.spinner.live = false;
    if (step.permission) {
      const answer = await this.ask(step.command, step.description);
      if (this.mode === 'gone') return false;
      if (answer === 'deny') {
        this.stopSpinner();
        const transcript = [toolRows(step.command, '')[0] ?? '', INTERRUPTED, ''];
        this.show('idle', () => this.renderer.render(transcript, this.idleRegion(), this.style, true));
        return false;
      }
      this.show('working', () => this.renderer.render([], this.workingRegion(toolRows(step.command, 'Running…')), this.style, true));
    } else {
      this.renderer.render([], this.workingRegion(toolRows(step.command, 'Running…')), this.style);
    }
    await this.scaledSleep(step.ms);
    if (this.mode === 'gone') return false;
    if (this.spinner !== undefined) this.spinner.live = true;
    this.renderer.render([...toolRows(step.command, step.result), ''], this.workingRegion(), this.style);
    return true;
  }

  /** Shows the permission dialog and waits for 1/Enter (approve) or Esc/2 (deny). */
  private async ask(command: string, description: string): Promise<Answer> {
    this.prompts += 1;
    const prompt = this.prompts;
    const region = [...toolRows(command, 'Waiting…'), '', ...permissionDialog(this.options.cols, command, description)];
    this.show('blocked', () => this.renderer.render([], region, this.style), { kind: 'permission', prompt, command });
    const answer = await new Promise<Answer>((resolve) => {
      this.onAnswer = resolve;
      this.startCountdown(command, region.length - 2, resolve);
    });
    this.onAnswer = undefined;
    this.truth({ event: 'answer', answer, prompt, task: this.tasks });
    return answer;
  }

  /** Scripted mode: a prompt that approves itself, with a countdown above the dialog. */
  private startCountdown(command: string, fromBottom: number, resolve: (answer: Answer) => void): void {
    const total = this.options.autoAnswerMs;
    if (this.options.script === undefined || total === null || total === undefined) return;
    const started = Date.now();
    const tick = (): void => {
      if (this.mode !== 'blocked') return;
      const left = Math.ceil((total - (Date.now() - started)) / 1000);
      if (left <= 0) return resolve('approve');
      this.renderer.updateRow(fromBottom, toolRows(command, `Waiting… (approves itself in ${left}s)`)[1] ?? '', this.style);
      this.later(tick, Math.min(COUNTDOWN_TICK_MS, total - (Date.now() - started)));
    };
    tick();
  }

  /** The end of the turn: the answer (maybe a question), `✻ Baked for Ns`, the idle prompt box. */
  private finish(step: Extract<Step, { type: 'finish' }>): void {
    const seconds = this.spinner?.seconds() ?? 0;
    this.stopSpinner();
    const [first, ...rest] = step.lines;
    const transcript = [`● ${first ?? ''}`, ...rest.map((line) => `  ${line}`), ''];
    if (step.question !== undefined) transcript.push(`  ${step.question}`, '');
    transcript.push(`✻ ${step.verb} for ${seconds}s`, '');
    this.show('done', () => this.renderer.render(transcript, this.idleRegion(), this.style), { question: step.question !== undefined });
  }

  /** Shows `text` in the prompt box, as typed so far. */
  private retype(text: string): void {
    this.typed = text;
    this.renderer.updateRow(PROMPT_ROWS_FROM_BOTTOM, `❯ ${text}`, this.style);
  }

  private idleRegion(): string[] {
    return promptBox(this.options.cols, this.typed, false);
  }

  private workingRegion(above: readonly string[] = []): string[] {
    return workingRegion(this.options.cols, this.spinner?.row() ?? spinnerRow(0, 'Thinking', 0), above);
  }

  private startSpinner(): void {
    this.stopSpinner();
    this.spinner = new Spinner((row) => {
      if (this.mode === 'working') this.renderer.updateRow(SPINNER_ROWS_FROM_BOTTOM, row, this.style);
    });
  }

  private stopSpinner(): void {
    this.spinner?.stop();
    this.spinner = undefined;
  }

  /** Switches mode: draws the screen that shows it, and logs the new true state stamped with the
   * moment before the first byte of that screen was written (its appearance, for latencies). */
  private show(mode: Exclude<Mode, 'gone'>, draw: () => void, extra: Partial<TruthEntry> = {}): void {
    const at = monotonicMs();
    draw();
    this.mode = mode;
    this.truth({ state: mode, task: this.tasks, ...extra }, at);
  }

  private truth(entry: Omit<TruthEntry, 't'>, at?: number): void {
    this.options.truth?.write(entry, at);
  }

  private scaledSleep(ms: number): Promise<void> {
    return this.sleep(ms * this.options.timeScale);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.later(resolve, ms));
  }

  private later(fn: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, Math.max(0, ms));
    this.timers.add(timer);
  }
}
