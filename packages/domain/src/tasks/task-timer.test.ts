import { describe, expect, it } from 'vitest';
import { timerSeconds, workedMs } from './task-timer.ts';

describe('time worked on a task', () => {
  it('adds every run from a start to the next pause or finish', () => {
    const events = [
      { action: 'start', at: 1_000 },
      { action: 'pause', at: 61_000 },
      { action: 'start', at: 121_000 },
      { action: 'finish', at: 151_000 },
    ] as const;
    expect(workedMs(events, 999_999)).toBe(90_000);
  });

  it('counts the open run up to now, and reads events in any order', () => {
    const events = [
      { action: 'start', at: 10_000 },
      { action: 'pause', at: 5_000 },
      { action: 'start', at: 1_000 },
    ] as const;
    expect(workedMs(events, 20_000)).toBe(4_000 + 10_000);
  });

  it('ignores a repeated start and a stop without a start', () => {
    const events = [
      { action: 'pause', at: 0 },
      { action: 'start', at: 1_000 },
      { action: 'start', at: 2_000 },
      { action: 'pause', at: 3_000 },
    ] as const;
    expect(workedMs(events, 10_000)).toBe(2_000);
    expect(workedMs([], 10_000)).toBe(0);
  });
});

describe('the timer a screen shows', () => {
  const since = '2026-03-02T12:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('is the time already worked plus the current run, from instants', () => {
    expect(timerSeconds({ accumulatedMs: 65_000, runningSince: since }, at('2026-03-02T12:00:10.999Z'))).toBe(
      75,
    );
    // A laptop that slept an hour shows the hour at once.
    expect(timerSeconds({ accumulatedMs: 0, runningSince: since }, at('2026-03-02T13:00:00.000Z'))).toBe(
      3600,
    );
  });

  it('stands still when not running, and corrects the browser clock by the server’s', () => {
    expect(timerSeconds({ accumulatedMs: 5_500, runningSince: null }, Date.now())).toBe(5);
    // The browser is 30 s behind the server.
    expect(
      timerSeconds({ accumulatedMs: 0, runningSince: since }, at('2026-03-02T11:59:50.000Z'), 30_000),
    ).toBe(20);
    expect(timerSeconds({ accumulatedMs: 0, runningSince: since }, at('2026-03-02T11:00:00.000Z'))).toBe(0);
  });
});
