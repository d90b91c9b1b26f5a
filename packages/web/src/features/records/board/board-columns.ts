import type { ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import type { FilterNode } from '@talkbase/domain/filters/filter-tree';
import { boardText } from '../../../i18n/board.ts';

/** Cards a column loads per call (and per "carregar mais"). */
export const BOARD_PAGE_SIZE = 50;
/** Options of a select the board makes columns of: a select with more is better as a list. */
export const MAX_BOARD_COLUMNS = 60;

export interface BoardColumn {
  /** Stable within a board: 'o12' (option 12), 'true', 'false', 'empty'. */
  key: string;
  label: string;
  /** The value a card dropped here (or a new record from its "+") gets. */
  value: unknown;
  /** The rule that selects the column's records. */
  filter: FilterNode;
  /** A select option's id: the new-record form shows the column's label for it. */
  optionId?: number;
}

/** An option of a single select (GET /api/SubjectAttribute/related/{attrId}). */
export interface BoardOption {
  id: number;
  name: string;
}

const SINGLE_SELECT = 4;
const SWITCH = 27;

/**
 * The columns of a board grouped by `attribute`, in the option order: a select's options then "Sem
 * valor"; a yes/no's Sim, Não and "Sem valor" (not when it is required); a switch's Sim and Não (off
 * and never set are one column, as the switch shows them).
 */
export function boardColumns(
  attribute: ContextSubjectAttribute,
  options: readonly BoardOption[] = [],
): BoardColumn[] {
  const by = attribute.subjectAttributeIdentifier;
  const empty: BoardColumn = {
    key: 'empty',
    label: boardText.emptyValue,
    value: null,
    filter: { attribute: by, operator: 'is_empty' },
  };
  if (attribute.componentId === SINGLE_SELECT) {
    return [
      ...options.slice(0, MAX_BOARD_COLUMNS).map((o) => ({
        key: `o${o.id}`,
        label: o.name,
        value: o.id,
        optionId: o.id,
        filter: { attribute: by, operator: 'equal' as const, value: o.id },
      })),
      ...(attribute.isRequired ? [] : [empty]),
    ];
  }
  const yes: BoardColumn = {
    key: 'true',
    label: boardText.yes,
    value: true,
    filter: { attribute: by, operator: 'equal', value: true },
  };
  if (attribute.componentId === SWITCH) {
    return [
      yes,
      {
        key: 'false',
        label: boardText.no,
        value: false,
        filter: {
          condition: 'OU',
          rules: [
            { attribute: by, operator: 'equal', value: false },
            { attribute: by, operator: 'is_empty' },
          ],
        },
      },
    ];
  }
  return [
    yes,
    {
      key: 'false',
      label: boardText.no,
      value: false,
      filter: { attribute: by, operator: 'equal', value: false },
    },
    ...(attribute.isRequired ? [] : [empty]),
  ];
}
