import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordMessages } from '../passwords/password-rules.ts';

/** Bodies and answers of an account's life cycle (paths and constants: account-life-paths.ts). */
export const setActiveBodySchema = z.object({
  isActive: z.boolean({ error: 'Informe se a conta fica ativa (true) ou suspensa (false).' }),
});
export type SetActiveBody = z.input<typeof setActiveBodySchema>;

export const forgotPasswordBodySchema = z.object({
  email: z
    .string({ error: 'Informe o e-mail' })
    .trim()
    .min(1, 'Informe o e-mail')
    .max(150, 'Máximo de 150 caracteres.')
    .pipe(z.email('Insira um Email válido')),
});
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z.object({
  token: z.string({ error: 'Link inválido.' }).trim().min(1, 'Link inválido.').max(200, 'Link inválido.'),
  newPassword: z
    .string({ error: passwordMessages.tooShort })
    .min(MIN_PASSWORD_LENGTH, passwordMessages.tooShort)
    .max(MAX_PASSWORD_LENGTH, `Máximo de ${MAX_PASSWORD_LENGTH} caracteres.`),
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** "Gerar nova senha": the integration's hash (unchanged) and its new password, shown once. */
export const integrationCredentialsSchema = z.object({
  accountId: z.number().int(),
  hash: z.string(),
  password: z.string(),
});
export type IntegrationCredentials = z.infer<typeof integrationCredentialsSchema>;
