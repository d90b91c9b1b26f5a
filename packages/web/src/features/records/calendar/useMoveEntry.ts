import type { ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import type { ApiTalk, PagedTalks } from '@talkbase/domain/contracts/talks';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../../../api/client.ts';
import { calendarText } from '../../../i18n/calendar.ts';
import { notify } from '../../notices/notices-store.ts';
import { updateTalkValue } from './calendar-api.ts';
import { movedValue, whenText, type CalendarKind, type DropTarget } from './calendar-dates.ts';

const text = calendarText;

/**
 * Moves a record to another day or time: shown there at once, saved with the version the user saw
 * (PUT /talk/{subject}/{id}); put back, with the reason, when the server refuses (409: someone
 * changed it meanwhile; 422: a rule, such as a full time-window slot).
 */
export function useMoveEntry(input: {
  subject: string;
  attribute: ContextSubjectAttribute;
  kind: CalendarKind;
  timeZone: string;
  queryKey: QueryKey;
}) {
  const { subject, attribute, kind, timeZone, queryKey } = input;
  const queryClient = useQueryClient();
  const attributeId = attribute.subjectAttributeId;
  return useCallback(
    async (talk: ApiTalk, target: DropTarget): Promise<void> => {
      const current = talk.talkValues.find((v) => v.subjectAttributeId === attributeId)?.value;
      const value = movedValue(kind, current, target, timeZone);
      if (value === undefined) return;
      const replace = (next: (t: ApiTalk) => ApiTalk) =>
        queryClient.setQueryData<PagedTalks>(queryKey, (old) =>
          old ? { ...old, itens: old.itens.map((t) => (t.talkId === talk.talkId ? next(t) : t)) } : old,
        );
      const before = queryClient.getQueryData<PagedTalks>(queryKey);
      replace((t) => ({
        ...t,
        talkValues: t.talkValues.map((v) => (v.subjectAttributeId === attributeId ? { ...v, value } : v)),
      }));
      try {
        const updated = await updateTalkValue(subject, talk.talkId, talk.version, attributeId, value);
        replace(() => updated);
        queryClient.setQueryData(['talk', subject, updated.talkId], updated);
        notify({ kind: 'success', title: text.moved(talk.displayName, whenText(kind, value, timeZone)) });
        // The grid and other views of the subject read it again.
        void queryClient.invalidateQueries({ queryKey: ['talks', subject] });
        void queryClient.invalidateQueries({ queryKey: ['availability', subject] });
      } catch (err) {
        queryClient.setQueryData(queryKey, before);
        if (err instanceof ApiError && err.status === 409) {
          notify({ kind: 'error', title: text.stale, durationMs: 10_000 });
          void queryClient.invalidateQueries({ queryKey: ['talks', subject] });
        } else {
          notify({
            kind: 'error',
            title: text.moveError,
            ...(err instanceof Error && err.message ? { message: err.message } : {}),
            durationMs: 10_000,
          });
        }
      }
    },
    [queryClient, queryKey, subject, attributeId, kind, timeZone],
  );
}
