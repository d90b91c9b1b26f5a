import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from '../passwords/password-rules.ts';

/**
 * Two-step sign-in (issue 34 item 4): a 6-digit code e-mailed at sign-in, switched on by the person
 * on their profile (confirmed with a code), by an administrator on the user form, or for every
 * administrator by the company rule.
 */
export const twoStepPaths = {
  /** GET: the signed-in person's two-step state. */
  own: '/api/account/twostep',
  /** POST: e-mails the signed-in person a code that confirms switching two-step on. */
  start: '/api/account/twostep/start',
  /** POST {passcode}: the code e-mailed by `start`; two-step is on from then on. */
  confirm: '/api/account/twostep/confirm',
  /** POST {currentPassword}: switches the signed-in person's two-step off. */
  disable: '/api/account/twostep/disable',
  /** GET / PUT {enabled}: an account's two-step, for administrators (the user form). */
  account: '/api/account/:accountId/twostep',
  /** GET / PUT {requireTwoStepForAdmins}: the company's sign-in rule. */
  companySecurity: '/api/company/security',
} as const;

/** How long an e-mailed code works (sign-in and confirmation alike). */
export const PASSCODE_TTL_MINUTES = 10;

export const twoStepStateSchema = z.object({
  /** Two-step switched on for the account itself. */
  enabled: z.boolean(),
  /** The company asks administrators for the code anyway, and the account is one. */
  requiredByCompany: z.boolean(),
  /** When it was last switched on or off (epoch ms), null if never. */
  changedAt: z.number().nullable(),
  /** Where the codes go. */
  email: z.string().nullable(),
});
export type TwoStepState = z.infer<typeof twoStepStateSchema>;

const passcode = z
  .string({ error: 'O código deve ter 6 dígitos' })
  .trim()
  .regex(/^\d{6}$/, 'O código deve ter 6 dígitos');

export const twoStepConfirmBodySchema = z.object({ passcode });
export type TwoStepConfirmBody = z.input<typeof twoStepConfirmBodySchema>;

export const twoStepDisableBodySchema = z.object({
  currentPassword: z
    .string({ error: 'Informe a senha atual' })
    .min(1, 'Informe a senha atual')
    .max(MAX_PASSWORD_LENGTH, `Máximo de ${MAX_PASSWORD_LENGTH} caracteres.`),
});
export type TwoStepDisableBody = z.input<typeof twoStepDisableBodySchema>;

export const twoStepSetBodySchema = z.object({
  enabled: z.boolean({
    error: 'Informe se a verificação em duas etapas fica ligada (true) ou desligada (false).',
  }),
});
export type TwoStepSetBody = z.input<typeof twoStepSetBodySchema>;

export const companySecuritySchema = z.object({
  requireTwoStepForAdmins: z.boolean({
    error: 'Informe se a verificação em duas etapas é exigida dos administradores (true ou false).',
  }),
});
export type CompanySecurity = z.infer<typeof companySecuritySchema>;
