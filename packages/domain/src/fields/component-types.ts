/**
 * The component types of spec 002 §3, by number. `group` is what editors and rules share:
 * the spec's own groups (text-like, select, boolean, date-time) for the ids it lists, and ours for
 * the rest. Component 2 is also called 'Identificacao'.
 */
export type ComponentGroup =
  | 'text-like'
  | 'select'
  | 'boolean'
  | 'date-time'
  | 'date'
  | 'measurement'
  | 'e-mail'
  | 'licence-plate'
  | 'file'
  | 'structured';

export interface ComponentType {
  readonly id: number;
  readonly name: string;
  readonly group: ComponentGroup;
}

export const IDENTIFICATION_ALIAS = 'Identificacao';

export const COMPONENT_TYPES: readonly ComponentType[] = [
  { id: 1, name: 'text', group: 'text-like' },
  { id: 2, name: 'cnpj-cpf', group: 'text-like' },
  { id: 3, name: 'number', group: 'text-like' },
  { id: 4, name: 'single-select', group: 'select' },
  { id: 5, name: 'measurement', group: 'measurement' },
  { id: 6, name: 'phone', group: 'text-like' },
  { id: 10, name: 'yes-no-empty', group: 'boolean' },
  { id: 11, name: 'date-time', group: 'date-time' },
  { id: 12, name: 'filter', group: 'structured' },
  { id: 13, name: 'e-mail', group: 'e-mail' },
  { id: 14, name: 'related-subject-tree', group: 'select' },
  { id: 15, name: 'model-columns', group: 'text-like' },
  { id: 16, name: 'select-filter', group: 'text-like' },
  { id: 17, name: 'multiple-e-mails', group: 'e-mail' },
  { id: 18, name: 'schedule', group: 'text-like' },
  { id: 19, name: 'time', group: 'text-like' },
  { id: 20, name: 'select-model', group: 'text-like' },
  { id: 22, name: 'file', group: 'file' },
  { id: 23, name: 'measurement', group: 'measurement' },
  { id: 24, name: 'measurement', group: 'measurement' },
  { id: 25, name: 'measurement', group: 'measurement' },
  { id: 26, name: 'multiline-text', group: 'text-like' },
  { id: 27, name: 'switch', group: 'boolean' },
  { id: 28, name: 'time-window', group: 'date-time' },
  { id: 29, name: 'carrier-relationship', group: 'structured' },
  { id: 30, name: 'text', group: 'text-like' },
  { id: 31, name: 'licence-plate', group: 'licence-plate' },
  { id: 32, name: 'date', group: 'date' },
  { id: 33, name: 'multiple-e-mails', group: 'e-mail' },
  { id: 34, name: 'file-on-demand', group: 'file' },
];

const byId = new Map(COMPONENT_TYPES.map((type) => [type.id, type]));

/** The numeric id of a component: a known number, its text ("4") or 'Identificacao'. */
export function resolveComponentId(id: unknown): number | undefined {
  if (typeof id === 'number') return byId.has(id) ? id : undefined;
  if (typeof id !== 'string') return undefined;
  const text = id.trim();
  if (text.toLowerCase() === IDENTIFICATION_ALIAS.toLowerCase()) return 2;
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return byId.has(n) ? n : undefined;
}

export function componentType(id: unknown): ComponentType | undefined {
  const resolved = resolveComponentId(id);
  return resolved === undefined ? undefined : byId.get(resolved);
}

export function componentGroup(id: unknown): ComponentGroup | undefined {
  return componentType(id)?.group;
}
