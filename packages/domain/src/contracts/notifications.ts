import { z } from 'zod';
import { idSchema } from './ids.ts';
import { pageOf } from './pages.ts';

/**
 * Notifications, channels and the inbox (spec 001 §2.10–2.12, §2.15, §3, §5, §7–§9; 002 §7
 * `SendNotification`). Shared by the server (validation) and the web (forms, types).
 */

export const NOTIFICATION_NAME_MAX = 100;
export const NOTIFICATION_DESCRIPTION_MAX = 500;
export const NOTIFICATION_TITLE_MAX = 100;
export const NOTIFICATION_MESSAGE_MAX = 250;
export const NOTIFICATION_SEARCH_MAX = 25;
/** Notification list (settings) page sizes; default 10 (001 §9). */
export const NOTIFICATION_PAGE_SIZES = [10, 25, 50, 100, 200, 500] as const;
export const NOTIFICATION_DEFAULT_PAGE_SIZE = 10;
/** Inbox page sizes; default 100 (001 §9). */
export const INBOX_PAGE_SIZES = [10, 25, 50, 100] as const;
export const INBOX_DEFAULT_PAGE_SIZE = 100;
/** Recipients of one send call. */
export const MAX_SEND_RECIPIENTS = 1000;

/** Channel ids (001 §9: 1 Aplicação, 2 E-mail; 3 is the browser push channel of issue 15). */
export const CHANNEL = { app: 1, email: 2, push: 3 } as const;
export type ChannelId = (typeof CHANNEL)[keyof typeof CHANNEL];
export const CHANNEL_DESCRIPTIONS: Record<number, string> = {
  1: 'Aplicação',
  2: 'E-mail',
  3: 'Notificação do navegador',
};

export const notificationMessages = {
  required: 'Campo obrigatório.',
  nameTooLong: `Máximo de ${NOTIFICATION_NAME_MAX} caracteres.`,
  descriptionTooLong: `Máximo de ${NOTIFICATION_DESCRIPTION_MAX} caracteres.`,
  titleTooLong: `Máximo de ${NOTIFICATION_TITLE_MAX} caracteres.`,
  messageTooLong: `Máximo de ${NOTIFICATION_MESSAGE_MAX} caracteres.`,
  channelRequired: 'Por favor, selecione pelo menos um canal.',
  channelWarning: '* É obrigatório informar pelo menos um canal',
  channelUnknown: 'Canal desconhecido.',
  channelDuplicated: 'Canal repetido.',
  hasAutomations: 'Existem automações associadas à esta notificação!',
  notFound: 'Notificação não encontrada.',
  channelNotFound: 'Canal não encontrado.',
  subjectNotFound: 'Assunto não encontrado.',
  searchTooLong: `Máximo de ${NOTIFICATION_SEARCH_MAX} caracteres.`,
  recipientsRequired: 'Informe pelo menos um destinatário.',
  tooManyRecipients: `Informe no máximo ${MAX_SEND_RECIPIENTS} destinatários.`,
  recipientNotFound: 'Destinatário não encontrado.',
  talkNotFound: 'Registro não encontrado.',
  pushEndpointRefused: 'Endereço de inscrição não permitido.',
  deleteSelection: 'Selecione pelo menos uma notificação.',
  // Texts of the screens (001 §8), here so server and web say the same words.
  deleted: 'Notificação removida com sucesso!',
  deleteFailed: 'Ocorreu um erro ao remover a notificação. Por favor, tente novamente.',
  saveFailed: 'Ocorreu um erro ao inserir a notificação. Por favor, tente novamente.',
  channelToggled: 'Estado do canal alterado com sucesso!',
  channelToggleFailed: 'Ocorreu um erro ao alterar o estado do canal. Por favor, tente novamente.',
  channelsLoadFailed: 'Ocorreu um erro no carregamento dos Canais. Por favor, tente novamente.',
  readFailed: 'Ocorreu um erro ao tentar marcar a notificação como lida.',
  // Own profile (001 §2.5) notification matrix.
  channelLocked: 'Este canal é obrigatório para esta notificação.',
  channelDisabledForRoom: 'Este canal não está habilitado para o seu perfil de acesso.',
} as const;

const text = (max: number, tooLong: string) =>
  z
    .string({ error: notificationMessages.required })
    .trim()
    .min(1, notificationMessages.required)
    .max(max, tooLong);

/** One channel of a notification (001 §3 `notificationChannels`). */
export const notificationChannelInputSchema = z.object({
  channelId: idSchema,
  isRequired: z.boolean().default(false),
});

/** POST /api/notification and PUT /api/notification/{id} body (001 §3 Notification (managed)). */
export const notificationInputSchema = z
  .object({
    notificationName: text(NOTIFICATION_NAME_MAX, notificationMessages.nameTooLong),
    notificationDescription: z
      .string()
      .trim()
      .max(NOTIFICATION_DESCRIPTION_MAX, notificationMessages.descriptionTooLong)
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
    /** The subject whose fields the templates may use; null: only User.* and IdentificadorConversa. */
    subjectId: idSchema
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    titleTemplate: text(NOTIFICATION_TITLE_MAX, notificationMessages.titleTooLong),
    messageTemplate: text(NOTIFICATION_MESSAGE_MAX, notificationMessages.messageTooLong),
    /** 'Anexar links de referência': the e-mail and push carry a link to the record. */
    attachReferences: z.boolean().default(true),
    notificationChannels: z
      .array(notificationChannelInputSchema, { error: notificationMessages.channelRequired })
      .min(1, notificationMessages.channelRequired)
      .max(20),
  })
  .superRefine((n, ctx) => {
    const seen = new Set<number>();
    n.notificationChannels.forEach((c, i) => {
      if (seen.has(c.channelId))
        ctx.addIssue({
          code: 'custom',
          message: notificationMessages.channelDuplicated,
          path: ['notificationChannels', i, 'channelId'],
        });
      seen.add(c.channelId);
    });
  });
export type NotificationInput = z.output<typeof notificationInputSchema>;

/** GET /api/notification/{id}, POST/PUT answers. */
export const notificationDetailSchema = z.object({
  notificationId: z.number().int(),
  notificationName: z.string(),
  notificationDescription: z.string().nullable(),
  subjectId: z.number().int().nullable(),
  titleTemplate: z.string(),
  messageTemplate: z.string(),
  attachReferences: z.boolean(),
  notificationChannels: z.array(z.object({ channelId: z.number().int(), isRequired: z.boolean() })),
});
export type NotificationDetail = z.infer<typeof notificationDetailSchema>;

/** GET /api/notification?page&fetch&NotificationName (001 §7): `{itens, totalResults, currentPage}`. */
export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  fetch: z.coerce
    .number()
    .int()
    .min(1)
    .max(Math.max(...NOTIFICATION_PAGE_SIZES))
    .default(NOTIFICATION_DEFAULT_PAGE_SIZE),
  /** Search by name (contains, case-insensitive), max 25 characters. */
  NotificationName: z
    .string()
    .trim()
    .max(NOTIFICATION_SEARCH_MAX, notificationMessages.searchTooLong)
    .optional(),
});
export const notificationListItemSchema = z.object({
  notificationId: z.number().int(),
  notificationName: z.string(),
  notificationDescription: z.string().nullable(),
  subjectId: z.number().int().nullable(),
  notificationChannels: z.array(z.object({ channelId: z.number().int(), isRequired: z.boolean() })),
});
export type NotificationListItem = z.infer<typeof notificationListItemSchema>;
export const notificationPageSchema = pageOf(notificationListItemSchema);
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/**
 * DELETE /api/notification body (001 §7 "body notificationId"): `{notificationId: 5}`,
 * `{notificationId: [5, 6]}` or `{notificationIds: [5, 6]}` — all name the notifications to delete.
 */
export const notificationDeleteSchema = z
  .object({
    notificationId: z.union([idSchema, z.array(idSchema).max(1000)]).optional(),
    notificationIds: z.array(idSchema).max(1000).optional(),
  })
  .transform((b, ctx) => {
    const ids = [
      ...(b.notificationId === undefined
        ? []
        : Array.isArray(b.notificationId)
          ? b.notificationId
          : [b.notificationId]),
      ...(b.notificationIds ?? []),
    ];
    if (ids.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: notificationMessages.deleteSelection,
        path: ['notificationId'],
      });
      return z.NEVER;
    }
    return { ids: [...new Set(ids)] };
  });

/** POST /api/notification/{id}/send body. */
export const notificationSendSchema = z.object({
  accountIds: z
    .array(idSchema, { error: notificationMessages.recipientsRequired })
    .min(1, notificationMessages.recipientsRequired)
    .max(MAX_SEND_RECIPIENTS, notificationMessages.tooManyRecipients),
  /** The record the notification is about: its fields fill `${campo}` variables and the reference link. */
  talkId: idSchema.nullable().optional(),
});
export type NotificationSendInput = z.output<typeof notificationSendSchema>;
/** Answer of a send: how many deliveries each channel made (recipients who opted out are skipped). */
export const notificationSendResultSchema = z.object({
  notificationId: z.number().int(),
  recipients: z.number().int(),
  inApp: z.number().int(),
  email: z.number().int(),
  push: z.number().int(),
});
export type NotificationSendResult = z.infer<typeof notificationSendResultSchema>;

/** GET /api/company/channels (001 §3 Channel). */
export const companyChannelSchema = z.object({
  channelId: z.number().int(),
  channelDescription: z.string(),
  isEnable: z.boolean(),
  companyChannelId: z.number().int(),
});
export type CompanyChannel = z.infer<typeof companyChannelSchema>;

/** GET /api/Room/notification and the own-profile matrix rows (001 §3 Notification (for matrices)). */
export const notificationForMatrixSchema = z.object({
  notificationId: z.number().int(),
  notificationName: z.string(),
  notificationChannels: z.array(z.object({ channelId: z.number().int(), isRequired: z.boolean() })),
});
export type NotificationForMatrix = z.infer<typeof notificationForMatrixSchema>;

/**
 * One row of the own profile's notification × channel matrix (001 §2.5, §4), in
 * GET /api/account/{id} `notifications` (own account only; others get `[]`). Columns are the
 * company's enabled channels the notification uses. A cell:
 * - `isRequired`: mandatory (by the notification or the room) — locked and ticked;
 * - `isDisabled`: the room disabled this channel for the notification — cannot be toggled, off;
 * - otherwise `isEnable` is the account's choice (default on).
 */
export const accountNotificationRowSchema = z.object({
  notificationId: z.number().int(),
  notificationName: z.string(),
  channels: z.array(
    z.object({
      channelId: z.number().int(),
      isEnable: z.boolean(),
      isRequired: z.boolean(),
      isDisabled: z.boolean(),
    }),
  ),
});
export type AccountNotificationRow = z.infer<typeof accountNotificationRowSchema>;

/**
 * PUT /api/account/{id} (own) `notifications`: the rows as GET answers them (extra fields ignored),
 * only `notificationId` and `channels[].{channelId, isEnable}` are read. Turning off a mandatory
 * channel or toggling a channel the room disabled is refused with 422 on `notifications`.
 */
export const accountNotificationsInputSchema = z
  .array(
    z.object({
      notificationId: idSchema,
      channels: z.array(z.object({ channelId: idSchema, isEnable: z.boolean() })).max(20),
    }),
  )
  .max(2000);
export type AccountNotificationsInput = z.output<typeof accountNotificationsInputSchema>;

/** POST /api/notifications/list/ body (001 §7). View 1: all notifications; view 2: unread only. */
export const inboxListSchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  fetch: z.coerce
    .number()
    .int()
    .min(1)
    .max(Math.max(...INBOX_PAGE_SIZES))
    .default(INBOX_DEFAULT_PAGE_SIZE),
  view: z.coerce.number().int().min(1).max(2).default(1),
});

/** An inbox row (001 §3 Inbox item). `data` is the ISO date and time it was sent; `status` true = read. */
export const inboxItemSchema = z.object({
  id: z.number().int(),
  /** Subject identifier of the record, or null. */
  subject: z.string().nullable(),
  talkId: z.number().int().nullable(),
  title: z.string(),
  description: z.string(),
  data: z.string(),
  status: z.boolean(),
  /** '#rrggbb' or null (the web falls back to the theme colour). */
  color: z.string().nullable(),
  subjectIcon: z.string().nullable(),
  inativo: z.boolean(),
  /** The record's conversation id (`IdentificadorConversa`) when about a record. */
  conversationId: z.string().nullable(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;
export const inboxPageSchema = pageOf(inboxItemSchema).extend({
  /** Unread rows of the account (the top-bar badge). */
  unread: z.number().int(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

/** POST /api/notifications/read/ body: `{id}` (one) or `{ids}` (several) or `{all: true}`. Answers `{unread}`. */
export const inboxReadSchema = z
  .object({
    id: idSchema.optional(),
    ids: z.array(idSchema).max(1000).optional(),
    all: z.boolean().optional(),
  })
  .refine((b) => b.id !== undefined || (b.ids?.length ?? 0) > 0 || b.all === true, {
    message: 'Informe a notificação.',
    path: ['id'],
  });

/** GET /api/notifications/unread: `{unread}` for the top-bar badge. */
export const inboxUnreadSchema = z.object({ unread: z.number().int() });
export type InboxUnread = z.infer<typeof inboxUnreadSchema>;

/**
 * `SendNotification` (002 §7), pushed to the recipient's sockets when an inbox row is created
 * (and to the reader's own sockets when rows are marked read, with `item: null`). The inbox
 * reloads its list on it.
 */
export interface NotificationPush {
  item: InboxItem | null;
  unread: number;
}

/** Web Push: GET /api/notifications/vapid answers the public key the browser subscribes with. */
export const vapidPublicKeySchema = z.object({ publicKey: z.string() });
export type VapidPublicKey = z.infer<typeof vapidPublicKeySchema>;

/**
 * GET /api/notification/links: the public address (PUBLIC_URL) links to records in e-mails point
 * to; null when the server has none, and then e-mails name the record without a link.
 */
export const notificationLinksSchema = z.object({ publicUrl: z.string().nullable() });
export type NotificationLinks = z.infer<typeof notificationLinksSchema>;

/** Answer of POST and DELETE /api/notifications/subscription. */
export const pushSubscribedSchema = z.object({ subscribed: z.boolean() });
/** POST /api/notifications/subscription (the browser's PushSubscription JSON); DELETE with `{endpoint}`. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url()
    .max(2000)
    .refine((u) => u.startsWith('https://'), 'Endereço de inscrição inválido.'),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(2000) });

/** Variables the '${' picker offers besides the subject's fields (001 §9). */
export const NOTIFICATION_BASE_VARIABLES = ['User.Email', 'User.Name', 'IdentificadorConversa'] as const;

/**
 * Template variables (grammar of `titleTemplate` / `messageTemplate`): `${User.Email}`,
 * `${User.Name}` (the recipient), `${IdentificadorConversa}` (the record's conversation id),
 * `${campo}` (a field of the notification's subject, by attribute identifier) and
 * `${referencia.campo}` (a field of the record a reference field `referencia` points to).
 * Anything else is left as typed; values are escaped for their target and never evaluated.
 *
 * GET /api/notification/variables?subjectId= lists them for the '${' picker (administrators).
 */
export const notificationVariableSchema = z.object({
  /** What goes between `${` and `}`. */
  variable: z.string(),
  /** pt-BR label, e.g. 'E-mail do usuário' or 'Chamado › Título'. */
  label: z.string(),
  group: z.enum(['user', 'talk', 'subject', 'related']),
});
export type NotificationVariable = z.infer<typeof notificationVariableSchema>;
