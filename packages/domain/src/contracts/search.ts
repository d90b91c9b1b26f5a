import { z } from 'zod';
import { idSchema } from './ids.ts';
import { pageOf } from './pages.ts';

/** Page sizes of the search results screen (000 §9); the first is the default. */
export const SEARCH_PAGE_SIZES = [10, 25, 50, 100, 200, 500] as const;
export const SEARCH_DEFAULT_PAGE_SIZE = 10;
/** The longest term the search takes (longer ones are cut, as the grid's quick search does). */
export const SEARCH_TERM_MAX = 200;
/** The screen's path (000 §2 "search"). */
export const SEARCH_PATH = '/search/';

/**
 * GET /api/search: `q` the term; `subj` a subject identifier, to search that subject only;
 * `subj_attr` a subject attribute's id, to match the term in that attribute only; `attr` an
 * attribute identifier, to match it in the attributes of that identifier of every subject
 * (docs/decisions.md, Global search).
 */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .transform((s) => s.slice(0, SEARCH_TERM_MAX))
    .default(''),
  subj: z.string().trim().max(60).optional(),
  subj_attr: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()),
  attr: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1).catch(1).default(1),
  fetch: z.coerce.number().int().min(1).catch(SEARCH_DEFAULT_PAGE_SIZE).default(SEARCH_DEFAULT_PAGE_SIZE),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

export const searchValueSchema = z.object({
  value: z.string(),
  subjectAttributeId: z.number().int(),
  attributeName: z.string(),
});
export type SearchValue = z.infer<typeof searchValueSchema>;

/** One record found (000 §3 "Search result"). */
export const searchResultSchema = z.object({
  talkId: z.number().int(),
  subject: z.string(),
  subjectName: z.string(),
  talkValues: z.array(searchValueSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchPageSchema = pageOf(searchResultSchema);
export type SearchPage = z.infer<typeof searchPageSchema>;
