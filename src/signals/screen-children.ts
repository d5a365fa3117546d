// Pure: the subagents the screen's rows show, turned into starts and ends (the rows' set against the last one).
import type { ScreenChild } from '../rules/children.js';
import { screenChildId } from './child-records.js';

/** What a screen changed: the subagents that appeared (id, title) and the ids of those that went. */
export interface ScreenChildChanges {
  started: { id: string; title: string }[];
  ended: string[];
}

/** The subagents the screen last showed running, by their screen id (screenChildId). */
export class ScreenChildren {
  private readonly shown = new Map<string, string>();
  /**
   * Ids an ended row named: never started again (`ended` names a subagent by an id none other has, so its row that
   * shows again in a half-drawn frame is not a new one).
   */
  private readonly finished = new Set<string>();

  /**
   * A screen's reading: the set that runs (absent: its anchor did not show, no absence tells) and the rows that say
   * a subagent ended (they end it, anchor or not). Rows new since the last screen start, the ones gone from it end.
   * Identical rows are one subagent.
   */
  update(rows: readonly ScreenChild[] | undefined, endedRows: readonly ScreenChild[] = []): ScreenChildChanges {
    for (const row of endedRows) this.finished.add(screenChildId(row.type, row.description));
    if (rows === undefined) {
      const ended = [...this.shown.keys()].filter((id) => this.finished.has(id));
      for (const id of ended) this.shown.delete(id);
      return { started: [], ended };
    }
    const now = new Map<string, string>();
    for (const row of rows) {
      const id = screenChildId(row.type, row.description);
      if (!now.has(id) && !this.finished.has(id)) now.set(id, row.description);
    }
    const ended = [...this.shown.keys()].filter((id) => !now.has(id));
    const started = [...now].filter(([id]) => !this.shown.has(id)).map(([id, title]) => ({ id, title }));
    for (const id of ended) this.shown.delete(id);
    for (const { id, title } of started) this.shown.set(id, title);
    return { started, ended };
  }

  /** Someone else speaks for the subagents now (the agent's own reports, its hooks): the screen's are forgotten. */
  forget(): string[] {
    const ids = [...this.shown.keys()];
    this.shown.clear();
    return ids;
  }
}
