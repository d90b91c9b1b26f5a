import type { ReadableSubject } from '@talkbase/domain/contracts/contexts';
import { apiRequest } from './client.ts';

/** The subjects the account may read (GET /api/context/subjects): the records menu and the editors' subject lists. */
export function fetchReadableSubjects(signal?: AbortSignal): Promise<ReadableSubject[]> {
  return apiRequest('/api/context/subjects', signal ? { signal } : {});
}
