import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useListSearch } from './useListSearch.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(options: Parameters<typeof useListSearch>[1]) {
  const pages: number[] = [];
  const setPage = (next: number | ((p: number) => number)) => {
    pages.push(typeof next === 'function' ? next(5) : next);
  };
  const view = renderHook(() => useListSearch({ setPage }, options));
  return { view, pages };
}

describe('useListSearch', () => {
  it('takes the trimmed term once typing pauses, back on the first page at each change', () => {
    const { view, pages } = setup({});
    expect(view.result.current.open).toBe(true);
    act(() => view.result.current.change(' vi '));
    expect(view.result.current.value).toBe(' vi ');
    expect(view.result.current.term).toBe('');
    expect(pages).toEqual([1]);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(view.result.current.term).toBe('vi');
    act(() => view.result.current.clear());
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect([view.result.current.value, view.result.current.term]).toEqual(['', '']);
  });

  it('with applyOn enter, takes the term only when submitted', () => {
    const { view, pages } = setup({ applyOn: 'enter', toggled: true });
    act(() => view.result.current.change('abc '));
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(view.result.current.term).toBe('');
    expect(pages).toEqual([]);
    act(() => view.result.current.submit());
    expect(view.result.current.term).toBe('abc');
    expect(pages).toEqual([1]);
  });

  it('a toggled box starts closed; closing it drops the search in effect', () => {
    const { view } = setup({ toggled: true });
    expect(view.result.current.open).toBe(false);
    act(() => view.result.current.toggle());
    expect(view.result.current.open).toBe(true);
    act(() => view.result.current.change('vip'));
    act(() => view.result.current.toggle());
    expect(view.result.current.open).toBe(false);
    expect(view.result.current.value).toBe('');
  });

  it('with applyOn enter, closing keeps a term typed but never run', () => {
    const { view } = setup({ toggled: true, applyOn: 'enter' });
    act(() => view.result.current.toggle());
    act(() => view.result.current.change('abc'));
    act(() => view.result.current.toggle());
    act(() => view.result.current.toggle());
    expect(view.result.current.value).toBe('abc');
  });
});
