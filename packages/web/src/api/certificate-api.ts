import { certificateStatusPath } from '@talkbase/domain/contracts/certificate-constants';
import type { CertificateStatus } from '@talkbase/domain/contracts/certificates';
import { apiRequest } from './client.ts';

/**
 * The account's certificate check in force and the subjects that need one (002 §4). The check
 * itself, with its answer's schema, is ./certificate-check.ts: loaded only when a subject asks for it.
 */
export function fetchCertificateStatus(signal?: AbortSignal): Promise<CertificateStatus> {
  return apiRequest(certificateStatusPath, signal ? { signal } : {});
}
