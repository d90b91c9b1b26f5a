import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { INITIAL_POSITION, loadPosition, savePosition, type GridPosition } from './grid-position.ts';

const MIN_GRID_HEIGHT = 320;
/** Below the grid: its footer (range, page size, pages) and the page's bottom padding. */
const FOOTER_SPACE = 72;

/**
 * Where the user is in the grid (002 §9 "grid position"): page, size, order, filters, quick
 * search and scroll offset, remembered per subject, template and mode.
 */
export function useGridPosition(storageKey: string, routeFilterIds: number[]) {
  const [position, setPosition] = useState<GridPosition>(() => {
    const stored = loadPosition(storageKey);
    return routeFilterIds.length > 0 ? { ...stored, filterIds: routeFilterIds, page: 1 } : stored;
  });
  const [termInput, setTermInput] = useState(position.term);
  // The quick search asks the server 300 ms after typing stops (002 §9).
  const searchSoon = useDebouncedCallback((value: string) => {
    setPosition((p) => (p.term === value.trim() ? p : { ...p, term: value.trim(), page: 1 }));
  }, 300);
  const typeTerm = (value: string) => {
    setTermInput(value);
    searchSoon(value);
  };

  // The scroll offset is remembered without re-rendering: kept in a ref, saved when the user
  // pauses and when the grid goes away.
  const [initialScrollTop] = useState(position.scrollTop);
  const scrollTopRef = useRef(position.scrollTop);
  const positionRef = useRef(position);
  const saveTimer = useRef<number | undefined>(undefined);
  useEffect(() => {
    positionRef.current = position;
    savePosition(storageKey, { ...position, scrollTop: scrollTopRef.current });
  }, [storageKey, position]);
  useEffect(
    () => () => {
      window.clearTimeout(saveTimer.current);
      savePosition(storageKey, { ...positionRef.current, scrollTop: scrollTopRef.current });
    },
    [storageKey],
  );
  const rememberScroll = (top: number) => {
    scrollTopRef.current = top;
    window.clearTimeout(saveTimer.current);
    saveTimer.current = window.setTimeout(
      () => savePosition(storageKey, { ...positionRef.current, scrollTop: scrollTopRef.current }),
      400,
    );
  };
  /** A new page starts at the top. */
  const goToPage = (page: number) => {
    scrollTopRef.current = 0;
    setPosition((p) => ({ ...p, page }));
  };
  /** "Reset": the initial position, with the large page sizes offered (002 §9). */
  const reset = () => {
    setTermInput('');
    setPosition({ ...INITIAL_POSITION, largePages: true });
  };

  return { position, setPosition, termInput, typeTerm, initialScrollTop, rememberScroll, goToPage, reset };
}

/** The grid fills the window below its toolbar (which may wrap), leaving room for the footer. */
export function useGridHeight(
  scrollRef: RefObject<HTMLDivElement | null>,
  toolbarRef: RefObject<HTMLDivElement | null>,
  refitWhen: unknown,
): number {
  const [gridHeight, setGridHeight] = useState(480);
  useLayoutEffect(() => {
    const fit = () => {
      const grid = scrollRef.current;
      if (!grid) return;
      const top = grid.getBoundingClientRect().top + window.scrollY;
      setGridHeight(Math.max(MIN_GRID_HEIGHT, window.innerHeight - top - FOOTER_SPACE));
    };
    fit();
    const toolbar = toolbarRef.current;
    const observer = toolbar ? new ResizeObserver(fit) : undefined;
    if (toolbar) observer?.observe(toolbar);
    window.addEventListener('resize', fit);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', fit);
    };
  }, [scrollRef, toolbarRef, refitWhen]);
  return gridHeight;
}
