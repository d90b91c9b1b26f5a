import { z } from 'zod';

/** The certificate check's schemas (002 §7); its paths, outcomes and texts: ./certificate-constants.ts. */
export * from './certificate-constants.ts';

/** The answer of `GET /certificado.aspx` (002 §7): `user` is "name:cpf", empty when not valid. */
export const certificateCheckAnswerSchema = z.object({
  valid: z.boolean(),
  user: z.string(),
  message: z.string(),
  accountLogTypeId: z.number().int(),
});
export type CertificateCheckAnswer = z.infer<typeof certificateCheckAnswerSchema>;

export const certificateCheckQuerySchema = z.object({
  ticket: z.string().trim().min(1).max(200).optional(),
});

/** `GET /api/certificate/status`: the account's current check and the subjects that need one. */
export const certificateStatusSchema = z.object({
  valid: z.boolean(),
  /** "name:cpf" of the last valid check still in force. */
  user: z.string().nullable(),
  checkedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  requireDigitalSignature: z.array(z.object({ subjectId: z.number(), subjectIdentifier: z.string() })),
  /** Where the browser runs the check; null when this server has no certificate endpoint. */
  checkUrl: z.string().nullable(),
});
export type CertificateStatus = z.infer<typeof certificateStatusSchema>;

/** `POST /api/certificate/ticket`: a one-use ticket naming the account to the TLS endpoint. */
export const certificateTicketSchema = z.object({
  ticket: z.string(),
  checkUrl: z.string(),
  expiresIn: z.number(),
});
export type CertificateTicket = z.infer<typeof certificateTicketSchema>;
