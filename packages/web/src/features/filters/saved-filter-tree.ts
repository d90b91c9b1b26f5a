import { apiRequest } from '../../api/client.ts';

/** The saved filter's tree (a record of `filtro`: its `filtro` value). */
export async function fetchSavedFilterTree(filterId: number, signal?: AbortSignal): Promise<unknown> {
  const talk = await apiRequest<{ talkValues: { subjectAttributeIdentifier: string; value: unknown }[] }>(
    `/api/talk/filtro/${filterId}`,
    signal ? { signal } : {},
  );
  return talk.talkValues.find((v) => v.subjectAttributeIdentifier === 'filtro')?.value ?? null;
}
