import { twoStepPaths, type CompanySecurity, type TwoStepState } from '@talkbase/domain/contracts/two-step';
import { apiRequest } from '../../api/client.ts';

/** Two-step sign-in calls (docs/api.md, "Two-step sign-in"). */

export const twoStepKeys = {
  own: ['two-step', 'own'] as const,
  account: (accountId: number) => ['two-step', 'account', accountId] as const,
  company: ['two-step', 'company'] as const,
};

const withId = (accountId: number) => twoStepPaths.account.replace(':accountId', String(accountId));

export const fetchOwnTwoStep = (signal?: AbortSignal) =>
  apiRequest<TwoStepState>(twoStepPaths.own, { ...(signal ? { signal } : {}) });

export const startTwoStep = () => apiRequest<undefined>(twoStepPaths.start, { method: 'POST' });

export const confirmTwoStep = (passcode: string) =>
  apiRequest<TwoStepState>(twoStepPaths.confirm, { method: 'POST', body: { passcode } });

export const disableTwoStep = (currentPassword: string) =>
  apiRequest<TwoStepState>(twoStepPaths.disable, { method: 'POST', body: { currentPassword } });

export const fetchAccountTwoStep = (accountId: number, signal?: AbortSignal) =>
  apiRequest<TwoStepState>(withId(accountId), { ...(signal ? { signal } : {}) });

export const setAccountTwoStep = (accountId: number, enabled: boolean) =>
  apiRequest<TwoStepState>(withId(accountId), { method: 'PUT', body: { enabled } });

export const fetchCompanySecurity = (signal?: AbortSignal) =>
  apiRequest<CompanySecurity>(twoStepPaths.companySecurity, { ...(signal ? { signal } : {}) });

export const saveCompanySecurity = (body: CompanySecurity) =>
  apiRequest<CompanySecurity>(twoStepPaths.companySecurity, { method: 'PUT', body });
