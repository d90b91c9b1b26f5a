import type { ApiTalk } from '@talkbase/domain/contracts/talks';
import type { FilterNode } from '@talkbase/domain/filters/filter-tree';
import { apiCall, apiRequest } from '../../api/client.ts';
import { fetchSavedFilterTree } from './saved-filter-tree.ts';

/**
 * A saved filter as its form edits it: a record of the built-in subject `filtro` with `nome`,
 * `filtro` (the tree) and `assunto` (ours: the subject the tree filters; the server checks it).
 */
export interface SavedFilter {
  talkId: number;
  version: number;
  name: string;
  subject: string | null;
  tree: unknown;
}

const FILTER_SUBJECT = 'filtro';

/** GET /api/talk/filtro/{id}. */
export async function fetchSavedFilter(talkId: number, signal?: AbortSignal): Promise<SavedFilter> {
  const talk = await apiRequest<ApiTalk>(`/api/talk/${FILTER_SUBJECT}/${talkId}`, signal ? { signal } : {});
  const value = (identifier: string) =>
    talk.talkValues.find((v) => v.subjectAttributeIdentifier === identifier)?.value ?? null;
  const name = value('nome');
  const subject = value('assunto');
  return {
    talkId: talk.talkId,
    version: talk.version,
    name: typeof name === 'string' ? name : '',
    subject: typeof subject === 'string' && subject !== '' ? subject : null,
    tree: value('filtro'),
  };
}

export interface SavedFilterInput {
  name: string;
  subject: string;
  tree: unknown;
}

const talkValues = (input: SavedFilterInput) => [
  { subjectAttributeIdentifier: 'nome', value: input.name },
  { subjectAttributeIdentifier: 'assunto', value: input.subject },
  { subjectAttributeIdentifier: 'filtro', value: input.tree },
];

/** POST /api/talk/filtro: answers the new filter's id. */
export async function createSavedFilter(input: SavedFilterInput): Promise<number> {
  const answer = await apiCall<{ resourceId: number }>(`/api/talk/${FILTER_SUBJECT}`, {
    method: 'POST',
    body: { talkValues: talkValues(input) },
  });
  return answer.body.resourceId;
}

/** PUT /api/talk/filtro/{id} with the version the form started from (a stale one is a 409). */
export async function updateSavedFilter(
  talkId: number,
  version: number,
  input: SavedFilterInput,
): Promise<void> {
  await apiRequest(`/api/talk/${FILTER_SUBJECT}/${talkId}`, {
    method: 'PUT',
    body: { talkId, version, talkValues: talkValues(input) },
  });
}

/**
 * The grid's current filter as one tree: the trees of the saved filters chosen in its picker and
 * the rules built in 'Filtrar', all joined by E (what the grid's filter call applies); null when
 * there is none.
 */
export async function combinedGridTree(
  filterIds: readonly number[],
  built: unknown,
): Promise<FilterNode | null> {
  const trees = await Promise.all(filterIds.map((id) => fetchSavedFilterTree(id)));
  const parts = [...trees, built].filter((t): t is FilterNode => t !== null && t !== undefined);
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0] ?? null;
  return { condition: 'E', rules: parts };
}
