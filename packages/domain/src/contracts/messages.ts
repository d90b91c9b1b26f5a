import { z } from 'zod';
import { messageEmailSchema } from './email-channels.ts';
import { pageOf } from './pages.ts';
import { idSchema } from './ids.ts';

/**
 * The conversation on a record (issue 13 item 2): messages posted on a talk, shown in the talk
 * view as a thread. Everyone who may read the record sees its messages, except messages addressed
 * to a few accounts (`visibleTo`), which only those accounts and the author see. Posting one is the
 * event of type 7, 'message creation' (spec 000 §3), written to the event outbox; automations
 * (SetTalkDialog, SetTalkDialogByFilter) post through the same service.
 */

export const messagePaths = {
  list: '/api/talk/:subject/:talkId/messages',
  unread: '/api/talk/:subject/:talkId/messages/unread',
  read: '/api/talk/:subject/:talkId/messages/read',
  participants: '/api/talk/:subject/:talkId/messages/participants',
  unreadOfPage: '/api/talk/messages/unread',
} as const;

/** The automations' event type fired by a new message (spec 000 §3). */
export const MESSAGE_CREATED_EVENT_TYPE = 7;

/** Longest message, in characters (after trimming). */
export const MESSAGE_MAX_LENGTH = 4000;
/** Most accounts one message may be addressed to. */
export const MESSAGE_MAX_RECIPIENTS = 50;
/** Default and largest page of a thread. */
export const MESSAGE_PAGE_SIZE = 30;
export const MESSAGE_MAX_PAGE_SIZE = 200;

export const messageTexts = {
  textRequired: 'Digite uma mensagem.',
  textTooLong: `A mensagem pode ter no máximo ${MESSAGE_MAX_LENGTH.toLocaleString('pt-BR')} caracteres.`,
  textInvalid: 'A mensagem contém caracteres inválidos.',
  tooManyRecipients: `Escolha no máximo ${String(MESSAGE_MAX_RECIPIENTS)} pessoas.`,
  recipientNotAllowed: 'Uma das pessoas escolhidas não pode receber esta mensagem.',
  automationAuthor: 'Automação',
} as const;

/** What a user (or an integration) sends to post a message. */
export const messagePostSchema = z.object({
  text: z
    .string(messageTexts.textRequired)
    .trim()
    .min(1, messageTexts.textRequired)
    .max(MESSAGE_MAX_LENGTH, messageTexts.textTooLong)
    .refine((s) => !s.includes('\u0000'), messageTexts.textInvalid),
  visibleTo: z
    .array(idSchema)
    .max(MESSAGE_MAX_RECIPIENTS, messageTexts.tooManyRecipients)
    .nullish()
    .transform((ids) => (ids && ids.length > 0 ? [...new Set(ids)] : null)),
});
export type MessagePost = z.input<typeof messagePostSchema>;

export const messagePageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  fetch: z.coerce
    .number()
    .int()
    .min(1)
    .catch(MESSAGE_PAGE_SIZE)
    .default(MESSAGE_PAGE_SIZE)
    .transform((n) => Math.min(n, MESSAGE_MAX_PAGE_SIZE)),
});

export const messageReadSchema = z.object({
  /** The newest message the reader has seen; the newest visible one when omitted. */
  messageId: idSchema.optional(),
});

/** Most records whose unread counts one call asks for (a grid page). */
export const UNREAD_MAX_TALKS = 200;

/** Unread counts of several records of a subject (a grid page). */
export const unreadOfPageSchema = z.object({
  subject: z.string().trim().min(1).max(60),
  talkIds: z.array(idSchema).min(1).max(UNREAD_MAX_TALKS),
});

export const messageAccountSchema = z.object({ accountId: z.number().int(), name: z.string() });
export type MessageAccount = z.infer<typeof messageAccountSchema>;

export const talkMessageSchema = z.object({
  messageId: z.number().int(),
  subject: z.string(),
  talkId: z.number().int(),
  /** The record's conversation id (`IdentificadorConversa` of notification templates, 001 §9). */
  conversationId: z.number().int(),
  text: z.string(),
  /** The author's account; null for a message posted by an automation. */
  authorId: z.number().int().nullable(),
  authorName: z.string(),
  /** ISO 8601 instant. */
  createdAt: z.string(),
  /** The accounts it is addressed to; null when everyone who reads the record sees it. */
  visibleTo: z.array(messageAccountSchema).nullable(),
  /** Set when it came in or went out by e-mail (contracts/email-channels.ts). */
  email: messageEmailSchema.nullable().optional(),
});
export type TalkMessage = z.infer<typeof talkMessageSchema>;

/** A page of a thread, newest first. */
export const messagePageSchema = pageOf(talkMessageSchema).extend({
  /** Null until the record's first message. */
  conversationId: z.number().int().nullable(),
  /** The reader's read marker when the page was read (0: nothing read yet). */
  lastReadMessageId: z.number().int(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const unreadCountSchema = z.object({
  conversationId: z.number().int().nullable(),
  unread: z.number().int(),
  lastMessageId: z.number().int().nullable(),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const unreadOfPageAnswerSchema = z.object({
  /** One per record the account may read among those asked for; the others are left out. */
  itens: z.array(unreadCountSchema.extend({ talkId: z.number().int() })),
});
export type UnreadOfPage = z.infer<typeof unreadOfPageAnswerSchema>;

/** POST /talk/{subject}/{talkId}/messages (201). */
export const postedMessageSchema = z.object({
  messageId: z.number().int(),
  conversationId: z.number().int(),
});

/** Pushed as `SendTalkMessage` to the sockets of the accounts that may see the message. */
export interface MessagePush {
  subject: string;
  subjectId: number;
  talkId: number;
  messageId: number;
  conversationId: number;
  /** The message itself, unless too large for the push (then the client reads the thread). */
  message: TalkMessage | null;
}
