import {
  emailChannelPaths,
  type EmailChannel,
  type EmailChannelPage,
  type EmailChannelWrite,
} from '@talkbase/domain/contracts/email-channels';
import { apiRequest } from '../../api/client.ts';

/** The e-mail channel calls (docs/api.md "E-mail channels"). */

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});
const one = (channelId: number) => emailChannelPaths.one.replace(':channelId', String(channelId));

export function fetchEmailChannels(
  q: { page: number; fetch: number },
  signal?: AbortSignal,
): Promise<EmailChannelPage> {
  const query = new URLSearchParams({ page: String(q.page), fetch: String(q.fetch) });
  return apiRequest<EmailChannelPage>(`${emailChannelPaths.list}?${query.toString()}`, withSignal(signal));
}

export function createEmailChannel(input: EmailChannelWrite): Promise<EmailChannel> {
  return apiRequest<EmailChannel>(emailChannelPaths.list, { method: 'POST', body: input });
}

export function updateEmailChannel(channelId: number, input: EmailChannelWrite): Promise<EmailChannel> {
  return apiRequest<EmailChannel>(one(channelId), { method: 'PUT', body: input });
}

export function deleteEmailChannel(channelId: number): Promise<void> {
  return apiRequest<undefined>(one(channelId), { method: 'DELETE' });
}

export const emailChannelKeys = {
  all: ['email-channels'] as const,
  list: (q: { page: number; fetch: number }) => ['email-channels', 'list', q] as const,
};
