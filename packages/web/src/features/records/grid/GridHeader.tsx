import { Checkbox } from '@mantine/core';
import { recordsText } from '../../../i18n/records.ts';
import { tagsText } from '../../../i18n/tags.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { SELECT_WIDTH, type GridLayout } from './GridBody.tsx';
import type { GridColumn } from './grid-columns.ts';
import type { GridPosition } from './grid-position.ts';

const text = recordsText;

export interface GridHeaderProps {
  layout: GridLayout;
  order: GridPosition['order'];
  onSort: (column: GridColumn) => void;
  allSelected: boolean;
  someSelected: boolean;
  onToggleAll: () => void;
}

/** The grid's header row: select all, id, the columns (sortable ones as buttons), tags, actions. */
export function GridHeader({
  layout,
  order,
  onSort,
  allSelected,
  someSelected,
  onToggleAll,
}: GridHeaderProps) {
  const { columns, template, totalWidth, fixedOffsets, showId, sla } = layout;

  return (
    <div
      className="grid-header"
      role="row"
      aria-rowindex={1}
      style={{ gridTemplateColumns: template, width: totalWidth }}
    >
      <div role="columnheader" className="grid-cell grid-fixed" style={{ left: 0 }}>
        <Checkbox
          aria-label={text.grid.selectAll}
          checked={allSelected}
          indeterminate={!allSelected && someSelected}
          onChange={onToggleAll}
        />
      </div>
      {showId && (
        <div role="columnheader" className="grid-cell grid-fixed" style={{ left: SELECT_WIDTH }}>
          {text.grid.id}
        </div>
      )}
      {sla !== null && (
        <div role="columnheader" className="grid-cell grid-fixed" style={{ left: sla }}>
          {text.grid.sla}
        </div>
      )}
      {columns.map((column) => {
        const sorted = order?.attribute === column.attribute.identifier ? order.direction : undefined;
        const left = fixedOffsets.get(column.key);
        return (
          <div
            key={column.key}
            role="columnheader"
            aria-sort={sorted === undefined ? undefined : sorted === 1 ? 'ascending' : 'descending'}
            className={`grid-cell${left !== undefined ? ' grid-fixed' : ''}`}
            style={left !== undefined ? { left } : undefined}
            title={column.attribute.tooltip ?? column.label}
          >
            {column.orderable ? (
              <button
                type="button"
                className="grid-sort"
                onClick={() => onSort(column)}
                aria-label={text.grid.sortBy(column.label)}
              >
                <span className="grid-header-label">{column.label}</span>
                <Icon
                  name={sorted === 1 ? 'arrow_upward' : sorted === 0 ? 'arrow_downward' : 'unfold_more'}
                  size="1em"
                />
              </button>
            ) : (
              <span className="grid-header-label">{column.label}</span>
            )}
          </div>
        );
      })}
      <div role="columnheader" className="grid-cell">
        <span className="grid-header-label">{tagsText.records.column}</span>
      </div>
      <div role="columnheader" className="grid-cell">
        <span className="visually-hidden">{text.grid.actions}</span>
      </div>
    </div>
  );
}
