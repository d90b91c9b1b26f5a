import type { AttributeInput, Subject, SubjectUsage } from '@talkbase/domain/contracts/subjects';
import type { SchemaDocument, SchemaImportSummary } from '@talkbase/domain/contracts/schema-transfer';
import { schemaTransferPaths } from '@talkbase/domain/contracts/schema-transfer';
import { apiRequest } from '../../api/client.ts';

/** The calls of the subject designer (docs/api.md "Subjects"). */

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});
const enc = encodeURIComponent;

export interface SubjectPage {
  itens: Subject[];
  totalResults: number;
  currentPage: number;
}

export function fetchSubjects(
  q: { page: number; fetch: number; term?: string },
  signal?: AbortSignal,
): Promise<SubjectPage> {
  const query = new URLSearchParams({ page: String(q.page), fetch: String(q.fetch) });
  if (q.term) query.set('term', q.term);
  return apiRequest<SubjectPage>(`/api/subject?${query.toString()}`, withSignal(signal));
}

export function fetchSubject(identifier: string, signal?: AbortSignal): Promise<Subject> {
  return apiRequest<Subject>(`/api/subject/${enc(identifier)}`, withSignal(signal));
}

export interface ReferringAttribute {
  subjectAttributeId: number;
  subjectAttributeIdentifier: string;
  attributeName: string;
  relatedSubject: { subjectId: number; subjectIdentifier: string; subjectName: string; icon: string | null };
}

export function fetchReferring(identifier: string, signal?: AbortSignal): Promise<ReferringAttribute[]> {
  return apiRequest<ReferringAttribute[]>(
    `/api/subject/related/other/${enc(identifier)}`,
    withSignal(signal),
  );
}

export function fetchUsage(subject: string, attribute?: string, signal?: AbortSignal): Promise<SubjectUsage> {
  const path = attribute
    ? `/api/subject/${enc(subject)}/attribute/${enc(attribute)}/usage`
    : `/api/subject/${enc(subject)}/usage`;
  return apiRequest<SubjectUsage>(path, withSignal(signal));
}

export function createSubject(input: {
  identifier: string;
  name: string;
  icon: string | null;
  attributes: AttributeInput[];
}): Promise<Subject> {
  return apiRequest<Subject>('/api/subject', { method: 'POST', body: input });
}

export function updateSubject(
  identifier: string,
  input: { name: string; icon: string | null },
): Promise<Subject> {
  return apiRequest<Subject>(`/api/subject/${enc(identifier)}`, { method: 'PUT', body: input });
}

export function deleteSubject(identifier: string): Promise<void> {
  return apiRequest<undefined>(`/api/subject/${enc(identifier)}`, { method: 'DELETE' });
}

export function addAttribute(subject: string, input: AttributeInput): Promise<Subject> {
  return apiRequest<Subject>(`/api/subject/${enc(subject)}/attribute`, { method: 'POST', body: input });
}

export function updateAttribute(
  subject: string,
  attribute: string,
  patch: Partial<Omit<AttributeInput, 'identifier' | 'isMultipleValues'>>,
): Promise<Subject> {
  return apiRequest<Subject>(`/api/subject/${enc(subject)}/attribute/${enc(attribute)}`, {
    method: 'PUT',
    body: patch,
  });
}

export function deleteAttribute(subject: string, attribute: string): Promise<Subject> {
  return apiRequest<Subject>(`/api/subject/${enc(subject)}/attribute/${enc(attribute)}`, {
    method: 'DELETE',
  });
}

export function reorderAttributes(subject: string, identifiers: string[]): Promise<Subject> {
  return apiRequest<Subject>(`/api/subject/${enc(subject)}/attribute-order`, {
    method: 'PUT',
    body: { attributes: identifiers },
  });
}

export function exportSchema(): Promise<SchemaDocument> {
  return apiRequest<SchemaDocument>(schemaTransferPaths.export);
}

export function importSchema(doc: unknown): Promise<SchemaImportSummary> {
  return apiRequest<SchemaImportSummary>(schemaTransferPaths.import, { method: 'POST', body: doc });
}

export const subjectKeys = {
  all: ['subject-designer'] as const,
  list: (q: { page: number; fetch: number; term: string }) => ['subject-designer', 'list', q] as const,
  every: ['subject-designer', 'every'] as const,
  one: (identifier: string) => ['subject-designer', 'one', identifier] as const,
  referring: (identifier: string) => ['subject-designer', 'referring', identifier] as const,
  usage: (subject: string, attribute?: string) =>
    ['subject-designer', 'usage', subject, attribute ?? null] as const,
};
