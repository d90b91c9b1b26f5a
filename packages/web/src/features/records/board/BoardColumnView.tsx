import { ActionIcon, Alert, Badge, Button, Group, Loader, Text, Tooltip } from '@mantine/core';
import { useDroppable } from '@dnd-kit/core';
import type { ApiTalk } from '@talkbase/domain/contracts/talks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { boardText } from '../../../i18n/board.ts';
import { Icon } from '../../../ui/Icon.tsx';
import type { GridColumn } from '../grid/grid-columns.ts';
import { BoardCard } from './BoardCard.tsx';
import type { BoardColumn } from './board-columns.ts';
import { cardsOf, columnKey, fetchColumnPage, totalOf, type BoardBase } from './board-data.ts';

const text = boardText;
const CARD_ESTIMATE = 116;

export interface BoardColumnProps {
  subject: string;
  attributeId: number;
  base: BoardBase;
  column: BoardColumn;
  columns: readonly BoardColumn[];
  fields: readonly GridColumn[];
  /** The card being dragged: kept drawn while the column scrolls. */
  activeId: number | null;
  canMove: (talk: ApiTalk) => boolean;
  hrefOf: (talkId: number) => string;
  onMove: (talk: ApiTalk, from: string, to: string) => void;
  /** Opens a new record with this column's value; undefined when the account may not create. */
  onNew: ((column: BoardColumn) => void) | undefined;
}

/**
 * One column of the board: its count, its records 50 at a time as it scrolls ("Carregar mais" for
 * the keyboard), drawn only where visible so thousands of cards scroll smoothly.
 */
export function BoardColumnView(props: BoardColumnProps) {
  const { subject, attributeId, base, column, activeId } = props;
  const query = useInfiniteQuery({
    queryKey: columnKey(subject, attributeId, column.key, base),
    queryFn: ({ pageParam, signal }) => fetchColumnPage(subject, base, column.filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.itens.length, 0);
      return last.itens.length === 0 || loaded >= last.totalResults ? undefined : pages.length + 1;
    },
  });
  const cards = cardsOf(query.data);
  const total = totalOf(query.data);
  const { setNodeRef, isOver } = useDroppable({ id: column.key, data: { label: column.label } });
  const scrollRef = useRef<HTMLDivElement>(null);
  const activeIndex = activeId === null ? -1 : cards.findIndex((c) => c.talkId === activeId);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualiser re-renders this column on scroll; cards are memoised on their own props.
  const virtualizer = useVirtualizer({
    count: cards.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_ESTIMATE,
    overscan: 4,
    gap: 8,
    getItemKey: (i) => cards[i]?.talkId ?? i,
    rangeExtractor: (range) => {
      const indexes: number[] = [];
      const start = Math.max(0, range.startIndex - range.overscan);
      const end = Math.min(range.count - 1, range.endIndex + range.overscan);
      for (let i = start; i <= end; i++) indexes.push(i);
      if (activeIndex >= 0 && !indexes.includes(activeIndex)) indexes.push(activeIndex);
      return indexes.sort((a, b) => a - b);
    },
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= cards.length - 5)
      void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastIndex, cards.length]);

  const headingId = `board-col-${column.key}`;
  return (
    <section
      ref={setNodeRef}
      className="board-column"
      data-over={isOver || undefined}
      data-column={column.key}
      aria-labelledby={headingId}
    >
      <header className="board-column-head">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text component="h2" id={headingId} fw={600} size="sm" truncate="end" title={column.label}>
            {column.label}
          </Text>
          {(query.data || query.isPending) && (
            <Badge
              variant="light"
              color="gray"
              size="sm"
              aria-label={query.data ? text.count(total) : text.loadingColumn}
            >
              {query.data ? total.toLocaleString('pt-BR') : '…'}
            </Badge>
          )}
        </Group>
        {props.onNew && (
          <Tooltip label={text.newIn(column.label)} openDelay={400}>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={text.newIn(column.label)}
              onClick={() => props.onNew?.(column)}
            >
              <Icon name="add" size="1.1em" />
            </ActionIcon>
          </Tooltip>
        )}
      </header>
      <div ref={scrollRef} className="board-column-body" aria-busy={query.isFetching}>
        {query.isPending ? (
          <Group justify="center" p="md" gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {text.loadingColumn}
            </Text>
          </Group>
        ) : query.isError && !query.data ? (
          <Alert color="red" role="alert" p="xs" title={text.columnError}>
            <Button size="compact-xs" variant="light" color="red" onClick={() => void query.refetch()}>
              {text.retry}
            </Button>
          </Alert>
        ) : cards.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" p="md" className="board-column-empty">
            {text.emptyColumn}
          </Text>
        ) : (
          <div
            role="list"
            aria-label={text.column(column.label, total)}
            style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
          >
            {items.map((item) => {
              const talk = cards[item.index];
              if (!talk) return null;
              return (
                <div
                  key={item.key}
                  role="listitem"
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    transform: `translateY(${item.start}px)`,
                  }}
                >
                  <BoardCard
                    talk={talk}
                    columnKey={column.key}
                    fields={props.fields}
                    columns={props.columns}
                    href={props.hrefOf(talk.talkId)}
                    canMove={props.canMove(talk)}
                    onMove={props.onMove}
                  />
                </div>
              );
            })}
          </div>
        )}
        {hasNextPage && (
          <Group justify="center" p="xs">
            <Button
              size="compact-xs"
              variant="subtle"
              loading={isFetchingNextPage}
              onClick={() => void fetchNextPage({ cancelRefetch: false })}
            >
              {text.loadMore}
            </Button>
          </Group>
        )}
      </div>
    </section>
  );
}
