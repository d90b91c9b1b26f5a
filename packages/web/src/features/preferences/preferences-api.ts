// Types only: the contract's zod schemas would weigh on the first screen, which loads this module.
import type { AccountPreferences, SavePreferencesBody } from '@talkbase/domain/contracts/preferences';
import { apiRequest } from '../../api/client.ts';

/** The contract's `preferencesPath`. */
const preferencesPath = '/api/account/preferences';

export const accountPreferencesKey = ['account', 'preferences'] as const;

export function fetchAccountPreferences(signal?: AbortSignal): Promise<AccountPreferences> {
  return apiRequest<AccountPreferences>(preferencesPath, signal ? { signal } : {});
}

export function saveAccountPreferences(
  body: SavePreferencesBody,
  options: { keepalive?: boolean } = {},
): Promise<AccountPreferences> {
  return apiRequest<AccountPreferences>(preferencesPath, { method: 'PUT', body, ...options });
}
