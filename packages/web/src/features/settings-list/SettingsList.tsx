import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { ListPager } from '../../ui/ListPager.tsx';
import { ListStates } from '../../ui/ListStates.tsx';
import type { ListPaging } from './useListPaging.ts';

type ListStatesProps = ComponentProps<typeof ListStates>;

/**
 * The frame of a settings list page: the title with its buttons, the search or filters, the rows
 * (or the loading, error and empty states instead), the pager and the page's dialogs. The page
 * brings its own rows, texts and calls.
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
  query: ListStatesProps['query'];
  /** The page's rows, once loaded. */
  rows: readonly Row[] | undefined;
  texts: ListStatesProps['texts'];
  /** Draws the rows when there are some. */
  children: (rows: readonly Row[]) => ReactNode;
  paging: ListPaging;
  pager: {
    total: number;
    totalText: string;
    pageSizes: readonly number[];
    pageSizeLabel: string;
    pagesOnlyWhenFull?: boolean;
  };
  /** The confirmation and any other dialog of the page. */
  dialogs?: ReactNode;
}) {
  const { rows, paging, pager } = props;
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
        <ListStates query={props.query} empty={rows?.length === 0} texts={props.texts} />
        {rows && rows.length > 0 && props.children(rows)}
      </Paper>
      {rows && pager.total > 0 && (
        <ListPager
          totalText={pager.totalText}
          total={pager.total}
          page={paging.page}
          pageSize={paging.pageSize}
          pageSizes={pager.pageSizes}
          pageSizeLabel={pager.pageSizeLabel}
          onPage={paging.setPage}
          onPageSize={paging.setPageSize}
          pagesOnlyWhenFull={pager.pagesOnlyWhenFull}
        />
      )}
      {props.dialogs}
    </Stack>
  );
}
