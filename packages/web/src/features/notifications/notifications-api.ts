import type {
  CompanyChannel,
  InboxPage,
  InboxUnread,
  NotificationDetail,
  NotificationInput,
  NotificationLinks,
  NotificationPage,
  NotificationVariable,
} from '@talkbase/domain/contracts/notifications';
import { apiRequest } from '../../api/client.ts';

/** The notification, channel and inbox calls (docs/api.md "Notifications"). */

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export function fetchNotifications(
  q: { page: number; fetch: number; term?: string },
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const query = new URLSearchParams({ page: String(q.page), fetch: String(q.fetch) });
  if (q.term) query.set('NotificationName', q.term);
  return apiRequest<NotificationPage>(`/api/notification?${query.toString()}`, withSignal(signal));
}

export function fetchNotification(id: number, signal?: AbortSignal): Promise<NotificationDetail> {
  return apiRequest<NotificationDetail>(`/api/notification/${id}`, withSignal(signal));
}

export function createNotification(input: NotificationInput): Promise<NotificationDetail> {
  return apiRequest<NotificationDetail>('/api/notification', { method: 'POST', body: input });
}

export function updateNotification(id: number, input: NotificationInput): Promise<NotificationDetail> {
  return apiRequest<NotificationDetail>(`/api/notification/${id}`, { method: 'PUT', body: input });
}

export function deleteNotification(id: number): Promise<unknown> {
  return apiRequest<unknown>('/api/notification', { method: 'DELETE', body: { notificationId: id } });
}

export function fetchVariables(
  subjectId: number | null,
  signal?: AbortSignal,
): Promise<NotificationVariable[]> {
  const query = subjectId ? `?subjectId=${subjectId}` : '';
  return apiRequest<NotificationVariable[]>(`/api/notification/variables${query}`, withSignal(signal));
}

/** Where e-mail links to records point (PUBLIC_URL), or null when the server has no public address. */
export function fetchLinks(signal?: AbortSignal): Promise<NotificationLinks> {
  return apiRequest<NotificationLinks>('/api/notification/links', withSignal(signal));
}

export function fetchChannels(signal?: AbortSignal): Promise<CompanyChannel[]> {
  return apiRequest<CompanyChannel[]>('/api/company/channels', withSignal(signal));
}

export function toggleChannel(channelId: number): Promise<unknown> {
  return apiRequest<unknown>(`/api/Company/Channel/${channelId}`, { method: 'PUT', body: {} });
}

export function fetchInbox(
  q: { page: number; fetch: number; view: number },
  signal?: AbortSignal,
): Promise<InboxPage> {
  return apiRequest<InboxPage>('/api/notifications/list/', {
    method: 'POST',
    body: q,
    ...withSignal(signal),
  });
}

export function markRead(id: number): Promise<InboxUnread> {
  return apiRequest<InboxUnread>('/api/notifications/read/', { method: 'POST', body: { id } });
}

export function fetchUnread(signal?: AbortSignal): Promise<InboxUnread> {
  return apiRequest<InboxUnread>('/api/notifications/unread', withSignal(signal));
}

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (q: { page: number; fetch: number; term: string }) => ['notifications', 'list', q] as const,
  one: (id: number) => ['notifications', 'one', id] as const,
  variables: (subjectId: number | null) => ['notifications', 'variables', subjectId] as const,
  channels: ['notifications', 'channels'] as const,
  links: ['notifications', 'links'] as const,
  inbox: ['inbox'] as const,
  inboxPage: (q: { page: number; fetch: number; view: number }) => ['inbox', 'page', q] as const,
  unread: ['inbox', 'unread'] as const,
};
