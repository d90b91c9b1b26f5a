import type { TaskAction } from './task-state.ts';

/** One start, pause or finish of a task, at an instant in epoch milliseconds. */
export interface TaskEvent {
  readonly action: TaskAction;
  readonly at: number;
}

/**
 * Milliseconds worked on a task: the sum of every interval from a start to the next pause or
 * finish, plus, while it runs, the time since the last start. Events are taken in time order;
 * a repeated start or a stop without a start adds nothing, and time never runs backwards.
 */
export function workedMs(events: readonly TaskEvent[], now: number): number {
  const sorted = [...events].sort((a, b) => a.at - b.at);
  let total = 0;
  let since: number | undefined;
  for (const e of sorted) {
    if (e.action === 'start') since ??= e.at;
    else if (since !== undefined) {
      total += Math.max(0, e.at - since);
      since = undefined;
    }
  }
  if (since !== undefined) total += Math.max(0, now - since);
  return total;
}

/**
 * Seconds a running timer shows at `now`: what was worked before the current run plus the run so
 * far. Computed from instants, never counted by ticks, so a reload, a second tab or a laptop that
 * slept shows the right time at once. `clockOffsetMs` is the server's clock minus the browser's.
 */
export function timerSeconds(
  timer: { accumulatedMs: number; runningSince: string | null },
  now: number,
  clockOffsetMs = 0,
): number {
  const since = timer.runningSince ? Date.parse(timer.runningSince) : NaN;
  const run = Number.isFinite(since) ? Math.max(0, now + clockOffsetMs - since) : 0;
  return Math.floor(Math.max(0, timer.accumulatedMs + run) / 1000);
}
