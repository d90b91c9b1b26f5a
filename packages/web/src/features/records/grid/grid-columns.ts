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

/** Page sizes (002 §9): 10, 25, 50, 100; a context reset adds 200 and 500. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const LARGE_PAGE_SIZES = [200, 500] as const;
export const DEFAULT_PAGE_SIZE = 50;

/** Temporary ids of new rows count down from 999999 (002 §2, §9). */
export const FIRST_TEMP_ID = 999999;
export function nextTempId(used: readonly number[]): number {
  return used.length === 0 ? FIRST_TEMP_ID : Math.min(...used) - 1;
}
