import { accountLifePaths } from '@talkbase/domain/contracts/account-life-paths';
import { apiRequest } from '../../api/client.ts';

/** The sign-in screen's reset calls: no session, so no token renewal on 401. */

export function forgotPassword(email: string): Promise<void> {
  return apiRequest<undefined>(accountLifePaths.forgot, {
    method: 'POST',
    body: { email },
    renewOnAuthFailure: false,
  });
}

export function resetPassword(token: string, newPassword: string): Promise<void> {
  return apiRequest<undefined>(accountLifePaths.reset, {
    method: 'POST',
    body: { token, newPassword },
    renewOnAuthFailure: false,
  });
}
