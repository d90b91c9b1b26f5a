import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fileUrl, type FileUploadAnswer, type TalkAttachment } from '@talkbase/domain/contracts/files';
import type { ApiTalk } from '@talkbase/domain/contracts/talks';
import { apiRequest } from '../../../api/client.ts';
import { timelineKey } from '../timeline/useTimeline.ts';
import { readAsBase64 } from './file-transfer.ts';

/** The query key of one record (GET /api/talk/{subject}/{talkId}). */
export const talkKey = (subject: string, talkId: number) => ['talk', subject, talkId] as const;

export type TalkWithFiles = Omit<ApiTalk, 'talkAttachments'> & { talkAttachments: TalkAttachment[] };

export function useRecordFiles(subject: string, talkId: number) {
  return useQuery({
    queryKey: talkKey(subject, talkId),
    queryFn: ({ signal }) =>
      apiRequest<TalkWithFiles>(`/api/talk/${encodeURIComponent(subject)}/${talkId}`, { signal }),
    enabled: talkId > 0,
  });
}

const attributeFilesUrl = (subject: string, talkId: number, attributeId: number) =>
  `/api/value/file/${encodeURIComponent(subject)}/${talkId}/${attributeId}`;

/**
 * Upload (POST /api/value/file/{subject}/{talkId}/{attributeId}, the JSON list of
 * `{name, type, data}` with base64 data) and removal (DELETE …/{fileId}) of one attribute's
 * files. Either refreshes the record, its timeline and the subject's grid pages.
 */
export function useFileChanges(subject: string, talkId: number, attributeId: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: talkKey(subject, talkId) }),
      queryClient.invalidateQueries({ queryKey: timelineKey(subject, talkId) }),
      // The grid's pages of the subject show file values too.
      queryClient.invalidateQueries({ queryKey: ['talks', subject] }),
    ]);
  const upload = useMutation({
    mutationFn: async (files: readonly File[]) => {
      const items = await Promise.all(
        files.map(async (file) => ({
          name: file.name,
          type: file.type || null,
          data: await readAsBase64(file),
        })),
      );
      return apiRequest<FileUploadAnswer>(attributeFilesUrl(subject, talkId, attributeId), {
        method: 'POST',
        body: { files: items },
      });
    },
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (fileId: number) =>
      apiRequest<unknown>(fileUrl(subject, talkId, attributeId, fileId), { method: 'DELETE' }),
    onSettled: refresh,
  });
  return { upload, remove, downloadAllUrl: attributeFilesUrl(subject, talkId, attributeId) };
}
