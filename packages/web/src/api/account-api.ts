import type {
  LoginBody,
  LoginResponse,
  RefreshResponse,
  VerifyPasscodeBody,
} from '@talkbase/domain/contracts/account';
import { apiRequest } from './client.ts';
import { accountPaths } from './contract-constants.ts';

export function login(body: LoginBody): Promise<LoginResponse> {
  return apiRequest(accountPaths.login, { method: 'POST', body, renewOnAuthFailure: false });
}

export function verifyPasscode(body: VerifyPasscodeBody): Promise<LoginResponse> {
  return apiRequest(accountPaths.verifyPasscode, { method: 'POST', body, renewOnAuthFailure: false });
}

export function refreshToken(token: string): Promise<RefreshResponse> {
  return apiRequest(accountPaths.refresh, { method: 'POST', body: { token }, renewOnAuthFailure: false });
}

/** Ends the session on the server; the token is passed because the local session is already gone. */
export function logout(token: string): Promise<void> {
  return apiRequest(accountPaths.logout, { method: 'POST', token });
}
