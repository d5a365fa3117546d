// The screen model as the live driver sees it: the live screen (ScreenClient), or a screen that never changes.
import type { RuleSet } from '../rules/rule-set.js';
import type { SweepResult } from '../screen/screen-classifier.js';

/** What the driver asks of the screen. */
export interface ScreenModel {
  /** Child output that arrived at `now` (performance.now()). */
  feed(chunk: Uint8Array, now: number): void;
  resize(cols: number, rows: number): void;
  /** Classifies with these (compiled) rules from the next sweep on. */
  setRules(rules: RuleSet): void;
  sweep(): Promise<SweepResult>;
  dispose(): void;
}

/** The screen when no rule file applies: never changes, never classifies. */
export const NULL_SCREEN: ScreenModel = {
  setRules: () => {},
  feed: () => {},
  resize: () => {},
  sweep: () => Promise.resolve({ changed: false }),
  dispose: () => {},
};
