// An explicit `--id`: checked against the protocol's id grammar.
import { idProblem } from './grammar.js';

/** A bad `--id`: the message names the value and what the protocol allows. */
export class RecordIdError extends Error {
  readonly exitCode = 2;
  constructor(id: string, problem: string) {
    super(`--id "${id}": ${problem} (ids are /-separated segments of [A-Za-z0-9_.+-], 1–32 bytes each, at most 8 levels and 128 bytes)`);
    this.name = 'RecordIdError';
  }
}

/** Validates an explicit `--id`. */
export function checkRecordId(id: string): string {
  const problem = idProblem(id);
  if (problem !== null) throw new RecordIdError(id, problem);
  return id;
}
