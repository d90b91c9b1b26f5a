import type { AvailabilityAnswer } from '@talkbase/domain/contracts/availability';
import type { ApiTalk } from '@talkbase/domain/contracts/talks';
import { apiRequest } from '../../../api/client.ts';
import { updateTalk } from '../records-api.ts';

/** Saves one attribute's new value with the version the user saw (a stale one gets 409). */
export function updateTalkValue(
  subject: string,
  talkId: number,
  version: number,
  subjectAttributeId: number,
  value: unknown,
): Promise<ApiTalk> {
  return updateTalk(subject, talkId, version, [{ subjectAttributeId, value }]);
}

/** A time window's slots and the places left in each (GET /api/availability/{subject}/{attributeId}). */
export function fetchAvailability(
  subject: string,
  attributeId: number,
  from: string,
  days: number,
  signal?: AbortSignal,
): Promise<AvailabilityAnswer> {
  const query = new URLSearchParams({ from, days: String(days) });
  return apiRequest(
    `/api/availability/${encodeURIComponent(subject)}/${attributeId}?${query.toString()}`,
    signal ? { signal } : {},
  );
}
