import {
  MESSAGE_PAGE_SIZE,
  type MessageAccount,
  type MessagePage,
  type UnreadCount,
} from '@talkbase/domain/contracts/messages';
import type { EmailTalkState } from '@talkbase/domain/contracts/email-channels';
import { apiRequest } from '../../api/client.ts';

/** The calls of a record's conversation (docs/api.md "Record conversations"). */

const base = (subject: string, talkId: number) =>
  `/api/talk/${encodeURIComponent(subject)}/${String(talkId)}/messages`;

export function fetchMessages(
  subject: string,
  talkId: number,
  page: number,
  signal?: AbortSignal,
): Promise<MessagePage> {
  return apiRequest(
    `${base(subject, talkId)}?page=${String(page)}&fetch=${String(MESSAGE_PAGE_SIZE)}`,
    signal ? { signal } : {},
  );
}

export function postMessage(
  subject: string,
  talkId: number,
  body: { text: string; visibleTo: number[] | null },
): Promise<{ messageId: number; conversationId: number }> {
  return apiRequest(base(subject, talkId), { method: 'POST', body });
}

export function fetchUnread(subject: string, talkId: number, signal?: AbortSignal): Promise<UnreadCount> {
  return apiRequest(`${base(subject, talkId)}/unread`, signal ? { signal } : {});
}

export function markMessagesRead(subject: string, talkId: number, messageId: number): Promise<UnreadCount> {
  return apiRequest(`${base(subject, talkId)}/read`, { method: 'POST', body: { messageId } });
}

export function fetchParticipants(
  subject: string,
  talkId: number,
  signal?: AbortSignal,
): Promise<MessageAccount[]> {
  return apiRequest(`${base(subject, talkId)}/participants`, signal ? { signal } : {});
}

const emailBase = (subject: string, talkId: number) =>
  `/api/email/talk/${encodeURIComponent(subject)}/${String(talkId)}`;

/** Whether the record can be answered by e-mail (an active channel feeds its subject, a requester with e-mail). */
export function fetchEmailState(
  subject: string,
  talkId: number,
  signal?: AbortSignal,
): Promise<EmailTalkState> {
  return apiRequest(emailBase(subject, talkId), signal ? { signal } : {});
}

/** "Enviar por e-mail": the message is posted on the record and sent to its requester. */
export function postEmailReply(
  subject: string,
  talkId: number,
  body: { text: string },
): Promise<{ messageId: number; conversationId: number }> {
  return apiRequest(`${emailBase(subject, talkId)}/reply`, { method: 'POST', body });
}
