import type { Socket } from 'node:net';
import { TLSSocket } from 'node:tls';
import { accountLogTypes } from '@talkbase/domain/contracts/certificates';
import { certificateHolder, type CertificateHolder } from './certificate-holder.ts';

export type PeerOutcome =
  | { valid: true; holder: CertificateHolder & { cpf: string } }
  | { valid: false; accountLogTypeId: number; holder: CertificateHolder | undefined };

// OpenSSL's verification results (X509_V_ERR_*), as Node names them, grouped by what 002 §8 says.
const NOT_VALID = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_SIGNATURE_FAILURE',
  'ERROR_IN_CERT_NOT_BEFORE_FIELD',
  'ERROR_IN_CERT_NOT_AFTER_FIELD',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
]);
const NOT_ICP_BRASIL = new Set([
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'CERT_UNTRUSTED',
]);
const REVOKED = new Set([
  'CERT_REVOKED',
  'UNABLE_TO_GET_CRL',
  'UNABLE_TO_GET_CRL_ISSUER',
  'CRL_HAS_EXPIRED',
  'CRL_NOT_YET_VALID',
  'CRL_SIGNATURE_FAILURE',
  'UNABLE_TO_DECRYPT_CRL_SIGNATURE',
  'ERROR_IN_CRL_LAST_UPDATE_FIELD',
  'ERROR_IN_CRL_NEXT_UPDATE_FIELD',
]);

function outcomeOfError(code: string): number {
  if (NOT_VALID.has(code)) return accountLogTypes.invalid;
  if (NOT_ICP_BRASIL.has(code)) return accountLogTypes.notIcpBrasil;
  if (REVOKED.has(code)) return accountLogTypes.revoked;
  // Anything else (e.g. INVALID_PURPOSE: not enabled for client authentication).
  return accountLogTypes.disabled;
}

/**
 * What the client certificate of a mutual-TLS connection is worth. OpenSSL has already verified
 * the chain against the trusted roots (and the revocation lists, when given) during the handshake;
 * the server accepts unverified peers only so that it can answer the spec's message instead of
 * dropping the connection.
 */
export function peerOutcome(socket: Socket): PeerOutcome {
  if (!(socket instanceof TLSSocket)) {
    return { valid: false, accountLogTypeId: accountLogTypes.noCertificate, holder: undefined };
  }
  const peer = socket.getPeerCertificate(false);
  // No certificate: Node answers an empty object.
  if (!Buffer.isBuffer(peer.raw) || peer.raw.length === 0) {
    return { valid: false, accountLogTypeId: accountLogTypes.noCertificate, holder: undefined };
  }
  let holder: CertificateHolder;
  try {
    holder = certificateHolder(peer.raw);
  } catch {
    return { valid: false, accountLogTypeId: accountLogTypes.disabled, holder: undefined };
  }
  if (!socket.authorized) {
    const reason = socket.authorizationError as unknown;
    const code = typeof reason === 'string' ? reason : ((reason as { code?: string } | null)?.code ?? '');
    return { valid: false, accountLogTypeId: outcomeOfError(code), holder };
  }
  if (!holder.cpf) return { valid: false, accountLogTypeId: accountLogTypes.notIcpBrasil, holder };
  return { valid: true, holder: { name: holder.name, cpf: holder.cpf } };
}
