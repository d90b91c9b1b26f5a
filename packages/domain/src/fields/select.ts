import { attributeName, fieldError, type FieldRule } from './field-rule.ts';
import { message } from './messages.ts';

/**
 * Selects: single select (4), related-subject tree (14), select-filter (16), select-model (20).
 * The value is the chosen option's id (a multi-valued attribute holds a list of ids; an empty list
 * is "nothing chosen"). The option search keeps the options whose label contains every
 * space-separated word of the term, ignoring case and accents, and returns at most 100.
 */
export const SELECT_SEARCH_LIMIT = 100;

/** Lower case without accents: "São José" → "sao jose". */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The words of a search term, normalised; an empty list matches everything. */
export function searchWords(term: string): string[] {
  return normalizeForSearch(term)
    .split(/\s+/)
    .filter((word) => word !== '');
}

export function matchesSearch(label: string, term: string): boolean {
  const haystack = normalizeForSearch(label);
  return searchWords(term).every((word) => haystack.includes(word));
}

/** The options matching a term, in their order, capped at `limit` (100). */
export function searchOptions<T>(
  options: readonly T[],
  term: string,
  labelOf: (option: T) => string,
  limit: number = SELECT_SEARCH_LIMIT,
): T[] {
  const words = searchWords(term);
  const found: T[] = [];
  for (const option of options) {
    if (found.length >= limit) break;
    const haystack = normalizeForSearch(labelOf(option));
    if (words.every((word) => haystack.includes(word))) found.push(option);
  }
  return found;
}

/**
 * What an empty option list says: 'Nenhum resultado encontrado para {term}' after searching a
 * term, 'Nenhum item encontrado' after a search with an empty term, 'Nenhum item para ser exibido'
 * for a list that simply has no options.
 */
export function emptyOptionsMessage(term: string | null | undefined, searched = true): string {
  const trimmed = term?.trim() ?? '';
  if (trimmed !== '') return message('selectNoResultsFor', { term: trimmed });
  return searched ? message('selectNothingFound') : message('selectNoItems');
}

/** An option id: a positive whole number, or a non-blank string key (numeric text included). */
export function isOptionId(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0;
  return typeof value === 'string' && value.trim() !== '';
}

/** Also accepts `{ id }` or `{ value }` objects, as some editors hand them over. */
function optionIdOf(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    return record.id ?? record.value;
  }
  return value;
}

export const selectRule: FieldRule = {
  componentIds: [4, 14, 16, 20],
  requiredMessage: () => message('selectRequired'),
  isEmpty: (value) => {
    if (value === null || value === undefined || value === '' || value === 0) return true;
    return Array.isArray(value) && value.length === 0;
  },
  validate(attribute, value) {
    const ids = Array.isArray(value) ? Array.from(value as unknown[]) : [value];
    if (ids.every((id) => isOptionId(optionIdOf(id)))) return [];
    return [fieldError(message('invalidValue', { name: attributeName(attribute) }))];
  },
};
