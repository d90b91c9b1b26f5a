import { z } from 'zod';

/**
 * Page sizes are clamped on the server: the spec's clients ask for fetch=999999 or 10000, and
 * get at most MAX_PAGE_SIZE rows with the true totalResults.
 */
export const MAX_PAGE_SIZE = 1000;

export const pagingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  fetch: z.coerce.number().int().min(1).catch(10).default(10),
  term: z.string().trim().max(200).optional(),
});

export interface Paging {
  page: number;
  fetch: number;
  offset: number;
}

export function paging(page: number, fetch: number): Paging {
  const size = Math.min(Math.max(1, fetch), MAX_PAGE_SIZE);
  const p = Math.max(1, page);
  return { page: p, fetch: size, offset: (p - 1) * size };
}

export interface PagedList<T> {
  itens: T[];
  totalResults: number;
  currentPage: number;
}

/** Escapes % and _ so a user's term is matched literally by LIKE (with `escape '\'`). */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
