import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { ListPager } from '../../ui/ListPager.tsx';
import { ListStates } from '../../ui/ListStates.tsx';
import type { ListPaging } from './useListPaging.ts';
import type { ListRemoval } from './useListRemoval.ts';

/** The texts every settings list has, under these names in its i18n `list` texts. */
export interface SettingsListTexts {
  loadError: string;
  reload: string;
  empty: string;
  pageSize: string;
  total: (n: number) => string;
  /** The delete confirmation's title and question, for a list that confirms with `removal`. */
  removeTitle?: string;
  confirmRemove?: string;
}

/** A list's query: one page of rows (`itens`) and how many there are in all. */
export interface SettingsListQuery<Row> {
  isPending: boolean;
  isError: boolean;
  data?: { itens: readonly Row[]; totalResults: number } | undefined;
  refetch: () => unknown;
}

/**
 * The frame of a settings list page: the title with its buttons, the search or filters, the rows
 * (or the loading, error and empty states instead), the pager and the delete confirmation. The
 * page brings its own rows, texts and calls.
 */
export function SettingsList<Row>(props: {
  title: string;
  /** Beside the title, such as the search toggle. */
  titleAside?: ReactNode;
  /** Across from the title: the new-item button and the like. */
  actions?: ReactNode;
  /** Between the title and the rows: the search box, filters. */
  toolbar?: ReactNode;
  maw?: number;
  list: SettingsListQuery<Row>;
  texts: SettingsListTexts;
  /** Draws the rows when there are some. */
  children: (rows: readonly Row[]) => ReactNode;
  paging: ListPaging;
  pageSizes: readonly number[];
  /** Page buttons only once the list fills a page. */
  pagesOnlyWhenFull?: boolean;
  /** Asks with `texts.removeTitle` and `texts.confirmRemove`, in red unless `confirmDanger` is false. */
  removal?: Pick<ListRemoval<never>, 'confirmProps'>;
  confirmDanger?: boolean;
  /** Any other dialog of the page. */
  dialogs?: ReactNode;
}) {
  const { list, texts, paging, removal } = props;
  const rows = list.data?.itens;
  const total = list.data?.totalResults ?? 0;
  const heading = (
    <Title order={1} size="h2">
      {props.title}
    </Title>
  );
  return (
    <Stack gap="md" maw={props.maw ?? 900}>
      <Group justify="space-between" wrap="wrap">
        {props.titleAside ? (
          <Group gap="xs">
            {heading}
            {props.titleAside}
          </Group>
        ) : (
          heading
        )}
        {props.actions}
      </Group>
      {props.toolbar}
      <Paper withBorder radius="md">
        <ListStates query={list} empty={rows?.length === 0} texts={texts} />
        {rows && rows.length > 0 && props.children(rows)}
      </Paper>
      {rows && total > 0 && (
        <ListPager
          totalText={texts.total(total)}
          total={total}
          page={paging.page}
          pageSize={paging.pageSize}
          pageSizes={props.pageSizes}
          pageSizeLabel={texts.pageSize}
          onPage={paging.setPage}
          onPageSize={paging.setPageSize}
          pagesOnlyWhenFull={props.pagesOnlyWhenFull}
        />
      )}
      {removal && (
        <ConfirmModal
          {...removal.confirmProps}
          title={texts.removeTitle}
          danger={props.confirmDanger ?? true}
        >
          {texts.confirmRemove}
        </ConfirmModal>
      )}
      {props.dialogs}
    </Stack>
  );
}
