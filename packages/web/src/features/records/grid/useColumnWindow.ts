import { useEffect, useRef, useState, type RefObject } from 'react';
import type { GridLayout } from './GridBody.tsx';

/** Data columns drawn beyond each side of the view, so a short horizontal scroll shows no gap. */
const COLUMN_OVERSCAN = 2;

/**
 * The data columns a row draws (indices into `layout.columns`, `first` to `last`); the fixed
 * columns, the select and id cells, tags and actions are always drawn.
 */
export interface ColumnWindow {
  first: number;
  last: number;
}

/** The columns in view when the grid shows `width` px from `scrollLeft` on. */
export function columnWindow(
  layout: Pick<GridLayout, 'columns' | 'starts' | 'fixedCount' | 'leadWidth'>,
  scrollLeft: number,
  width: number,
): ColumnWindow {
  const { columns, starts, fixedCount, leadWidth } = layout;
  if (fixedCount >= columns.length) return { first: columns.length, last: columns.length - 1 };
  // The fixed columns stay at the left edge: the others show from there to the right edge.
  const left = scrollLeft + leadWidth;
  const right = scrollLeft + width;
  const end = (i: number) => (starts[i] ?? 0) + (columns[i]?.width ?? 0);
  let first = fixedCount;
  while (first < columns.length - 1 && end(first) <= left) first++;
  let last = first;
  while (last < columns.length - 1 && (starts[last + 1] ?? 0) < right) last++;
  return {
    first: Math.max(fixedCount, first - COLUMN_OVERSCAN),
    last: Math.min(columns.length - 1, last + COLUMN_OVERSCAN),
  };
}

/**
 * The horizontal window of the grid (rows are virtualised vertically by TanStack Virtual): a row
 * draws the data columns in view, not all of them — a ticket template has 20+ columns and a
 * screen shows 6 to 8. Follows the horizontal scroll and the grid's width (a ResizeObserver, so
 * the first render reads no layout: it assumes the window's width).
 */
export function useColumnWindow(
  scrollRef: RefObject<HTMLDivElement | null>,
  layout: GridLayout,
): ColumnWindow {
  const view = useRef({ left: 0, width: window.innerWidth });
  const [range, setRange] = useState(() => columnWindow(layout, 0, window.innerWidth));

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const update = () =>
      setRange((prev) => {
        const next = columnWindow(layout, view.current.left, view.current.width);
        return next.first === prev.first && next.last === prev.last ? prev : next;
      });
    const onScroll = () => {
      if (el.scrollLeft === view.current.left) return;
      view.current.left = el.scrollLeft;
      update();
    };
    const observer = new ResizeObserver((entries) => {
      const width = entries[entries.length - 1]?.contentRect.width;
      if (width === undefined || width === view.current.width) return;
      view.current.width = width;
      update();
    });
    observer.observe(el);
    el.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
    update();
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', onScroll);
    };
  }, [scrollRef, layout]);

  return range;
}
