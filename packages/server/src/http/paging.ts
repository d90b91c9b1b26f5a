import { z } from 'zod';
import { badRequest } from './errors.ts';

/**
 * The largest page answered from memory. Lists the spec asks bigger pages of (saved filters and
 * templates 10,000, accounts 999,999; 001 §9) are streamed in chunks of this size (streamed-list.ts);
 * every other list refuses a larger `fetch` with 400 — a page is never cut short silently.
 */
export const MAX_PAGE_SIZE = 1000;

export const pagingMessages = {
  tooLarge: (max: number) =>
    `Tamanho de página acima do máximo: peça no máximo ${max.toLocaleString('pt-BR')} registros por vez.`,
};

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

/** The page asked for; a `fetch` above `max` is refused (400, on `field`), never shortened. */
export function paging(page: number, fetch: number, max = MAX_PAGE_SIZE, field = 'fetch'): Paging {
  if (fetch > max) throw badRequest([{ message: pagingMessages.tooLarge(max), field }]);
  const size = Math.max(1, fetch);
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
