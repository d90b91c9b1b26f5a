/**
 * The digital-certificate check (spec 002 §4, §7, §8): subjects listed in a room's
 * `requireDigitalSignature` open their record scenarios only after the account's browser presented
 * an ICP-Brasil client certificate to the TLS endpoint `GET /certificado.aspx`; a valid check lasts
 * 24 hours (§9).
 *
 * Its paths, outcomes and texts, without zod: the web app's certificate gate is part of every
 * records screen's first load (issue 18) and needs only these. The schemas are in
 * ./certificates.ts, which re-exports this file.
 */
export const CERTIFICATE_CHECK_PATH = '/certificado.aspx';
export const certificateStatusPath = '/api/certificate/status';
export const certificateTicketPath = '/api/certificate/ticket';

/** §9 "Certificate validity 24 hours". */
export const CERTIFICATE_VALIDITY_MS = 24 * 60 * 60 * 1000;
/** A ticket names the account to the TLS endpoint for this long, once. */
export const CERTIFICATE_TICKET_SECONDS = 120;

/** Outcomes of a check, answered as `accountLogTypeId` (002 §8 names 3 to 7; the others are ours). */
export const accountLogTypes = {
  valid: 1,
  /** The request could not be tied to a signed-in account (ticket missing, expired or used). */
  requestFailed: 3,
  /** The endpoint could not run the check (its own failure). */
  checkFailed: 4,
  /** The browser presented no certificate ("No certificate given"). */
  noCertificate: 5,
  /** Expired, not yet valid, or its signature does not verify. */
  invalid: 6,
  /** Not issued under the ICP-Brasil roots, or without the holder's CPF. */
  notIcpBrasil: 7,
  /** Listed in its issuer's revocation list, or that list is missing or out of date. */
  revoked: 8,
  /** Chained and in date, but not enabled for client authentication (key usage). */
  disabled: 9,
} as const;

/** The spec's texts, verbatim where 002 §8 quotes them; the others in the same voice. */
export const certificateMessages = {
  valid: 'Certificado digital verificado com sucesso. A verificação vale por 24 horas.',
  requestFailed:
    'Ops! Ocorreu uma falha na requisição do certificado digital. Por favor, entre em contato com o fornecedor do sistema.',
  invalid: 'Ops! O certificado digital informado não é válido.',
  notIcpBrasil: 'Ops! O certificado digital informado não é válido para a ICP-Brasil.',
  other:
    'Ops! O certificado digital disponível para utilização não é válido ou está inabilitado para utilização.',
  notGiven: 'Ops! O certificado digital não foi informado.',
  revoked:
    'Ops! O seu certificado de cliente foi revogado ou o status da revogação não pôde ser determinado.',
} as const;

/** The message of an outcome, as the web shows it whatever the endpoint wrote. */
export function certificateMessageFor(accountLogTypeId: number): string {
  switch (accountLogTypeId) {
    case accountLogTypes.valid:
      return certificateMessages.valid;
    case accountLogTypes.requestFailed:
    case accountLogTypes.checkFailed:
      return certificateMessages.requestFailed;
    case accountLogTypes.noCertificate:
      return certificateMessages.notGiven;
    case accountLogTypes.invalid:
      return certificateMessages.invalid;
    case accountLogTypes.notIcpBrasil:
      return certificateMessages.notIcpBrasil;
    case accountLogTypes.revoked:
      return certificateMessages.revoked;
    default:
      return certificateMessages.other;
  }
}
