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
    private readonly agents: readonly RuleEntry[],
    private readonly readText: (entry: RuleEntry) => string,
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
    const entry = this.agents.find((e) => names.some((n) => e.rules.commands.includes(n) || e.rules.app === n));
    if (entry === undefined) return { away, rules: this.base };
    return { away, rules: { app: entry.rules.app, ruleText: this.readText(entry), ruleFile: entry.rules.file } };
  }
}
