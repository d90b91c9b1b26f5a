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
