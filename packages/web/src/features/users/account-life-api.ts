import type { AccountDetail } from '@talkbase/domain/contracts/account';
import type { IntegrationCredentials } from '@talkbase/domain/contracts/account-life';
import { accountLifePaths } from '@talkbase/domain/contracts/account-life-paths';
import { apiRequest } from '../../api/client.ts';

/** The life-cycle calls of the users screens (docs/api.md, Accounts: life cycle). */

const withId = (path: string, accountId: number) => path.replace(':accountId', String(accountId));

/** Suspends (false) or restores (true) an account. */
export function setAccountActive(accountId: number, isActive: boolean): Promise<AccountDetail> {
  return apiRequest<AccountDetail>(withId(accountLifePaths.active, accountId), {
    method: 'PUT',
    body: { isActive },
  });
}

/** "Enviar redefinição de senha": e-mails the person a reset link. */
export function sendPasswordReset(accountId: number): Promise<void> {
  return apiRequest<undefined>(withId(accountLifePaths.sendReset, accountId), { method: 'POST' });
}

/** "Gerar nova senha": an integration's new password, answered once. */
export function newIntegrationCredentials(accountId: number): Promise<IntegrationCredentials> {
  return apiRequest<IntegrationCredentials>(withId(accountLifePaths.credentials, accountId), {
    method: 'POST',
  });
}
