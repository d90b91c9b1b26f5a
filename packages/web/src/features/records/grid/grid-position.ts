import { DEFAULT_PAGE_SIZE } from './grid-columns.ts';

/** What a grid remembers between visits (002 §9 "grid position"), per subject, template and mode. */
export interface GridPosition {
  page: number;
  pageSize: number;
  order: { attribute: string; direction: 0 | 1 } | null;
  filterIds: number[];
  term: string;
  scrollTop: number;
  /** The context was reset: 200 and 500 rows per page are offered. */
  largePages: boolean;
}

export const INITIAL_POSITION: GridPosition = {
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  order: null,
  filterIds: [],
  term: '',
  scrollTop: 0,
  largePages: false,
};

const PREFIX = 'talkbase.grid.';

export function positionKey(
  subject: string,
  templateId: number | null | undefined,
  isActive: boolean,
): string {
  return `${PREFIX}${subject}.${templateId ?? 0}.${isActive ? 'a' : 'd'}`;
}

function validOrder(order: unknown): GridPosition['order'] {
  if (typeof order !== 'object' || order === null) return null;
  const { attribute, direction } = order as { attribute?: unknown; direction?: unknown };
  return typeof attribute === 'string' && (direction === 0 || direction === 1)
    ? { attribute, direction }
    : null;
}

export function loadPosition(key: string): GridPosition {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return INITIAL_POSITION;
    const stored = JSON.parse(raw) as Partial<GridPosition>;
    return {
      page: Number.isInteger(stored.page) && (stored.page ?? 0) > 0 ? (stored.page as number) : 1,
      pageSize: [10, 25, 50, 100, 200, 500].includes(stored.pageSize ?? 0)
        ? (stored.pageSize as number)
        : DEFAULT_PAGE_SIZE,
      order: validOrder(stored.order),
      filterIds: Array.isArray(stored.filterIds)
        ? stored.filterIds.filter((n) => Number.isInteger(n) && n > 0)
        : [],
      term: typeof stored.term === 'string' ? stored.term.slice(0, 200) : '',
      scrollTop: typeof stored.scrollTop === 'number' && stored.scrollTop >= 0 ? stored.scrollTop : 0,
      largePages: stored.largePages === true,
    };
  } catch {
    return INITIAL_POSITION;
  }
}

export function savePosition(key: string, position: GridPosition): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(position));
  } catch {
    // Storage full or refused: the grid still works, it only forgets.
  }
}
