import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearNotices, getNotices, notify } from './notices-store.ts';

describe('notices (000 §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    clearNotices();
  });

  it('shows at most three, dropping the oldest', () => {
    for (const message of ['um', 'dois', 'três', 'quatro']) notify({ message });
    expect(getNotices().map((n) => n.message)).toEqual(['dois', 'três', 'quatro']);
  });

  it('removes each after 5 seconds unless another duration is asked', () => {
    notify({ message: 'curta' });
    notify({ kind: 'alert', message: 'longa', durationMs: 45_000 });
    vi.advanceTimersByTime(4999);
    expect(getNotices()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(getNotices().map((n) => n.message)).toEqual(['longa']);
    vi.advanceTimersByTime(40_000);
    expect(getNotices()).toEqual([]);
  });

  it('titles a notice "Notificação" unless told otherwise', () => {
    notify({ message: 'x' });
    notify({ title: 'Atenção', message: 'y' });
    expect(getNotices().map((n) => n.title)).toEqual(['Notificação', 'Atenção']);
  });
});
