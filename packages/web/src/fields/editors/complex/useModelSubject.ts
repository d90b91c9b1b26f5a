import { useQuery } from '@tanstack/react-query';
import type { SubjectAttribute } from '@talkbase/domain/contracts/subjects';
import { fetchReportModelSubject } from './structured-api.ts';

/**
 * The subject a chosen model announces (002 §4 "Model picker and filter picker"). A model
 * attribute (20) with a related subject picks a record of that subject, and that subject is the
 * model's; one without picks a report model (GET /report/model/list), whose subject is its
 * `subjectIdentifier` (GET /report/model/{id}).
 */
export function useModelSubject(
  modelAttribute: SubjectAttribute | undefined,
  modelId: number | null,
): { subject: string | null; isPending: boolean } {
  const fromRelated = modelAttribute?.relatedSubject?.subjectIdentifier ?? null;
  const asksReportModel = modelAttribute !== undefined && fromRelated === null && modelId !== null;
  const report = useQuery({
    queryKey: ['fields', 'report-model-subject', modelId],
    queryFn: ({ signal }) => fetchReportModelSubject(modelId ?? 0, signal),
    enabled: asksReportModel,
    staleTime: 60_000,
  });
  if (modelId === null || modelAttribute === undefined) return { subject: null, isPending: false };
  if (fromRelated !== null) return { subject: fromRelated, isPending: false };
  return { subject: report.data ?? null, isPending: report.isPending };
}

/** A reference value as an id: a positive whole number, its digits, or `{ id }`; else null. */
export function referenceId(value: unknown): number | null {
  const raw = value !== null && typeof value === 'object' && 'id' in value ? value.id : value;
  const n =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
