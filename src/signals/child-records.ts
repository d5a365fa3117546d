// Pure: the child records a session owns beside its own (`<session record>/<short id>`): a subagent or background task each.
import type { Report } from '../protocol/types.js';
import { encodeUtf8 } from '../protocol/utf8.js';

/** A record id's segment: the protocol's alphabet, at most 32 bytes. */
const SEGMENT_MAX = 32;
/** A record id: at most 8 segments and 128 bytes. */
const ID_MAX_BYTES = 128;
const ID_MAX_DEPTH = 8;

/** The agent's id for a subagent (any text) as one record id segment: other characters become `-`, cut at 32. */
export function shortId(agentId: string): string | undefined {
  const segment = agentId.replace(/[^A-Za-z0-9_.+-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, SEGMENT_MAX);
  return segment === '' ? undefined : segment;
}

/**
 * A subagent the screen shows (no agent id on screen): a short stable id from its row, the 32-bit FNV-1a of
 * `<type> <description>` (UTF-8; the description alone where the row shows no type) in base 36, at most 7
 * characters of the protocol's alphabet.
 */
export function screenChildId(type: string, description: string): string {
  let hash = 0x811c9dc5;
  for (const byte of encodeUtf8(type === '' ? description : `${type} ${description}`)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The child's record id under `parent` (absent: the root record, whose children are top-level ids), or undefined past the protocol's limits. */
export function childRecordId(parent: string | undefined, agentId: string): string | undefined {
  const segment = shortId(agentId);
  if (segment === undefined) return undefined;
  const id = parent === undefined ? segment : `${parent}/${segment}`;
  return id.length > ID_MAX_BYTES || id.split('/').length > ID_MAX_DEPTH ? undefined : id;
}

/** The live children of one session's record: working while they run, cleared when they end. */
export class ChildRecords {
  /** Record id → its `working` report, in the order they started. */
  private readonly live = new Map<string, Report>();

  constructor(private readonly parent: string | undefined) {}

  /** How many children run. */
  get count(): number {
    return this.live.size;
  }

  /** A child started: its `working` report, or undefined when it already runs (or its id cannot be a record's). */
  start(agentId: string, app: string, title: string | undefined): Report | undefined {
    const id = childRecordId(this.parent, agentId);
    if (id === undefined || this.live.has(id)) return undefined;
    const report: Report = { state: 'working', id, app, ...(title === undefined ? {} : { title }) };
    this.live.set(id, report);
    return report;
  }

  /** A child ended: its `clear`, or undefined when it was not running. */
  stop(agentId: string): Report | undefined {
    const id = childRecordId(this.parent, agentId);
    if (id === undefined || !this.live.delete(id)) return undefined;
    return { state: 'clear', id };
  }

  /** The running children's reports, in the order they started (what a viewer that comes back is shown again). */
  current(): Report[] {
    return [...this.live.values()];
  }

  /** Every child ends at once (the session ends, or someone else speaks for them): their clears. */
  clearAll(): Report[] {
    const clears = [...this.live.keys()].map((id): Report => ({ state: 'clear', id }));
    this.live.clear();
    return clears;
  }

  /** The children are gone without a word (a clear of the session's record removed them). */
  forget(): void {
    this.live.clear();
  }
}
