import { ActionIcon, Button, Group, TextInput, Tooltip } from '@mantine/core';
import type { ContextResponse } from '@talkbase/domain/contracts/contexts';
import type { TalkFilterRequest } from '@talkbase/domain/contracts/talks';
import { lazy, Suspense, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { recordsText } from '../../../i18n/records.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { GridTagPicker, TransferActions } from '../slots.ts';
import type { RecordAction } from '../actions/useRecordActions.tsx';
import { contextPath } from '../context-route.ts';
import { useSession } from '../../session/useSession.ts';

const text = recordsText;

/** The rules built in 'Filtrar', as the filter call's `filterJson` takes them. */
export type GridFilterTree = Record<string, unknown>;

// The saved-filter picker, 'Filtrar', 'Salvar filtro' and 'Editar filtro salvo' (features/filters)
// load beside the grid, not in its first load.
const GridFilterTools = lazy(() =>
  import('../../filters/GridFilterTools.tsx').then((m) => ({ default: m.GridFilterTools })),
);

export interface GridToolbarProps {
  toolbarRef: RefObject<HTMLDivElement | null>;
  subject: string;
  actions: ContextResponse['subject']['actions'];
  isActive: boolean;
  templateId: number | undefined;
  routeFilterIds: number[];
  routeMenuId: number | undefined;
  termInput: string;
  onTerm: (value: string) => void;
  filterIds: number[];
  onFilters: (ids: number[]) => void;
  /** The rules built in 'Filtrar' (the grid's filter tree). */
  filterTree: GridFilterTree | null;
  onFilterTree: (tree: GridFilterTree | null) => void;
  tagIds: number[];
  /** The grid's sort, for 'Exportar' (the view as shown). */
  order?: TalkFilterRequest['order'];
  onTags: (ids: number[]) => void;
  selectedIds: number[];
  onAddRow: () => void;
  onNewRecord: () => void;
  onAsk: (kind: RecordAction, ids: number[]) => void;
  onReset: () => void;
  /** The system columns the grid shows (exported with its columns) and their chooser. */
  systemColumns?: readonly string[];
  columnChooser?: ReactNode;
}

/** Above the grid: quick search, saved filters, tags, new rows and records, batch actions. */
export function GridToolbar({ toolbarRef, ...props }: GridToolbarProps) {
  const { subject, actions, isActive, selectedIds } = props;
  // Issue 39 item 8: only what the room can use. Customers open records through the form (their
  // company filled in, their rules shown), never by rows or files; the deactivated list is for
  // rooms that activate and deactivate (its way back, 'Ver ativos', always shows).
  const customer = useSession()?.user.customer === true;
  const bulkCreate = actions.Create && !customer;
  const inactiveList = actions.Deactivate || !isActive;

  return (
    <Group className="grid-toolbar" gap="sm" wrap="wrap" align="flex-end" ref={toolbarRef}>
      <TextInput
        label={text.grid.search}
        placeholder={text.grid.searchPlaceholder}
        leftSection={<Icon name="search" size="1.1em" />}
        value={props.termInput}
        onChange={(e) => props.onTerm(e.currentTarget.value)}
        maxLength={200}
        w={240}
      />
      <Suspense fallback={null}>
        <GridFilterTools
          subject={subject}
          tree={props.filterTree}
          onTree={props.onFilterTree}
          filterIds={props.filterIds}
          onFilterIds={props.onFilters}
        />
      </Suspense>
      <GridTagPicker value={props.tagIds} onChange={props.onTags} />
      <Group gap="xs" ml="auto">
        <TransferActions
          subject={subject}
          canCreate={bulkCreate}
          view={{
            isActive,
            filterIds: props.filterIds,
            ...(props.filterTree ? { filterJson: props.filterTree } : {}),
            tagIds: props.tagIds,
            ...(props.termInput.trim() ? { term: props.termInput.trim() } : {}),
            ...(props.order ? { order: props.order } : {}),
            ...(props.templateId ? { templateId: props.templateId } : {}),
            ...(props.systemColumns?.length ? { systemColumns: [...props.systemColumns] } : {}),
          }}
        />
        {bulkCreate && (
          <Button
            variant="light"
            leftSection={<Icon name="add_row_above" size="1.1em" />}
            onClick={props.onAddRow}
          >
            {text.grid.newRow}
          </Button>
        )}
        {actions.Create && (
          <Button leftSection={<Icon name="add" size="1.1em" />} onClick={props.onNewRecord}>
            {text.grid.newRecord}
          </Button>
        )}
        {actions.Deactivate && (
          <Button
            variant="default"
            disabled={selectedIds.length === 0}
            onClick={() => props.onAsk(isActive ? 'deactivate' : 'activate', selectedIds)}
          >
            {isActive ? text.grid.deactivate : text.grid.activate}
          </Button>
        )}
        {actions.Delete && (
          <Button
            color="red"
            variant="light"
            disabled={selectedIds.length === 0}
            onClick={() => props.onAsk('delete', selectedIds)}
          >
            {text.grid.delete}
          </Button>
        )}
        {props.columnChooser}
        <Tooltip label={text.grid.reset}>
          <ActionIcon variant="default" size="lg" aria-label={text.grid.reset} onClick={props.onReset}>
            <Icon name="restart_alt" size="1.2em" />
          </ActionIcon>
        </Tooltip>
        {inactiveList && (
          <Button
            component={Link}
            variant="subtle"
            to={contextPath('grid', subject, {
              templateId: props.templateId,
              filterIds: props.routeFilterIds,
              menuId: props.routeMenuId,
              isActive: !isActive,
            })}
          >
            {isActive ? text.grid.showDeactivated : text.grid.showActive}
          </Button>
        )}
      </Group>
    </Group>
  );
}
