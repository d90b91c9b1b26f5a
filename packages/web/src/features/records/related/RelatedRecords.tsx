import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Table,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { ContextRelatedSubject, ContextResponse } from '@talkbase/domain/contracts/contexts';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { displayText } from '../../../fields/display.ts';
import { relatedText } from '../../../i18n/related-records.ts';
import { DeferredDialog } from '../../../ui/DeferredDialog.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { useRealtimeEvent, useRealtimeResync } from '../../realtime/useRealtimeEvent.ts';
import { readAgain } from '../../realtime/read-again.ts';
import { contextPath } from '../context-route.ts';
import { GridFooter } from '../grid/GridFooter.tsx';
import { gridColumns } from '../grid/grid-columns.ts';
import { INITIAL_POSITION, type GridPosition } from '../grid/grid-position.ts';
import { fetchContext, fetchTalk, filterTalks } from '../records-api.ts';
import { loadFormRules } from '../slots.ts';

const text = relatedText;

// The child's form (and the form rules) load when "Novo" is first pressed.
const RelatedNewModal = lazy(() =>
  Promise.all([import('./RelatedNewModal.tsx'), loadFormRules()]).then(([m]) => ({
    default: m.RelatedNewModal,
  })),
);

/** At most this many of the child's columns: the area is a small grid beside the record. */
const MAX_COLUMNS = 5;
const RELATED_PAGE_SIZE = 10;

const tabKey = (r: ContextRelatedSubject) => `${r.relatedSubject.subjectIdentifier}:${r.subjectAttributeId}`;

/**
 * A record's "Relacionados" area (issue 35 item 1): one tab per subject whose attribute points to
 * this record's subject and which the account may read (the context's `subjectsThatReferThis`,
 * already filtered by the server), each a small grid of that subject's default template filtered
 * by this record (`talkParent`), with paging, a link to each record, and "Novo" that opens the
 * child's registration form with this record already set.
 */
export function RelatedRecords({ context, talkId }: { context: ContextResponse; talkId: number }) {
  const referring = context.subjectsThatReferThis;
  const [chosen, setTab] = useState<string | null>(null);
  const first = referring[0];
  if (!first || talkId <= 0) return null;
  // The tab chosen while it exists (another subject's record may have other tabs), else the first.
  const tab = referring.some((r) => tabKey(r) === chosen) ? chosen : tabKey(first);
  return (
    <section
      className="related-records"
      aria-labelledby="related-records-title"
      style={{
        marginTop: 'var(--mantine-spacing-lg)',
        paddingTop: 'var(--mantine-spacing-md)',
        borderTop: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Title order={2} size="h4" id="related-records-title" mb="xs">
        {text.title}
      </Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List aria-label={text.tabs}>
          {referring.map((r) => (
            <Tabs.Tab
              key={tabKey(r)}
              value={tabKey(r)}
              leftSection={<Icon name={r.relatedSubject.icon ?? 'description'} size="1.1em" />}
            >
              {referring.filter((o) => o.relatedSubject.subjectId === r.relatedSubject.subjectId).length > 1
                ? text.tabLabel(r.relatedSubject.subjectName, r.attributeName)
                : r.relatedSubject.subjectName}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {referring.map((r) => (
          <Tabs.Panel key={tabKey(r)} value={tabKey(r)} pt="sm">
            <RelatedGrid parent={context} parentTalkId={talkId} link={r} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </section>
  );
}

function Pending() {
  return (
    <Group justify="center" p="md" gap="xs">
      <Loader size="sm" />
      <Text c="dimmed" size="sm">
        {text.loading}
      </Text>
    </Group>
  );
}

function Failed({ retry }: { retry: () => void }) {
  return (
    <Alert color="red" role="alert" title={text.loadError}>
      <Button variant="light" color="red" mt="sm" size="xs" onClick={retry}>
        {text.retry}
      </Button>
    </Alert>
  );
}

/** One tab: the child subject's records whose `link` attribute points to the parent record. */
function RelatedGrid({
  parent,
  parentTalkId,
  link,
}: {
  parent: ContextResponse;
  parentTalkId: number;
  link: ContextRelatedSubject;
}) {
  const child = link.relatedSubject.subjectIdentifier;
  const childName = link.relatedSubject.subjectName;
  const queryClient = useQueryClient();
  const [position, setPosition] = useState<GridPosition>({
    ...INITIAL_POSITION,
    pageSize: RELATED_PAGE_SIZE,
  });
  const [creating, setCreating] = useState(false);
  // The child subject's grid context: its default template's columns and what the account may do.
  const context = useQuery({
    queryKey: ['context', 'grid', child, undefined],
    queryFn: ({ signal }) => fetchContext('grid', child, undefined, signal),
    staleTime: 30_000,
  });
  const body = {
    isActive: true,
    page: position.page,
    fetch: position.pageSize,
    scenario: 'grid',
    filterIds: [],
    tagIds: [],
    talkParent: { subjectAttributeId: link.subjectAttributeId, talkId: parentTalkId },
  };
  // Under ['talks', child]: a save of a child (here or in its own grid) reloads this list too.
  const page = useQuery({
    queryKey: ['talks', child, 'related', body],
    queryFn: ({ signal }) => filterTalks(child, body, signal),
    placeholderData: keepPreviousData,
  });
  // The parent's name, for the reference field of a new child.
  const parentTalk = useQuery({
    queryKey: ['talk', parent.subject.subjectIdentifier, parentTalkId],
    queryFn: ({ signal }) => fetchTalk(parent.subject.subjectIdentifier, parentTalkId, signal),
    enabled: creating,
  });
  // Live: a child added, changed or removed anywhere (another person, another tab) shows here.
  useRealtimeEvent(realtimeEvents.talkUpdates, (data) => {
    if ((data as { subject?: unknown } | null)?.subject !== child) return;
    void readAgain(queryClient, { queryKey: ['talks', child, 'related'] });
  });
  // Back from a cut connection: what changed meanwhile was never pushed.
  useRealtimeResync(() => void readAgain(queryClient, { queryKey: ['talks', child, 'related'] }), {
    firstOpen: false,
  });
  const parentDisplay = parentTalk.data?.displayName ?? `#${String(parentTalkId)}`;
  const recordParent = useMemo(
    () => ({
      subjectAttributeId: link.subjectAttributeId,
      talkId: parentTalkId,
      displayName: parentDisplay,
      isMultipleValues: link.isMultipleValues,
    }),
    [link.subjectAttributeId, link.isMultipleValues, parentTalkId, parentDisplay],
  );
  const columns = useMemo(
    () =>
      context.data
        ? gridColumns(context.data.template, context.data.subject.subjectAttributes)
            .filter((c) => c.attribute.subjectAttributeId !== link.subjectAttributeId)
            .slice(0, MAX_COLUMNS)
        : [],
    [context.data, link.subjectAttributeId],
  );

  if (context.isPending || page.isPending) return <Pending />;
  if (context.isError || (page.isError && !page.data)) {
    return (
      <Failed
        retry={() => {
          void context.refetch();
          void page.refetch();
        }}
      />
    );
  }
  const rows = page.data.itens;
  const total = page.data.totalResults;
  const lastPage = Math.max(1, Math.ceil(total / position.pageSize));
  if (!page.isPlaceholderData && position.page > lastPage) {
    setPosition((p) => ({ ...p, page: lastPage }));
  }
  const canCreate = context.data.subject.actions.Create;
  const showId = context.data.template?.showTalkIdOnGrid ?? true;

  return (
    <div className="related-grid" data-related={child}>
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="dimmed">
          {link.attributeName}
        </Text>
        {canCreate && (
          <Button
            size="xs"
            leftSection={<Icon name="add" size="1em" />}
            onClick={() => setCreating(true)}
            aria-label={text.newChildOf(childName)}
          >
            {text.newChild}
          </Button>
        )}
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm" p="md" ta="center" className="related-empty">
          {text.empty(childName)}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table
            highlightOnHover
            aria-label={text.gridLabel(childName)}
            aria-busy={page.isFetching}
            verticalSpacing={6}
          >
            <Table.Thead>
              <Table.Tr>
                {showId && <Table.Th>{text.id}</Table.Th>}
                {columns.map((c) => (
                  <Table.Th key={c.key}>{c.label}</Table.Th>
                ))}
                <Table.Th>
                  <VisuallyHidden>{text.open}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.talkId} data-talk={row.talkId}>
                  {showId && <Table.Td>{row.talkId}</Table.Td>}
                  {columns.map((c) => (
                    <Table.Td key={c.key}>
                      {displayText(
                        c.attribute,
                        row.talkValues.find((v) => v.subjectAttributeId === c.attribute.subjectAttributeId),
                      )}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={contextPath('talk', child, { talkId: row.talkId })}
                      size="sm"
                      aria-label={text.openRecord(childName, row.talkId)}
                    >
                      {text.open}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total > 0 && (
        <GridFooter
          position={position}
          total={total}
          lastPage={lastPage}
          selectedCount={0}
          onPageSize={(pageSize) => setPosition((p) => ({ ...p, pageSize, page: 1 }))}
          onPage={(n) => setPosition((p) => ({ ...p, page: n }))}
        />
      )}
      <DeferredDialog open={creating}>
        {(ready) => (
          <RelatedNewModal
            context={context.data}
            title={text.newTitle(childName)}
            opened={ready && creating}
            parent={recordParent}
            onClose={() => setCreating(false)}
          />
        )}
      </DeferredDialog>
    </div>
  );
}
