import type { PagedTalks, TalkFilterRequest } from '@talkbase/domain/contracts/talks';
import { apiRequest } from '../../../api/client.ts';

/**
 * Whether another record of the subject already holds `value` in the natural-key attribute
 * (spec 002 §5 CNPJ/CPF): active and deactivated records both count, as the unique index does.
 * Two results are enough to know whether one of them is not the record being edited.
 */
export async function naturalKeyTaken(
  subject: string,
  attribute: string,
  value: string,
  talkId: number,
  signal?: AbortSignal,
): Promise<boolean> {
  const search = (isActive: boolean) => {
    const body: TalkFilterRequest = {
      isActive,
      page: 1,
      fetch: 2,
      filterJson: { condition: 'E', rules: [{ attribute, operator: 'equal', value }] },
    };
    return apiRequest<PagedTalks>(`/api/talk/filter/${encodeURIComponent(subject)}/`, {
      method: 'POST',
      body,
      ...(signal ? { signal } : {}),
    });
  };
  const pages = await Promise.all([search(true), search(false)]);
  return pages.some((page) => page.itens.some((talk) => talk.talkId !== talkId));
}
