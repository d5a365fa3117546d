// For a wrapped shell: which rule set the foreground program calls for, and whether the shell has it.
import type { ForegroundSource } from '../pty/foreground.js';
import type { RuleEntry } from '../rule-files/load.js';
import { programNames } from '../rules/program-names.js';
import type { ForegroundView, RuleChoice } from '../signals/types.js';
export type { ForegroundView, RuleChoice } from '../signals/types.js';

/** Reads the foreground and picks rules; only used when the wrapped program has no rule set of its own. */
export class ForegroundRules {
  constructor(
    private readonly foreground: ForegroundSource,
    private readonly base: RuleChoice,
    /** The catalog's agents (a bundled file's rules compiled once, when first asked for). */
    private readonly agents: readonly RuleEntry[],
  ) {}

  /** The current view, or undefined when the foreground cannot be read. */
  poll(): ForegroundView | undefined {
    const fg = this.foreground();
    if (fg === undefined) return undefined;
    const away = fg.away;
    if (!away) return { away, rules: this.base };
    // With a name only (macOS), an agent run by an interpreter reads as `node`: no rule set names it,
    // so the session keeps its own rules and counts as working while the screen shows no dialog.
    const names = programNames(fg.argv);
    const entry = this.agents.find((e) => names.some((n) => e.commands.includes(n) || e.app === n));
    if (entry === undefined) return { away, rules: this.base };
    let rules: RuleEntry['rules'];
    try {
      rules = entry.rules; // a bundled file's rules are compiled when the foreground first asks for them
    } catch {
      return { away, rules: this.base }; // one rule set fewer: the session keeps its own
    }
    return { away, rules: { app: entry.app, rules } };
  }
}

/** How often the foreground program is checked (a command can start and end without output). */
const FOREGROUND_POLL_MS = 500;

/** Reads the foreground every FOREGROUND_POLL_MS, and on demand (before a sweep's result counts). */
export class ForegroundWatch {
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly rules: ForegroundRules,
    private readonly onView: (view: ForegroundView) => void,
  ) {
    this.timer = setInterval(() => this.poll(), FOREGROUND_POLL_MS);
    this.timer.unref();
  }

  /** Reads the foreground now; a view that can be read goes to `onView`. */
  poll(): void {
    const view = this.rules.poll();
    if (view !== undefined) this.onView(view);
  }

  dispose(): void {
    clearInterval(this.timer);
  }
}
