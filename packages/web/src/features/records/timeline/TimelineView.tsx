import {
  Alert,
  Button,
  Center,
  EmptyState,
  List,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { ContextResponse, ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import type { TimelineEntry } from '@talkbase/domain/contracts/talks';
import { resolveComponentId } from '@talkbase/domain/fields/component-types';
import { DEFAULT_TIME_ZONE, formatDateTime } from '@talkbase/domain/fields/zoned-time';
import { valueKindOf } from '@talkbase/domain/records/value-kinds';
import { useEffect, useMemo, useRef } from 'react';
import { t } from '../../../i18n/pt-BR.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { relativeToNow } from './relative-time.ts';
import { groupTimeline, type TimelineEvent } from './timeline-events.ts';
import { fileChanges, formatTimelineValue } from './timeline-values.ts';
import { useTimeline } from './useTimeline.ts';
import { recordsViewsText } from '../../../i18n/records-views.ts';

const text = recordsViewsText.timeline;

const ACTION_ICONS: Readonly<Record<string, string>> = {
  created: 'add_circle',
  updated: 'edit',
  deleted: 'delete',
  activated: 'toggle_on',
  deactivated: 'toggle_off',
};

interface TimelineViewProps {
  context: ContextResponse;
  talkId: number;
}

/** The record's history (002 §2 scenario timeline): who changed what, from what to what, and when. */
export function TimelineView({ context, talkId }: TimelineViewProps) {
  const subject = context.subject.subjectIdentifier;
  const timeline = useTimeline(subject, talkId);
  const attributes = useMemo(
    () => new Map(context.subject.subjectAttributes.map((a) => [a.subjectAttributeId, a])),
    [context.subject.subjectAttributes],
  );
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = timeline;
  // Scrolling to the end loads the next page; the button does the same without a pointer.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((entry) => entry.isIntersecting)) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const events = useMemo(
    () => groupTimeline(timeline.data?.pages.flatMap((page) => page.itens) ?? []),
    [timeline.data],
  );

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {text.title}
      </Title>
      {timeline.isPending && (
        <Stack gap="sm" aria-busy="true" aria-label={t.app.loading}>
          <Skeleton height={48} />
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Stack>
      )}
      {timeline.isError && !timeline.data && (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            {timeline.error.message || recordsViewsText.loadError}
            <Button size="compact-sm" variant="default" onClick={() => void timeline.refetch()}>
              {recordsViewsText.retry}
            </Button>
          </Stack>
        </Alert>
      )}
      {timeline.isSuccess && events.length === 0 && (
        <EmptyState icon={<Icon name="history" size={32} />} title={text.empty} />
      )}
      {events.length > 0 && (
        <Timeline
          active={events.length - 1}
          bulletSize={28}
          lineWidth={2}
          role="list"
          aria-label={text.title}
        >
          {events.map((event) => (
            <Timeline.Item
              key={event.key}
              role="listitem"
              bullet={<Icon name={ACTION_ICONS[event.action] ?? 'history'} size={16} />}
              title={<EventTitle event={event} />}
            >
              <EventTime at={event.at} />
              {event.changes.length > 0 && (
                <List
                  size="sm"
                  spacing={4}
                  mt={6}
                  listStyleType="none"
                  aria-label={text.changes(event.changes.length)}
                >
                  {[...event.changes]
                    .sort((a, b) => changeOrder(a, attributes) - changeOrder(b, attributes) || a.id - b.id)
                    .map((change) => (
                      <List.Item key={change.id}>
                        <Change change={change} attribute={attributes.get(change.subjectAttributeId ?? 0)} />
                      </List.Item>
                    ))}
                </List>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {timeline.isFetchNextPageError && (
        <Alert color="red" variant="light" role="alert">
          {timeline.error.message || recordsViewsText.loadError}
        </Alert>
      )}
      {timeline.hasNextPage && (
        <Center ref={sentinel}>
          <Button
            variant="default"
            loading={timeline.isFetchingNextPage}
            onClick={() => void timeline.fetchNextPage()}
          >
            {text.loadMore}
          </Button>
        </Center>
      )}
    </Stack>
  );
}

/** Changes of one event follow the subject's attribute order (the form's), removed ones last. */
function changeOrder(
  change: TimelineEntry,
  attributes: ReadonlyMap<number, ContextSubjectAttribute>,
): number {
  return attributes.get(change.subjectAttributeId ?? 0)?.order ?? Number.MAX_SAFE_INTEGER;
}

function EventTitle({ event }: { event: TimelineEvent }) {
  return (
    <Text fw={600} size="sm" component="span">
      {event.accountName ?? text.someone} {text.actions[event.action] ?? text.otherAction(event.action)}
    </Text>
  );
}

function EventTime({ at }: { at: string }) {
  const absolute = formatDateTime(new Date(at), DEFAULT_TIME_ZONE);
  return (
    <Text size="xs" c="dimmed" component="time" dateTime={at}>
      {absolute} · {relativeToNow(at)}
    </Text>
  );
}

function Change({
  change,
  attribute,
}: {
  change: TimelineEntry;
  attribute: ContextSubjectAttribute | undefined;
}) {
  const name = attribute?.name ?? change.attributeName ?? text.removedAttribute;
  const isFile =
    attribute !== undefined && valueKindOf(resolveComponentId(attribute.componentId) ?? 0) === 'file';
  if (isFile) {
    const { added, removed } = fileChanges(change.oldValue, change.newValue);
    return (
      <Text size="sm" component="span">
        <Text span fw={500}>
          {name}:
        </Text>{' '}
        {[
          added.length > 0 ? `${text.filesAdded} ${added.join(', ')}` : null,
          removed.length > 0 ? `${text.filesRemoved} ${removed.join(', ')}` : null,
        ]
          .filter(Boolean)
          .join('; ')}
      </Text>
    );
  }
  // References carry the referenced records' names when the account may see them.
  const before = change.oldDisplayValue ?? formatTimelineValue(attribute, change.oldValue);
  const after = change.newDisplayValue ?? formatTimelineValue(attribute, change.newValue) ?? text.emptyValue;
  const showBefore = change.action !== 'created' || before !== null;
  return (
    <Text size="sm" component="span">
      <Text span fw={500}>
        {name}:
      </Text>{' '}
      {showBefore && (
        <>
          <Text span c="dimmed">
            {before ?? text.emptyValue}
          </Text>{' '}
          <Icon name="arrow_forward" size="1em" style={{ verticalAlign: 'middle' }} />
          <VisuallyHidden> {text.changedTo} </VisuallyHidden>{' '}
        </>
      )}
      <Text span>{after}</Text>
    </Text>
  );
}
