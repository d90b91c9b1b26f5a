import { act, render, screen } from '@testing-library/react';
import type { TaskInfo } from '@talkbase/domain/contracts/tasks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../fields/test-utils.tsx';
import { TaskTimer } from './TaskTimer.tsx';

const START = Date.parse('2026-03-02T12:00:00.000Z');

function info(over: Partial<TaskInfo> = {}): TaskInfo {
  return {
    talkId: 7,
    title: 'Revisar contrato',
    state: 'running',
    status: 'Em Execução',
    runningSince: new Date(START).toISOString(),
    runningBy: { accountId: 2, name: 'Ana' },
    accumulatedMs: 65_000,
    elapsedSeconds: 65,
    serverTime: new Date(START).toISOString(),
    forecastStart: null,
    forecastEnd: null,
    estimatedDuration: '01:00:00',
    delay: { deadline: false, estimate: false },
    deadlineReason: null,
    estimateReason: null,
    actions: ['pause', 'finish'],
    ...over,
  };
}

const shown = () => screen.getByRole('timer').textContent;

describe('task timer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    vi.setSystemTime(START);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks every second from the time already worked', () => {
    render(<TaskTimer task={info()} receivedAt={START} />, { wrapper: TestProviders });
    expect(shown()).toBe('00:01:05');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(shown()).toBe('00:01:06');
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(shown()).toBe('00:02:05');
    expect(screen.getByRole('timer').getAttribute('aria-label')).toBe('Tempo trabalhado: 00:02:05');
  });

  it('is right at once after a reload and after the laptop slept', () => {
    // Opened (or reloaded) 40 minutes into the run: the server's start instant decides.
    vi.setSystemTime(START + 40 * 60_000);
    const reloaded = info({ accumulatedMs: 0, serverTime: new Date(START + 40 * 60_000).toISOString() });
    render(<TaskTimer task={reloaded} receivedAt={START + 40 * 60_000} />, {
      wrapper: TestProviders,
    });
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(shown()).toBe('00:40:00');
    // The machine sleeps an hour: no tick ran meanwhile; the first one after waking shows it all.
    vi.setSystemTime(Date.now() + 3_600_000);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(shown()).toBe('01:40:01');
  });

  it('corrects a browser clock that runs behind the server', () => {
    // The browser says 11:59:30 while the server said 12:00:00 when answering.
    vi.setSystemTime(START - 30_000);
    render(<TaskTimer task={info({ accumulatedMs: 0 })} receivedAt={START - 30_000} />, {
      wrapper: TestProviders,
    });
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(shown()).toBe('00:00:05');
  });

  it('stands still while paused', () => {
    render(
      <TaskTimer
        task={info({ state: 'paused', runningSince: null, actions: ['start', 'finish'] })}
        receivedAt={START}
      />,
      {
        wrapper: TestProviders,
      },
    );
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(shown()).toBe('00:01:05');
  });
});
