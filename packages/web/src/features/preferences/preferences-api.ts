import {
  preferencesPath,
  type AccountPreferences,
  type SavePreferencesBody,
} from '@talkbase/domain/contracts/preferences';
import { apiRequest } from '../../api/client.ts';

export const accountPreferencesKey = ['account', 'preferences'] as const;

export function fetchAccountPreferences(signal?: AbortSignal): Promise<AccountPreferences> {
  return apiRequest<AccountPreferences>(preferencesPath, signal ? { signal } : {});
}

export function saveAccountPreferences(body: SavePreferencesBody): Promise<AccountPreferences> {
  return apiRequest<AccountPreferences>(preferencesPath, { method: 'PUT', body });
}
