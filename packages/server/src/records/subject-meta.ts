import type { Subject, SubjectAttribute } from '@talkbase/domain/contracts/subjects';
import { valueKindOf, type ValueKind } from '@talkbase/domain/records/value-kinds';
import type { AttributeRow, SubjectRow } from './subjects.repository.ts';

/** A subject with its attributes, as the services work with it. */
export interface AttributeMeta {
  id: number;
  subjectId: number;
  identifier: string;
  name: string;
  componentId: number;
  kind: ValueKind;
  isRequired: boolean;
  isEditable: boolean;
  isNaturalKey: boolean;
  isMultipleValues: boolean;
  isOrderable: boolean;
  isInternal: boolean;
  length: number | null;
  defaultValue: string | null;
  componentConfigs: Record<string, unknown>;
  relatedSubjectId: number | null;
  tooltip: string | null;
  description: string | null;
  icon: string | null;
  position: number;
}

export interface SubjectMeta {
  id: number;
  companyId: number;
  identifier: string;
  name: string;
  icon: string | null;
  isBuiltIn: boolean;
  attributes: AttributeMeta[];
}

function parseConfigs(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function toAttributeMeta(r: AttributeRow): AttributeMeta {
  return {
    id: r.id,
    subjectId: r.subject_id,
    identifier: r.identifier,
    name: r.name,
    componentId: r.component_id,
    kind: valueKindOf(r.component_id) ?? 'text',
    isRequired: r.is_required === 1,
    isEditable: r.is_editable === 1,
    isNaturalKey: r.is_natural_key === 1,
    isMultipleValues: r.is_multiple_values === 1,
    isOrderable: r.is_orderable === 1,
    isInternal: r.is_internal === 1,
    length: r.length,
    defaultValue: r.default_value,
    componentConfigs: parseConfigs(r.component_configs),
    relatedSubjectId: r.related_subject_id,
    tooltip: r.tooltip,
    description: r.description,
    icon: r.icon,
    position: r.position,
  };
}

export function toSubjectMeta(s: SubjectRow, attributes: AttributeRow[]): SubjectMeta {
  return {
    id: s.id,
    companyId: s.company_id,
    identifier: s.identifier,
    name: s.name,
    icon: s.icon,
    isBuiltIn: s.is_builtin === 1,
    attributes: attributes.filter((a) => a.subject_id === s.id).map(toAttributeMeta),
  };
}

/** The API shape of an attribute; `related` resolves related subject ids to their summary. */
export function toApiAttribute(a: AttributeMeta, related: Map<number, SubjectRow>): SubjectAttribute {
  const rel = a.relatedSubjectId ? related.get(a.relatedSubjectId) : undefined;
  return {
    subjectAttributeId: a.id,
    identifier: a.identifier,
    subjectAttributeIdentifier: a.identifier,
    name: a.name,
    attributeName: a.name,
    subjectAttributeName: a.name,
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
    relatedSubject: rel
      ? { subjectId: rel.id, subjectIdentifier: rel.identifier, subjectName: rel.name, icon: rel.icon }
      : null,
    tooltip: a.tooltip,
    description: a.description,
    icon: a.icon,
    order: a.position,
  };
}

export function toApiSubject(s: SubjectMeta, related: Map<number, SubjectRow>): Subject {
  return {
    subjectId: s.id,
    subjectIdentifier: s.identifier,
    subjectName: s.name,
    icon: s.icon,
    isBuiltIn: s.isBuiltIn,
    subjectAttributes: s.attributes.map((a) => toApiAttribute(a, related)),
  };
}

/** What can be done to a subject's records; rooms grant each of them (the access module decides). */
export const SUBJECT_ACTIONS = ['read', 'create', 'update', 'delete', 'deactivate'] as const;
export type SubjectAction = (typeof SUBJECT_ACTIONS)[number];
export type SubjectActions = Record<SubjectAction, boolean>;

/** The built-in subject of saved filters (spec 001 §3): its records are the filters. */
export const FILTER_SUBJECT = 'filtro';
