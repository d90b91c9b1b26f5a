import type { TaskInfo } from '@talkbase/domain/contracts/tasks';
import { timerSeconds } from '@talkbase/domain/tasks/task-timer';
import { useEffect, useState } from 'react';

/** The timer's tick (002 §9: 1 s). */
export const TIMER_TICK_MS = 1000;

/**
 * Seconds worked on a task, re-read from the clock every second while it runs. The count is
 * computed from the server's start instant and the time already worked, never accumulated by
 * ticks: a reload, a second tab or a laptop waking from sleep shows the right time at once.
 * `receivedAt` is when the browser got `task` (its clock); the server's `serverTime` corrects it.
 */
export function useTaskTimer(task: TaskInfo | null | undefined, receivedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  const runningSince = task?.runningSince ?? null;
  useEffect(() => {
    if (!runningSince) return undefined;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, TIMER_TICK_MS);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [runningSince, receivedAt]);
  if (!task) return 0;
  const offset = Date.parse(task.serverTime) - receivedAt;
  // Never before the answer arrived: a stale `now` would show less than the server counted.
  return timerSeconds(task, Math.max(now, receivedAt), Number.isFinite(offset) ? offset : 0);
}
