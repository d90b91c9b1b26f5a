import type { ApiTalk, PagedTalks, TalkFilterRequest } from '@talkbase/domain/contracts/talks';
import type { FilterNode } from '@talkbase/domain/filters/filter-tree';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import { filterTalks } from '../records-api.ts';
import { BOARD_PAGE_SIZE, MAX_BOARD_COLUMNS, type BoardOption } from './board-columns.ts';

/** The grid's filters the board keeps: the route's saved filters (through its menu item) and isActive. */
export interface BoardBase {
  isActive: boolean;
  filterIds: number[];
  menuId: number | undefined;
}

export type ColumnPages = InfiniteData<PagedTalks>;

/**
 * The board's queries live under their own key (not the grid's ['talks', subject]): their data are
 * pages of an infinite list, which the grid's in-place updates do not expect.
 */
export const boardKey = (subject: string) => ['board-talks', subject] as const;
export const columnKey = (subject: string, attributeId: number, column: string, base: BoardBase) =>
  [...boardKey(subject), attributeId, column, base] as const;

/** One page of a column: the grid's call with the column's rule (ANDed with the route's filters). */
export function fetchColumnPage(
  subject: string,
  base: BoardBase,
  filter: FilterNode,
  page: number,
  signal?: AbortSignal,
): Promise<PagedTalks> {
  const body: TalkFilterRequest = {
    isActive: base.isActive,
    page,
    fetch: BOARD_PAGE_SIZE,
    scenario: 'grid',
    filterIds: base.filterIds,
    ...(base.menuId && base.filterIds.length > 0 ? { menuId: base.menuId } : {}),
    filterJson: { condition: 'E', rules: [filter] },
  };
  return filterTalks(subject, body, signal);
}

/** A column's cards, each once (a card moved in meanwhile may come again with a later page). */
export function cardsOf(data: ColumnPages | undefined): ApiTalk[] {
  const seen = new Set<number>();
  const out: ApiTalk[] = [];
  for (const page of data?.pages ?? [])
    for (const talk of page.itens)
      if (!seen.has(talk.talkId)) {
        seen.add(talk.talkId);
        out.push(talk);
      }
  return out;
}

export const totalOf = (data: ColumnPages | undefined): number => data?.pages[0]?.totalResults ?? 0;

/** Takes a card out of a column's pages (its count goes down by one). */
export function withoutCard(data: ColumnPages | undefined, talkId: number): ColumnPages | undefined {
  if (!data) return data;
  const had = data.pages.some((p) => p.itens.some((t) => t.talkId === talkId));
  if (!had) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      itens: p.itens.filter((t) => t.talkId !== talkId),
      totalResults: Math.max(0, p.totalResults - 1),
    })),
  };
}

/** Puts a card at the top of a column (its count goes up by one), or replaces it where it is. */
export function withCard(data: ColumnPages | undefined, talk: ApiTalk): ColumnPages | undefined {
  if (!data) return data;
  const has = data.pages.some((p) => p.itens.some((t) => t.talkId === talk.talkId));
  if (has)
    return {
      ...data,
      pages: data.pages.map((p) => ({
        ...p,
        itens: p.itens.map((t) => (t.talkId === talk.talkId ? talk : t)),
      })),
    };
  return {
    ...data,
    pages: data.pages.map((p, i) => ({
      ...p,
      itens: i === 0 ? [talk, ...p.itens] : p.itens,
      totalResults: p.totalResults + 1,
    })),
  };
}

/** Changes one card wherever it is on the board (its tags pushed live). */
export function updateCards(
  client: QueryClient,
  subject: string,
  talkId: number,
  change: (talk: ApiTalk) => ApiTalk,
): void {
  client.setQueriesData<ColumnPages>({ queryKey: boardKey(subject) }, (old) =>
    old && old.pages.some((p) => p.itens.some((t) => t.talkId === talkId))
      ? {
          ...old,
          pages: old.pages.map((p) => ({
            ...p,
            itens: p.itens.map((t) => (t.talkId === talkId ? change(t) : t)),
          })),
        }
      : old,
  );
}

interface OptionsPage {
  itens: BoardOption[];
  totalResults: number;
}

/** A single select's options, in their order, up to the board's column limit. */
export async function fetchBoardOptions(
  attributeId: number,
  signal?: AbortSignal,
): Promise<{ options: BoardOption[]; total: number }> {
  const options: BoardOption[] = [];
  let total = 0;
  for (let page = 1; page <= 10 && options.length < MAX_BOARD_COLUMNS; page++) {
    const answer = await apiRequest<OptionsPage>(
      `/api/SubjectAttribute/related/${attributeId}?page=${page}`,
      {
        ...(signal ? { signal } : {}),
      },
    );
    total = answer.totalResults;
    options.push(...answer.itens.map((o) => ({ id: o.id, name: o.name })));
    if (answer.itens.length === 0 || options.length >= total) break;
  }
  return { options: options.slice(0, MAX_BOARD_COLUMNS), total };
}
