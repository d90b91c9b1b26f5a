import { z } from 'zod';
import { idSchema } from './ids.ts';
import { pageOf } from './pages.ts';

/**
 * E-mail channels (issue 37 items 1 and 2): an address whose mail opens records of a subject
 * (tickets, `chamado`, by default) and adds the replies to their conversations, and the
 * attendants' answers sent back by e-mail from that address.
 */

export const EMAIL_CHANNEL_NAME_MAX = 120;
export const EMAIL_CHANNEL_PAGE_SIZE = 25;
export const EMAIL_CHANNEL_MAX_DEFAULTS = 50;

export const emailChannelPaths = {
  list: '/api/email/channel',
  one: '/api/email/channel/:channelId',
  /** Whether a record can be answered by e-mail, and to whom. */
  talk: '/api/email/talk/:subject/:talkId',
  /** An attendant's message posted on the record and sent by e-mail to its requester. */
  reply: '/api/email/talk/:subject/:talkId/reply',
} as const;

export const emailChannelTexts = {
  nameRequired: 'Informe o nome do canal.',
  nameTooLong: `Máximo de ${EMAIL_CHANNEL_NAME_MAX} caracteres.`,
  addressInvalid: 'Informe um endereço de e-mail válido.',
  addressTaken: 'Este endereço já é usado por outro canal.',
  subjectRequired: 'Informe o assunto que o canal alimenta.',
  subjectNotFound: 'Assunto não encontrado.',
  subjectNoTitle: 'O assunto precisa de um atributo de texto para o título do e-mail.',
  defaultUnknown: (name: string) => `O atributo ${name} não existe no assunto.`,
  notFound: 'Canal de e-mail não encontrado.',
  stale: 'Este canal foi alterado por outra pessoa. Recarregue e tente novamente.',
  noChannel: 'Este registro não pode ser respondido por e-mail: nenhum canal ativo alimenta o assunto.',
  noRequester: 'Este registro não tem um solicitante com e-mail.',
  imapRequired: 'Informe a caixa IMAP.',
  imapPasswordRequired: 'Informe a senha da caixa IMAP.',
  imapNoKey: 'O servidor não tem EMAIL_SECRET_KEY: defina-a para guardar senhas IMAP.',
} as const;

/** What happens to mail from an address no contact has. */
export const unknownSenderSchema = z.enum(['create', 'refuse']);
export type UnknownSender = z.infer<typeof unknownSenderSchema>;

/**
 * How mail reaches the channel: Talkbase's own SMTP listener (SMTP_INBOUND_PORT), or an IMAP
 * mailbox the server watches (its password sealed with EMAIL_SECRET_KEY).
 */
export const inboundKindSchema = z.enum(['smtp', 'imap']);

export const imapSettingsSchema = z.object({
  host: z.string().trim().min(1, 'Informe o servidor IMAP.').max(255),
  port: z.coerce.number().int().min(1).max(65535).default(993),
  tls: z.boolean().default(true),
  user: z.string().trim().min(1, 'Informe o usuário IMAP.').max(255),
  /** Write only: omitted on an update, the stored one is kept. */
  password: z.string().min(1).max(500).optional(),
  mailbox: z.string().trim().min(1).max(255).default('INBOX'),
});

export const imapSettingsAnswerSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  tls: z.boolean(),
  user: z.string(),
  mailbox: z.string(),
  hasPassword: z.boolean(),
});

/** One default value of the records the channel opens (as a talk write names it). */
export const emailChannelDefaultSchema = z.object({
  subjectAttributeIdentifier: z.string().trim().min(1).max(60),
  value: z.unknown(),
});

export const emailChannelWriteSchema = z
  .object({
    name: z
      .string({ message: emailChannelTexts.nameRequired })
      .trim()
      .min(1, emailChannelTexts.nameRequired)
      .max(EMAIL_CHANNEL_NAME_MAX, emailChannelTexts.nameTooLong),
    address: z
      .email({ message: emailChannelTexts.addressInvalid })
      .max(254, emailChannelTexts.addressInvalid)
      .transform((s) => s.trim().toLowerCase()),
    subject: z
      .string({ message: emailChannelTexts.subjectRequired })
      .trim()
      .min(1, emailChannelTexts.subjectRequired)
      .max(60)
      .default('chamado'),
    defaults: z.array(emailChannelDefaultSchema).max(EMAIL_CHANNEL_MAX_DEFAULTS).default([]),
    unknownSender: unknownSenderSchema.default('create'),
    active: z.boolean().default(true),
    inbound: inboundKindSchema.default('smtp'),
    /** Required with inbound 'imap'. */
    imap: imapSettingsSchema.nullish(),
    /** The version the user read; a stale one gets 409 (updates only). */
    version: z.coerce.number().int().positive().optional(),
  })
  .superRefine((c, ctx) => {
    if (c.inbound === 'imap' && !c.imap)
      ctx.addIssue({ code: 'custom', message: emailChannelTexts.imapRequired, path: ['imap'] });
  });
export type EmailChannelWrite = z.input<typeof emailChannelWriteSchema>;

export const emailChannelSchema = z.object({
  channelId: z.number().int(),
  name: z.string(),
  address: z.string(),
  subject: z.string(),
  subjectName: z.string(),
  defaults: z.array(emailChannelDefaultSchema),
  unknownSender: unknownSenderSchema,
  active: z.boolean(),
  inbound: inboundKindSchema,
  imap: imapSettingsAnswerSchema.nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmailChannel = z.infer<typeof emailChannelSchema>;

export const emailChannelPageSchema = pageOf(emailChannelSchema);
export type EmailChannelPage = z.infer<typeof emailChannelPageSchema>;

export const emailChannelListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  fetch: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .catch(EMAIL_CHANNEL_PAGE_SIZE)
    .default(EMAIL_CHANNEL_PAGE_SIZE),
});

export const emailChannelIdParamsSchema = z.object({ channelId: idSchema });

/** SPF, DKIM and DMARC results as mailauth reports them ('pass', 'fail', 'none', 'softfail'…). */
export const emailVerdictSchema = z.object({
  spf: z.string(),
  dkim: z.string(),
  dmarc: z.string(),
});
export type EmailVerdict = z.infer<typeof emailVerdictSchema>;

/** A conversation message that came in or went out by e-mail. */
export const messageEmailSchema = z.object({
  direction: z.enum(['in', 'out']),
  /** The sender (in) or the recipient (out). */
  address: z.string(),
  /** in: received; out: pending until the mail server took it, then sent or failed. */
  status: z.enum(['received', 'pending', 'sent', 'failed']),
  verdict: emailVerdictSchema.nullable(),
});
export type MessageEmail = z.infer<typeof messageEmailSchema>;

/** `GET /api/email/talk/{subject}/{talkId}`: whether the record can be answered by e-mail. */
export const emailTalkStateSchema = z.object({
  canReply: z.boolean(),
  channelAddress: z.string().nullable(),
  requester: z.string().nullable(),
  /** Why it cannot (shown to the user); null when it can. */
  reason: z.string().nullable(),
});
export type EmailTalkState = z.infer<typeof emailTalkStateSchema>;
