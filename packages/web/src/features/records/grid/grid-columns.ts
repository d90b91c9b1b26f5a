import type { ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import type { Template, TemplateArea } from '@talkbase/domain/contracts/templates';

export const DEFAULT_COLUMN_WIDTH = 150;

export interface GridColumn {
  key: string;
  attribute: ContextSubjectAttribute;
  label: string;
  width: number;
  fixed: boolean;
  orderable: boolean;
}

/**
 * The grid's columns from its template (002 §2, §3 "Template configs per attribute"): top-level
 * areas with an attribute, in order; Width (150 by default), IsFixed (fixed columns first),
 * ishidden. Sorting is offered where the server sorts (the attribute has a sort index). Without
 * a template, every non-internal attribute.
 */
export function gridColumns(
  template: Template | null | undefined,
  attributes: readonly ContextSubjectAttribute[],
): GridColumn[] {
  const byId = new Map(attributes.map((a) => [a.subjectAttributeId, a]));
  const areas = [...(template?.templateAreas ?? [])].sort((a, b) => a.order - b.order);
  const fromTemplate = areas.flatMap((area: TemplateArea): GridColumn[] => {
    const attribute = area.subjectAttributeId === null ? undefined : byId.get(area.subjectAttributeId);
    if (!attribute || area.viewTemplateAreaConfigs.ishidden) return [];
    return [
      {
        key: `c${area.templateAreaId}`,
        attribute,
        label: area.templateAreaName || attribute.name,
        width: area.viewTemplateAreaConfigs.Width || DEFAULT_COLUMN_WIDTH,
        fixed: area.viewTemplateAreaConfigs.IsFixed,
        orderable: attribute.isOrderable,
      },
    ];
  });
  const columns =
    fromTemplate.length > 0
      ? fromTemplate
      : attributes
          .filter((a) => !a.isInternal)
          .sort((a, b) => a.order - b.order)
          .map((attribute) => ({
            key: `a${attribute.subjectAttributeId}`,
            attribute,
            label: attribute.name,
            width: DEFAULT_COLUMN_WIDTH,
            fixed: false,
            orderable: attribute.isOrderable,
          }));
  return [...columns.filter((c) => c.fixed), ...columns.filter((c) => !c.fixed)];
}

/**
 * The record's own columns (issue 39): who created and last changed it, and when. Read-only, shown
 * when the user picks them ("Colunas do sistema"), ordered and filtered by the server under these
 * identifiers, exported with the grid's columns. Negative ids: never an attribute's.
 */
export const SYSTEM_COLUMNS = [
  { identifier: 'created_at', id: -1 },
  { identifier: 'created_by', id: -2 },
  { identifier: 'updated_at', id: -3 },
  { identifier: 'updated_by', id: -4 },
] as const;
export type SystemColumnName = (typeof SYSTEM_COLUMNS)[number]['identifier'];

export function systemColumn(identifier: SystemColumnName, label: string): GridColumn {
  const id = SYSTEM_COLUMNS.find((c) => c.identifier === identifier)?.id ?? -1;
  const attribute: ContextSubjectAttribute = {
    subjectAttributeId: id,
    identifier,
    subjectAttributeIdentifier: identifier,
    name: label,
    attributeName: label,
    subjectAttributeName: label,
    // An instant (date-time) or an account's name (text).
    componentId: identifier.endsWith('_at') ? 11 : 1,
    isRequired: false,
    isEditable: false,
    isNaturalKey: false,
    isMultipleValues: false,
    isOrderable: true,
    isInternal: false,
    length: null,
    defaultValue: null,
    componentConfigs: { readonly: true },
    relatedSubject: null,
    tooltip: null,
    description: null,
    icon: null,
    order: 10_000 - id,
    actions: { create: false, update: false, delete: false },
    preSelect: null,
  };
  return {
    key: `s_${identifier}`,
    attribute,
    label,
    width: DEFAULT_COLUMN_WIDTH,
    fixed: false,
    orderable: true,
  };
}

/** A talk's system values by their columns' ids, for the grid's rows. */
export function systemValuesOf(talk: {
  createdAt: string;
  createdByName?: string | null | undefined;
  updatedAt: string;
  updatedByName?: string | null | undefined;
}): [number, unknown][] {
  return [
    [-1, talk.createdAt],
    [-2, talk.createdByName ?? null],
    [-3, talk.updatedAt],
    [-4, talk.updatedByName ?? null],
  ];
}

/** Page sizes (002 §9): 10, 25, 50, 100; a context reset adds 200 and 500. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const LARGE_PAGE_SIZES = [200, 500] as const;
export const DEFAULT_PAGE_SIZE = 50;

/** Temporary ids of new rows count down from 999999 (002 §2, §9). */
export const FIRST_TEMP_ID = 999999;
export function nextTempId(used: readonly number[]): number {
  return used.length === 0 ? FIRST_TEMP_ID : Math.min(...used) - 1;
}
