import { z } from 'zod';

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
  one: '/api/account/:accountId',
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

/** Own-account password change (spec 001 §7 PUT /account/{id}, own); the profile fields come later. */
export const ownPasswordChangeSchema = z.object({
  currentPassword: z.string().min(1, 'Senha inválida').max(1024),
  newPassword: z.string().min(10, 'Digite no mínimo 10 caracteres').max(1024),
});

const required = (max: number) =>
  z
    .string({ error: 'Campo obrigatório.' })
    .trim()
    .min(1, 'Campo obrigatório.')
    .max(max, `Máximo de ${max} caracteres.`);

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
    phoneNumber: required(50),
    email: required(150).pipe(z.email('Insira um Email válido')),
    isAdmin: z.boolean().optional().default(false),
    password: z.string().min(10, 'Digite no mínimo 10 caracteres').max(1024).optional(),
  }),
  z.object({
    accountType: z.literal(ACCOUNT_TYPE.integration),
    roomId: z.number({ error: 'Selecione um perfil de acesso.' }).int().positive(),
    appName: required(150),
    displayName: required(150),
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
