import type { ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import type { CivilDate } from '@talkbase/domain/fields/civil-date';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import type { TalkFilterRequest, TalkUpdatesEvent } from '@talkbase/domain/contracts/talks';
import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRealtimeEvent, useRealtimeResync } from '../../realtime/useRealtimeEvent.ts';
import { readAgain } from '../../realtime/read-again.ts';
import { useSession } from '../../session/useSession.ts';
import type { ContextRoute } from '../context-route.ts';
import { filterTalks } from '../records-api.ts';
import { useRecordTagsLive } from '../slots.ts';
import { periodFilter, type CalendarKind } from './calendar-dates.ts';

/** Records per period: a crowded period says how many are left out (CalendarView). */
export const CALENDAR_FETCH = 500;

/**
 * The records of the shown days, through the grid's call (POST /talk/filter/{subject}): the same
 * saved filters, menu and active state as the route, so the same row scope and readable
 * attributes apply. The key starts like the grid's, so whatever refreshes the grid refreshes this.
 */
export function useCalendarEntries(input: {
  subject: string;
  route: ContextRoute;
  attribute: ContextSubjectAttribute;
  kind: CalendarKind;
  days: CivilDate[];
  timeZone: string;
  colorByTags: boolean;
}) {
  const { subject, route, attribute, kind, days, timeZone, colorByTags } = input;
  const session = useSession();
  const queryClient = useQueryClient();
  const body: TalkFilterRequest = {
    isActive: route.isActive,
    page: 1,
    fetch: CALENDAR_FETCH,
    scenario: 'grid',
    filterIds: route.filterIds,
    ...(route.menuId && route.filterIds.length > 0 ? { menuId: route.menuId } : {}),
    // The tree as the contract types it (an object; the schema checks its shape on the server).
    filterJson: periodFilter(attribute.subjectAttributeIdentifier, kind, days, timeZone) as unknown as Record<
      string,
      unknown
    >,
  };
  const queryKey: QueryKey = ['talks', subject, { calendar: attribute.subjectAttributeId, ...body }];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => filterTalks(subject, body, signal),
    placeholderData: keepPreviousData,
  });

  // Other users' changes show up by themselves: nothing is being typed here that a reload would lose.
  useRealtimeEvent(realtimeEvents.talkUpdates, (data) => {
    const event = data as Partial<TalkUpdatesEvent>;
    if (event.subject !== subject) return;
    if (event.accountId !== undefined && event.accountId === session?.user.accountId) return;
    void readAgain(queryClient, { queryKey: ['talks', subject] });
  });
  // Back from a cut connection: what changed meanwhile was never pushed.
  useRealtimeResync(() => void readAgain(queryClient, { queryKey: ['talks', subject] }), {
    firstOpen: false,
  });
  useRecordTagsLive(subject, () => {
    if (colorByTags) void readAgain(queryClient, { queryKey: ['talks', subject] });
  });

  return { query, queryKey };
}
