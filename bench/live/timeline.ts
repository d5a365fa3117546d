// Step functions of time: what a detector says from each instant on.

/** From `t` (system monotonic ms) on, the detector says `state` (until the next step). */
export interface StepPoint {
  t: number;
  state: string;
}

/** Appends a step unless the state is unchanged. */
export function pushStep(steps: StepPoint[], t: number, state: string): void {
  if (steps.at(-1)?.state !== state) steps.push({ t, state });
}

/** Index of the step in force at `t` (-1 before the first). Binary search: steps are sorted by time. */
export function stepIndexAt(steps: readonly StepPoint[], t: number): number {
  let lo = 0;
  let hi = steps.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((steps[mid]?.t ?? Infinity) <= t) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The state at `t`, or `fallback` before the first step. */
export function stateAt(steps: readonly StepPoint[], t: number, fallback = 'none'): string {
  const i = stepIndexAt(steps, t);
  return i < 0 ? fallback : (steps[i]?.state ?? fallback);
}

/** When the state in force at `t` began (consecutive steps always differ, so that is its step's time). */
export function runStart(steps: readonly StepPoint[], t: number): number {
  const i = stepIndexAt(steps, t);
  return i < 0 ? -Infinity : (steps[i]?.t ?? -Infinity);
}

/** When the detector switches to `state` within [from, to), or undefined. Consecutive steps always
 * differ, so a step to `state` is a switch; already being in it at `from` (carried over) does not count. */
export function switchesTo(steps: readonly StepPoint[], from: number, to: number, state: string): number | undefined {
  for (let i = Math.max(0, stepIndexAt(steps, from)); i < steps.length; i++) {
    const step = steps[i];
    if (step === undefined || step.t >= to) break;
    if (step.t >= from && step.state === state) return step.t;
  }
  return undefined;
}

/** The first time at or after `from` at which the detector says anything but `state`, or undefined. */
export function leaves(steps: readonly StepPoint[], from: number, state: string): number | undefined {
  if (stateAt(steps, from) !== state) return from;
  for (const step of steps) if (step.t > from && step.state !== state) return step.t;
  return undefined;
}

/** "blocked" after `seconds` of silence: one step function from the times output arrived. */
export function silenceSteps(outputTimes: readonly number[], seconds: number, end: number): StepPoint[] {
  const steps: StepPoint[] = [];
  const ms = seconds * 1000;
  outputTimes.forEach((t, i) => {
    pushStep(steps, t, 'quiet');
    const next = outputTimes[i + 1] ?? end;
    if (next - t >= ms) pushStep(steps, t + ms, 'blocked');
  });
  return steps;
}
