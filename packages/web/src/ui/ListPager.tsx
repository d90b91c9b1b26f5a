import { Group, Pagination, Select, Text } from '@mantine/core';
import { t } from '../i18n/pt-BR.ts';

/**
 * The foot of a paged list (001 §9 page sizes): how many there are, the page size, the pages.
 * One piece for every settings list, the inbox and the search results.
 */
export function ListPager(props: {
  /** The list's size in words ('12 tags'); left out where the list does not say it. */
  totalText?: string;
  total: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  pageSizeLabel: string;
  /** The accessible name of the page buttons' navigation. */
  pagerLabel?: string;
  onPage: (page: number) => void;
  /** A new page size; the caller goes back to the first page. */
  onPageSize: (size: number) => void;
  /** Page buttons only once the list fills a page (the template lists, 001 §2.8). */
  pagesOnlyWhenFull?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  const showPages = !props.pagesOnlyWhenFull || props.total >= props.pageSize;
  return (
    <Group justify={props.totalText ? 'space-between' : 'flex-end'} wrap="wrap" gap="sm">
      {props.totalText && <Text size="sm">{props.totalText}</Text>}
      <Group gap="sm">
        <Select
          aria-label={props.pageSizeLabel}
          data={props.pageSizes.map(String)}
          value={String(props.pageSize)}
          onChange={(v) => {
            if (v) props.onPageSize(Number(v));
          }}
          allowDeselect={false}
          w={90}
        />
        {showPages && (
          <Pagination
            total={pages}
            value={Math.min(props.page, pages)}
            onChange={props.onPage}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? t.pager.previous : t.pager.next,
            })}
            getItemProps={(n) => ({ 'aria-label': t.pager.page(n) })}
            aria-label={props.pagerLabel ?? t.pager.pages}
          />
        )}
      </Group>
    </Group>
  );
}
