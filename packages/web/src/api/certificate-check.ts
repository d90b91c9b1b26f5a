import {
  accountLogTypes,
  certificateCheckAnswerSchema,
  certificateMessageFor,
  certificateTicketPath,
  type CertificateCheckAnswer,
  type CertificateTicket,
} from '@talkbase/domain/contracts/certificates';
import { apiRequest } from './client.ts';

const failed = (accountLogTypeId: number): CertificateCheckAnswer => ({
  valid: false,
  user: '',
  message: certificateMessageFor(accountLogTypeId),
  accountLogTypeId,
});

/**
 * Runs the certificate check (002 §7): a one-use ticket from the API names the account, then the
 * browser calls the certificate endpoint on its own TLS port, where it is asked for the client
 * certificate. Whatever goes wrong on the way answers as a request failure (002 §8, ids 3 and 4).
 */
export async function runCertificateCheck(): Promise<CertificateCheckAnswer> {
  const { ticket, checkUrl } = await apiRequest<CertificateTicket>(certificateTicketPath, { method: 'POST' });
  let payload: unknown;
  try {
    // Not the API: another origin, reached with the TLS client certificate (credentials).
    // eslint-disable-next-line no-restricted-globals -- the certificate endpoint is not under /api.
    const response = await fetch(`${checkUrl}?ticket=${encodeURIComponent(ticket)}`, {
      credentials: 'include',
      cache: 'no-store',
    });
    payload = await response.json();
  } catch {
    return failed(accountLogTypes.requestFailed);
  }
  const answer = certificateCheckAnswerSchema.safeParse(payload);
  if (!answer.success) return failed(accountLogTypes.requestFailed);
  // The texts the user reads are the spec's, whatever the endpoint wrote.
  return { ...answer.data, message: certificateMessageFor(answer.data.accountLogTypeId) };
}
