import type { ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import type { Template, TemplateArea, ViewTemplateAreaConfigs } from '@talkbase/domain/contracts/templates';

export interface FormField {
  kind: 'field';
  key: string;
  attribute: ContextSubjectAttribute;
  label: string;
  area: ViewTemplateAreaConfigs | undefined;
  /** Areas nested under this field's area (002 §2 "nested areas"). */
  children: FormNode[];
}

export interface FormGroup {
  kind: 'group';
  key: string;
  areaId: number;
  legend: string;
  children: FormNode[];
}

export type FormNode = FormField | FormGroup;

const byOrder = (a: TemplateArea, b: TemplateArea) => a.order - b.order;

/**
 * A form's layout from its template (002 §2 "Form"): areas with an attribute are fields (with
 * their extra attributes beside them), areas without one are groups with a legend; nested areas
 * follow. Without a template (or with one that places nothing) every non-internal attribute, in
 * order. Attributes the context does not carry (removed meanwhile) are left out.
 */
export function formLayout(
  template: Template | null | undefined,
  attributes: readonly ContextSubjectAttribute[],
): FormNode[] {
  const byId = new Map(attributes.map((a) => [a.subjectAttributeId, a]));
  const convert = (areas: readonly TemplateArea[]): FormNode[] =>
    [...areas].sort(byOrder).flatMap((area): FormNode[] => {
      const children = convert(area.templateAreasMap);
      const attribute = area.subjectAttributeId !== null ? byId.get(area.subjectAttributeId) : undefined;
      if (area.subjectAttributeId === null) {
        if (children.length === 0) return [];
        return [
          {
            kind: 'group',
            key: `g${area.templateAreaId}`,
            areaId: area.templateAreaId,
            legend: area.templateAreaName ?? '',
            children,
          },
        ];
      }
      if (!attribute) return children;
      const extras = area.templateAreaSubjectAttributes.flatMap((extra): FormNode[] => {
        const a = byId.get(extra.subjectAttributeId);
        if (!a || a.subjectAttributeId === attribute.subjectAttributeId) return [];
        return [
          {
            kind: 'field',
            key: `a${area.templateAreaId}-${a.subjectAttributeId}`,
            attribute: a,
            label: extra.templateAreaSubjectAttributeLabel || a.name,
            area: undefined,
            children: [],
          },
        ];
      });
      return [
        {
          kind: 'field',
          key: `a${area.templateAreaId}`,
          attribute,
          label: area.templateAreaName || attribute.name,
          area: area.viewTemplateAreaConfigs,
          children,
        },
        ...extras,
      ];
    });
  const placed = template ? convert(template.templateAreas) : [];
  if (placed.length > 0) return placed;
  return attributes
    .filter((a) => !a.isInternal)
    .sort(byAttributeOrder)
    .map(plainField);
}

const byAttributeOrder = (a: ContextSubjectAttribute, b: ContextSubjectAttribute) => a.order - b.order;

/** An attribute's field outside any template area: its own name and configs. */
function plainField(attribute: ContextSubjectAttribute): FormField {
  return {
    kind: 'field',
    key: `a-${attribute.subjectAttributeId}`,
    attribute,
    label: attribute.name,
    area: undefined,
    children: [],
  };
}

/**
 * The layout with the non-internal attributes it leaves out for which `wanted` holds appended,
 * in the attributes' order. With "must be filled" (the attribute's own rule or the subject's at
 * the record's current state): whatever the template, a field a rule requires is shown, so a save
 * is never refused for a field the user cannot see (issue 39).
 */
export function withFieldsAppended(
  layout: FormNode[],
  attributes: readonly ContextSubjectAttribute[],
  wanted: (attribute: ContextSubjectAttribute) => boolean,
): FormNode[] {
  const placed = new Set(formFields(layout).map((f) => f.attribute.subjectAttributeId));
  const missing = attributes
    .filter((a) => !a.isInternal && !placed.has(a.subjectAttributeId) && wanted(a))
    .sort(byAttributeOrder);
  return missing.length === 0 ? layout : [...layout, ...missing.map(plainField)];
}

/** Every field of a layout, in reading order, each attribute once. */
export function formFields(nodes: readonly FormNode[]): FormField[] {
  const seen = new Set<number>();
  const out: FormField[] = [];
  const walk = (list: readonly FormNode[]) => {
    for (const node of list) {
      if (node.kind === 'field' && !seen.has(node.attribute.subjectAttributeId)) {
        seen.add(node.attribute.subjectAttributeId);
        out.push(node);
      }
      walk(node.children);
    }
  };
  walk(nodes);
  return out;
}

/** The groups of a layout (top level first): the talk view's side menu (002 §2 "Talk"). */
export function formGroups(nodes: readonly FormNode[]): FormGroup[] {
  return nodes.flatMap((node) =>
    node.kind === 'group' ? [node, ...formGroups(node.children)] : formGroups(node.children),
  );
}
