import type { ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import type { AttributeInput, Subject, SubjectAttribute } from '@talkbase/domain/contracts/subjects';
import { identifierSchema } from '@talkbase/domain/contracts/subjects';
import { COMPONENT_TYPES, componentGroup } from '@talkbase/domain/fields/component-types';
import { valueKindOf } from '@talkbase/domain/records/value-kinds';
import { componentNames } from '../../i18n/subject-designer.ts';

/** An attribute as the designer edits it: the subjects contract's input, every field set. */
export interface DraftAttribute {
  /** The server's id once saved; undefined for one only in the draft. */
  subjectAttributeId?: number | undefined;
  identifier: string;
  name: string;
  componentId: number;
  isRequired: boolean;
  isEditable: boolean;
  isNaturalKey: boolean;
  isMultipleValues: boolean;
  isOrderable: boolean;
  isInternal: boolean;
  length: number | null;
  /** The value a new record starts from; `now` (DEFAULT_NOW) for a date: the moment of the create. */
  defaultValue: string | null;
  componentConfigs: Record<string, unknown>;
  /** Identifier of the related subject (selects, trees, model pickers). */
  relatedSubject: string | null;
  tooltip: string | null;
  description: string | null;
}

export function emptyAttribute(): DraftAttribute {
  return {
    identifier: '',
    name: '',
    componentId: 1,
    isRequired: false,
    isEditable: true,
    isNaturalKey: false,
    isMultipleValues: false,
    isOrderable: false,
    isInternal: false,
    length: null,
    defaultValue: null,
    componentConfigs: {},
    relatedSubject: null,
    tooltip: null,
    description: null,
  };
}

export function fromApi(a: SubjectAttribute): DraftAttribute {
  return {
    subjectAttributeId: a.subjectAttributeId,
    identifier: a.identifier,
    name: a.name,
    componentId: a.componentId,
    isRequired: a.isRequired,
    isEditable: a.isEditable,
    isNaturalKey: a.isNaturalKey,
    isMultipleValues: a.isMultipleValues,
    isOrderable: a.isOrderable,
    isInternal: a.isInternal,
    length: a.length,
    defaultValue: a.defaultValue,
    componentConfigs: a.componentConfigs,
    relatedSubject: a.relatedSubject?.subjectIdentifier ?? null,
    tooltip: a.tooltip,
    description: a.description,
  };
}

/** The body of POST /subject/{s}/attribute (and of an attribute of POST /subject). */
export function toInput(a: DraftAttribute): AttributeInput {
  return {
    identifier: a.identifier,
    name: a.name.trim(),
    componentId: a.componentId,
    isRequired: a.isRequired,
    isEditable: a.isEditable,
    isNaturalKey: a.isNaturalKey,
    isMultipleValues: a.isMultipleValues,
    isOrderable: a.isOrderable,
    isInternal: a.isInternal,
    length: a.length,
    defaultValue: a.defaultValue,
    componentConfigs: cleanConfigs(a.componentConfigs),
    relatedSubject: needsRelated(a.componentId) || canRelate(a.componentId) ? a.relatedSubject : null,
    tooltip: a.tooltip?.trim() || null,
    description: a.description?.trim() || null,
  };
}

/** Only what changed, for PUT /subject/{s}/attribute/{a} (the server keeps what is left out). */
export function changesOf(before: DraftAttribute, after: DraftAttribute): Record<string, unknown> {
  const next = toInput(after);
  const prev = toInput(before);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof AttributeInput)[]) {
    if (key === 'identifier' || key === 'isMultipleValues') continue;
    if (JSON.stringify(next[key] ?? null) !== JSON.stringify(prev[key] ?? null)) patch[key] = next[key];
  }
  return patch;
}

/**
 * The default value "now" of a date or date-time attribute: the server gives a new record the
 * moment of its create (a date: the company's today), unless the record is created with a value.
 */
export const DEFAULT_NOW = 'now';
export const isDefaultNow = (defaultValue: string | null) =>
  defaultValue?.trim().toLowerCase() === DEFAULT_NOW;
export function takesDefaultNow(componentId: number): boolean {
  const kind = valueKindOf(componentId);
  return kind === 'date' || kind === 'datetime';
}

/** Configs without empty entries (a cleared number is "not set", not 0). */
function cleanConfigs(configs: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(configs)) {
    if (v === null || v === undefined || v === '') continue;
    out[k] = v;
  }
  return out;
}

/** Components the server refuses without a related subject (single select, tree). */
export const needsRelated = (componentId: number) => componentId === 4 || componentId === 14;
/** Other references that may name one (select-filter, select-model). */
export const canRelate = (componentId: number) => componentId === 16 || componentId === 20;

/** Whether the type stores a value of its own column: a unique or orderable flag needs one. */
export const hasColumn = (a: Pick<DraftAttribute, 'componentId' | 'isMultipleValues'>) =>
  !a.isMultipleValues && valueKindOf(a.componentId) !== 'file';

/** The component choices, by the spec's number, named in pt-BR without it (issue 39 item 10). */
export const componentOptions = COMPONENT_TYPES.map((c) => ({
  value: String(c.id),
  label: componentNames[c.id] ?? c.name,
}));

export const componentLabel = (id: number) => componentNames[id] ?? String(id);

/** 'Data de instalação' → 'data_de_instalacao' (lower case, no accents, letters first). */
export function identifierFromName(name: string): string {
  const plain = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^[0-9_]+/, '');
  return plain.slice(0, 60);
}

/** The contract's message for an identifier, or undefined when it is valid. */
export function identifierError(identifier: string): string | undefined {
  const r = identifierSchema.safeParse(identifier);
  return r.success ? undefined : r.error.issues[0]?.message;
}

/** The attribute as the form's editors read it (a context attribute), for the live preview. */
export function toPreviewAttribute(
  a: DraftAttribute,
  index: number,
  subjects: readonly Pick<Subject, 'subjectId' | 'subjectIdentifier' | 'subjectName' | 'icon'>[],
): ContextSubjectAttribute {
  const related = a.relatedSubject
    ? subjects.find((s) => s.subjectIdentifier === a.relatedSubject)
    : undefined;
  return {
    subjectAttributeId: a.subjectAttributeId ?? -(index + 1),
    identifier: a.identifier || `campo_${index + 1}`,
    subjectAttributeIdentifier: a.identifier || `campo_${index + 1}`,
    name: a.name || `Campo ${index + 1}`,
    attributeName: a.name,
    subjectAttributeName: a.name,
    componentId: a.componentId,
    isRequired: a.isRequired,
    isEditable: true,
    // The preview checks no uniqueness against records (the subject may not exist yet).
    isNaturalKey: false,
    isMultipleValues: a.isMultipleValues,
    isOrderable: a.isOrderable,
    isInternal: a.isInternal,
    length: a.length,
    defaultValue: null,
    componentConfigs: a.componentConfigs,
    relatedSubject: related
      ? {
          subjectId: related.subjectId,
          subjectIdentifier: related.subjectIdentifier,
          subjectName: related.subjectName,
          icon: related.icon,
        }
      : null,
    tooltip: a.tooltip,
    description: a.description,
    icon: null,
    order: index + 1,
    actions: { create: true, update: true, delete: true },
    preSelect: null,
  };
}

/** Which block of type configuration the editor shows for a component. */
export type ConfigKind =
  | 'text'
  | 'identification'
  | 'measurement'
  | 'date'
  | 'file'
  | 'filter'
  | 'select-filter'
  | 'report-columns'
  | 'time-window'
  | 'join-object'
  | 'masked'
  | 'none';

export function configKindOf(componentId: number): ConfigKind {
  if (componentId === 1 || componentId === 26 || componentId === 30) return 'text';
  if (componentId === 2) return 'identification';
  if (componentId === 12) return 'filter';
  if (componentId === 16) return 'select-filter';
  if (componentId === 15) return 'report-columns';
  if (componentId === 28) return 'time-window';
  if (componentId === 29) return 'join-object';
  if (componentId === 6 || componentId === 31 || componentId === 19) return 'masked';
  switch (componentGroup(componentId)) {
    case 'measurement':
      return 'measurement';
    case 'date':
    case 'date-time':
      return 'date';
    case 'file':
      return 'file';
    default:
      return 'none';
  }
}

/** The fixed masks of spec 002 §5, shown beside the types that have one. */
export const MASKS: Readonly<Record<number, string>> = {
  2: '##.###.###/####-## ou ###.###.###-##',
  6: '(##) ####-#### ou (##) #####-####',
  19: 'HH:MM:SS',
  31: 'SSS-#X##',
};
