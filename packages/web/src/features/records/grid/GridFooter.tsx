import { Group, Pagination, Select, Text } from '@mantine/core';
import { recordsText } from '../../../i18n/records.ts';
import { LARGE_PAGE_SIZES, PAGE_SIZES } from './grid-columns.ts';
import type { GridPosition } from './grid-position.ts';

const text = recordsText;

export interface GridFooterProps {
  position: GridPosition;
  total: number;
  lastPage: number;
  selectedCount: number;
  onPageSize: (pageSize: number) => void;
  onPage: (page: number) => void;
}

/** Below the grid: the range shown, the selection, the page size and the pages. */
export function GridFooter({
  position,
  total,
  lastPage,
  selectedCount,
  onPageSize,
  onPage,
}: GridFooterProps) {
  const pageSizes = [...PAGE_SIZES, ...(position.largePages ? LARGE_PAGE_SIZES : [])].map(String);
  const from = total === 0 ? 0 : (position.page - 1) * position.pageSize + 1;
  const to = Math.min(total, position.page * position.pageSize);
  return (
    <Group className="grid-footer" justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {text.grid.range(from, to, total)}
        {selectedCount > 0 && ` · ${text.grid.selected(selectedCount)}`}
      </Text>
      <Group gap="sm">
        <Select
          aria-label={text.grid.pageSize}
          data={pageSizes}
          value={String(position.pageSize)}
          onChange={(v) => v && onPageSize(Number(v))}
          allowDeselect={false}
          w={90}
          size="xs"
        />
        <Pagination
          total={lastPage}
          value={Math.min(position.page, lastPage)}
          onChange={onPage}
          size="sm"
          siblings={1}
          getControlProps={(control) => ({
            'aria-label':
              control === 'next'
                ? 'Próxima página'
                : control === 'previous'
                  ? 'Página anterior'
                  : control === 'first'
                    ? 'Primeira página'
                    : 'Última página',
          })}
        />
      </Group>
    </Group>
  );
}
