import { z } from 'zod';
import { accountNotificationRowSchema, accountNotificationsInputSchema } from './notifications.ts';
import { pageOf } from './pages.ts';
import { isValidPhone } from '../fields/phone.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordMessages } from '../passwords/password-rules.ts';
import { idSchema } from './ids.ts';

/** Account types (spec 001 §3): 1 person, 2 integration. */
export const ACCOUNT_TYPE = { person: 1, integration: 2 } as const;

/** Room ids with a fixed meaning (spec 000 §1): 1 administrators, 1196 customers. */
export const ADMIN_ROOM_ID = 1;
export const CUSTOMER_ROOM_ID = 1196;

export const accountPaths = {
  login: '/api/account/login',
  verifyPasscode: '/api/account/verifypasscode',
  refresh: '/api/account/refresh',
  logout: '/api/account/logout',
  list: '/api/account',
  one: '/api/account/:accountId',
  image: '/api/account/:accountId/image',
} as const;

/** A person signs in with e-mail and password; an integration account with its hash and password. */
export const loginBodySchema = z
  .object({
    email: z.string().trim().max(150).optional(),
    hash: z.string().trim().max(200).optional(),
    password: z.string().min(1, 'Informe a senha').max(1024),
    keepConnected: z.boolean().optional().default(false),
  })
  .refine((b) => Boolean(b.email) || Boolean(b.hash), {
    message: 'Informe o e-mail',
    path: ['email'],
  });
export type LoginBody = z.input<typeof loginBodySchema>;

export const sessionUserSchema = z.object({
  accountId: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  image: z.string().nullable(),
  roomId: z.number().int(),
  customer: z.boolean(),
  isAdmin: z.boolean(),
  keepConnected: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginSuccessSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type LoginSuccess = z.infer<typeof loginSuccessSchema>;

/** Answered instead of a token when two-step verification applies: a code was e-mailed. */
export const passcodeRequiredSchema = z.object({ passcodeRequired: z.literal(true) });

export const loginResponseSchema = z.union([loginSuccessSchema, passcodeRequiredSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const verifyPasscodeBodySchema = z.object({
  email: z.string().trim().min(1, 'Informe o e-mail').max(150),
  passcode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'O código deve ter 6 dígitos'),
  keepConnected: z.boolean().optional().default(false),
});
export type VerifyPasscodeBody = z.input<typeof verifyPasscodeBodySchema>;

export const refreshBodySchema = z.object({ token: z.string().min(1).max(4096) });
export const refreshResponseSchema = z.object({ authorized: z.boolean(), token: z.string().nullable() });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

const required = (max: number) =>
  z
    .string({ error: 'Campo obrigatório.' })
    .trim()
    .min(1, 'Campo obrigatório.')
    .max(max, `Máximo de ${max} caracteres.`);

/** A phone in the telephone mask, (##) ####-#### or (##) #####-#### (spec 001 §5). */
const phoneSchema = (max: number) =>
  required(max).refine(isValidPhone, 'Informe um telefone válido, como (11) 91234-5678.');

const emailSchema = required(150).pipe(z.email('Insira um Email válido'));

const newPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, passwordMessages.tooShort)
  .max(MAX_PASSWORD_LENGTH, `Máximo de ${MAX_PASSWORD_LENGTH} caracteres.`);

/** Largest profile image, decoded (a photo of a person; the server refuses anything larger). */
export const PROFILE_IMAGE_MAX_BYTES = 1024 * 1024;

/**
 * A profile image as the image picker sends it: a new one carries its base64 `data`; one already
 * stored carries only its `url` and is kept; `null` removes it.
 */
export const profileImageInputSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    type: z.string().trim().max(100).nullable().optional(),
    data: z
      .string()
      .max(Math.ceil((PROFILE_IMAGE_MAX_BYTES * 4) / 3) + 4, 'A imagem deve ter no máximo 1 MB.')
      .nullable()
      .optional(),
    url: z.string().max(500).nullable().optional(),
  })
  .nullable();

/** The records of a subject the account may see besides its room's (the delimitation editor's shape). */
export const accountSharedTalksSchema = z
  .array(
    z.object({
      subjectIdentifier: z.string().trim().min(1, 'Escolha um assunto para continuar').max(60),
      name: z.string().trim().max(150).nullable().optional(),
      talks: z
        .array(z.object({ id: idSchema, name: z.string().max(500).nullable().optional() }))
        .min(1, 'Escolha pelo menos um item para continuar')
        .max(10000),
    }),
  )
  .max(200);

/** 'Configuração de campos': values of attributes that describe the account (spec 001 §2.3, §3). */
export const accountAttributesSchema = z
  .array(
    z.object({
      attributeId: idSchema,
      value: z
        .json()
        .refine((v) => JSON.stringify(v).length <= 10_000, 'Valor grande demais.')
        .nullable(),
    }),
  )
  .max(200);

/** sharedTalks, attributes and profileImage: taken by create and edit, stored and answered back. */
const accountExtras = {
  profileImage: profileImageInputSchema.optional(),
  sharedTalks: accountSharedTalksSchema.optional(),
  attributes: accountAttributesSchema.optional(),
};

/**
 * POST /api/account/ (administrators; spec 001 §2.3, §5, §7). A person needs names, phone and
 * e-mail; an integration account an app name. `password` is ours: when a person's is omitted
 * the server generates one and answers it once, as it does for integration credentials.
 */
export const createAccountBodySchema = z.discriminatedUnion('accountType', [
  z.object({
    accountType: z.literal(ACCOUNT_TYPE.person),
    roomId: z.number({ error: 'Selecione um perfil de acesso.' }).int().positive(),
    firstName: required(150),
    lastName: required(250),
    displayName: required(50),
    phoneNumber: phoneSchema(50),
    email: emailSchema,
    isAdmin: z.boolean().optional().default(false),
    password: newPasswordSchema.optional(),
    ...accountExtras,
  }),
  z.object({
    accountType: z.literal(ACCOUNT_TYPE.integration),
    roomId: z.number({ error: 'Selecione um perfil de acesso.' }).int().positive(),
    appName: required(150),
    displayName: required(150),
    ...accountExtras,
  }),
]);
export type CreateAccountBody = z.input<typeof createAccountBodySchema>;

export const createAccountResponseSchema = z.object({
  resourceId: z.number().int(),
  accountId: z.number().int(),
  /** Integration accounts: the credentials, shown once. */
  hash: z.string().optional(),
  password: z.string().optional(),
});
export type CreateAccountResponse = z.infer<typeof createAccountResponseSchema>;

/**
 * PUT /api/account/{id} (spec 001 §7). One body for both uses: an administrator editing an account
 * of the company (any field but the account type), and anyone editing their own profile (names,
 * display name, phone, image and the password change). A field left out is not changed.
 */
export const updateAccountBodySchema = z.object({
  roomId: z.number({ error: 'Selecione um perfil de acesso.' }).int().positive().optional(),
  firstName: required(150).optional(),
  lastName: required(250).optional(),
  displayName: required(150).optional(),
  phoneNumber: phoneSchema(50).optional(),
  appName: required(150).optional(),
  email: emailSchema.optional(),
  isAdmin: z.boolean().optional(),
  currentPassword: z.string().max(MAX_PASSWORD_LENGTH).optional(),
  newPassword: newPasswordSchema.optional(),
  /** Own profile only: the notification × channel choices (contracts/notifications.ts). */
  notifications: accountNotificationsInputSchema.optional(),
  ...accountExtras,
});
export type UpdateAccountBody = z.input<typeof updateAccountBodySchema>;

/** Fields only an administrator may change (a user's own profile may not name them). */
export const ADMIN_ONLY_ACCOUNT_FIELDS = [
  'roomId',
  'appName',
  'email',
  'isAdmin',
  'sharedTalks',
  'attributes',
] as const;

/** Own-profile limits (spec 001 §5): display name and phone at most 20 characters there. */
export const OWN_PROFILE_MAX = { displayName: 20, phoneNumber: 20 } as const;

/** GET /api/account?CurrentPage&ResultsPerPage&IncludCurrentUser&term (administrators). */
export const accountListQuerySchema = z.object({
  CurrentPage: z.coerce.number().int().min(1).catch(1).default(1),
  ResultsPerPage: z.coerce.number().int().min(1).catch(10).default(10),
  IncludCurrentUser: z
    .union([z.boolean(), z.string()])
    .transform((v) => v === true || String(v).toLowerCase() === 'true')
    .optional()
    .default(false),
  term: z.string().trim().max(25, 'Máximo de 25 caracteres.').optional(),
  /** Suspended accounts are listed (marked `inativo`) unless this is false ("Mostrar inativos"). */
  IncludeInactive: z
    .union([z.boolean(), z.string()])
    .transform((v) => !(v === false || String(v).toLowerCase() === 'false'))
    .optional()
    .default(true),
});

/** A stored profile image: GET `url` with the bearer token answers its bytes. */
export const profileImageSchema = z.object({
  name: z.string(),
  type: z.string(),
  /** GET with the bearer token: the image's bytes. */
  url: z.string(),
});
export type ProfileImage = z.infer<typeof profileImageSchema>;

/** One row of the users list (spec 001 §2.2). */
export const accountListItemSchema = z.object({
  accountId: z.number().int(),
  accountType: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  displayName: z.string(),
  email: z.string().nullable(),
  appName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  roomId: z.number().int(),
  profileId: z.number().int(),
  roomName: z.string().nullable(),
  profileImage: profileImageSchema.nullable(),
  isAdmin: z.boolean(),
  inativo: z.boolean(),
  canEdit: z.boolean(),
});
export type AccountListItem = z.infer<typeof accountListItemSchema>;

/** GET /api/account: one page of the users list. */
export const accountPageSchema = pageOf(accountListItemSchema);
export type AccountPage = z.infer<typeof accountPageSchema>;

export const accountSharedTalkSchema = z.object({
  subjectIdentifier: z.string(),
  name: z.string().nullable(),
  talks: z.array(z.object({ id: z.number().int() })),
});
export type AccountSharedTalk = z.infer<typeof accountSharedTalkSchema>;

export const accountAttributeSchema = z.object({
  attributeId: z.number().int(),
  attributeIdentifier: z.string(),
  attributeName: z.string(),
  componentId: z.number().int(),
  subjectIdentifier: z.string(),
  value: z.unknown(),
});
export type AccountAttribute = z.infer<typeof accountAttributeSchema>;

/** GET /api/account/{id}: the list row plus what the edit and own-profile forms show. */
export const accountDetailSchema = accountListItemSchema.extend({
  room: z.object({ roomId: z.number().int(), roomName: z.string() }),
  sharedTalks: z.array(accountSharedTalkSchema),
  attributes: z.array(accountAttributeSchema),
  /** The own profile's notification × channel matrix; `[]` when another account is read. */
  notifications: z.array(accountNotificationRowSchema),
});
export type AccountDetail = z.infer<typeof accountDetailSchema>;
