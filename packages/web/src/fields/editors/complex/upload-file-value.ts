import type { ContextSubjectAttribute } from '@talkbase/domain/contracts/contexts';
import type { FileUploadAnswer } from '@talkbase/domain/contracts/files';
import type { FileItem } from '@talkbase/domain/fields/file';
import { apiRequest } from '../../../api/client.ts';

const NOTHING: FileUploadAnswer = { files: [], ignored: [], removed: [] };

/** Whether a file value has anything for the server to do: a new file to store or one to remove. */
export function hasFileChanges(items: readonly FileItem[] | null | undefined): boolean {
  return (items ?? []).some(
    (item) =>
      (item.url && item.deleted === true) ||
      (!item.url && item.deleted !== true && typeof item.data === 'string' && item.data !== ''),
  );
}

/**
 * Saves a file attribute's value after its record is saved (talk values do not carry files): the
 * editor's list as it stands goes to POST /api/value/file/{subject}/{talkId}/{attributeId}, which
 * stores new items with data and removes stored ones marked deleted. Items flagged for an invalid
 * extension carry no data and are left out by the server. No call when nothing changed.
 */
export async function uploadFileValue(
  subject: string,
  talkId: number,
  attribute: Pick<ContextSubjectAttribute, 'subjectAttributeId'>,
  items: readonly FileItem[] | null | undefined,
): Promise<FileUploadAnswer> {
  if (!hasFileChanges(items)) return NOTHING;
  return apiRequest<FileUploadAnswer>(
    `/api/value/file/${encodeURIComponent(subject)}/${talkId}/${attribute.subjectAttributeId}`,
    { method: 'POST', body: { files: items } },
  );
}
