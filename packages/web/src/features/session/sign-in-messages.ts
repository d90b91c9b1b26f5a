import { ApiError } from '../../api/client.ts';
import { t } from '../../i18n/pt-BR.ts';

/** The messages of a failed sign-in screen call: the server's, else a generic one. */
export function messagesOf(error: unknown): string[] {
  if (!error) return [];
  if (error instanceof ApiError) return error.errors.map((e) => e.message);
  return [t.errors.generic];
}
