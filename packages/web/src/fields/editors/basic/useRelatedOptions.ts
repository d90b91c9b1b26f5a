import { useInfiniteQuery } from '@tanstack/react-query';
import { configValue } from '@talkbase/domain/fields/component-config';
import { SELECT_SEARCH_LIMIT } from '@talkbase/domain/fields/select';
import { apiRequest } from '../../../api/client.ts';

/** Spec 002 §7/§9: options come 50 a page. */
export const OPTIONS_PAGE_SIZE = 50;

/**
 * One option of GET /api/SubjectAttribute/related/{attrId} (server options.service.ts answers
 * `{id, name}`). The optional fields are read when an answer carries them: `disabled` and
 * `tooltip` for items that cannot be chosen, `parentName` to group the tree (14) by parent.
 */
export interface RelatedOption {
  id: number;
  name: string;
  disabled?: boolean | undefined;
  tooltip?: string | null | undefined;
  parentName?: string | null | undefined;
}

/** Spec 002 §3 "Options response". */
export interface OptionsPage {
  itens: RelatedOption[];
  totalResults: number;
  currentPage: number;
  error: string | null;
}

/**
 * The extra query parameters of an attribute's options (spec 002 §7: "extra params as query
 * string identifier=value"), from the config `params`: an object of identifier → value, or a list
 * of `{identifier, value}`. A value written '${other}' takes the current value of the record's
 * attribute `other` (a select narrowed by another field); an empty one is left out.
 */
export function optionParams(
  configs: unknown,
  valueOf: ((identifier: string) => unknown) | undefined,
): [string, string][] {
  const raw = configValue(configs, 'params');
  const pairs: [string, unknown][] = Array.isArray(raw)
    ? (raw as unknown[]).flatMap((item) => {
        if (item === null || typeof item !== 'object') return [];
        const record = item as Record<string, unknown>;
        const key = record.identifier ?? record.key ?? record.name;
        return typeof key === 'string' ? [[key, record.value] as [string, unknown]] : [];
      })
    : raw !== null && typeof raw === 'object'
      ? Object.entries(raw as Record<string, unknown>)
      : [];
  const out: [string, string][] = [];
  for (const [key, value] of pairs) {
    const reference = typeof value === 'string' ? /^\$\{(\w+)\}$/.exec(value.trim())?.[1] : undefined;
    const resolved = reference !== undefined ? valueOf?.(reference) : value;
    if (typeof resolved === 'string' || typeof resolved === 'number' || typeof resolved === 'boolean') {
      if (String(resolved).trim() !== '') out.push([key, String(resolved)]);
    }
  }
  return out;
}

function optionsPath(attributeId: number, page: number, term: string, params: [string, string][]): string {
  const query = new URLSearchParams([['page', String(page)], ...(term ? [['term', term]] : []), ...params]);
  return `/api/SubjectAttribute/related/${attributeId}?${query.toString()}`;
}

/**
 * The options of a reference attribute for a search term, a page at a time. With a term at most
 * 100 options are loaded (spec 002 §5: the search is capped at 100 results); without one the list
 * goes on as it scrolls. The server keeps the records whose text has every word of the term
 * (accent- and case-insensitive prefix match of each word).
 */
export function useRelatedOptions(input: {
  attributeId: number;
  term: string;
  params: [string, string][];
  enabled: boolean;
}) {
  const { attributeId, term, params, enabled } = input;
  const query = useInfiniteQuery({
    queryKey: ['related-options', attributeId, term, params],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<OptionsPage>(optionsPath(attributeId, pageParam, term, params), { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.itens.length, 0);
      if (last.itens.length === 0 || loaded >= last.totalResults) return undefined;
      if (term !== '' && loaded >= SELECT_SEARCH_LIMIT) return undefined;
      return pages.length + 1;
    },
    enabled,
    staleTime: 30_000,
  });
  const all = query.data?.pages.flatMap((page) => page.itens) ?? [];
  const options = term !== '' ? all.slice(0, SELECT_SEARCH_LIMIT) : all;
  const answerError = query.data?.pages.find((page) => page.error)?.error ?? null;
  return { query, options, answerError };
}
