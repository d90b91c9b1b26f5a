import { useQuery } from '@tanstack/react-query';
import type {
  AccountDetail,
  AccountPage,
  CreateAccountBody,
  CreateAccountResponse,
  UpdateAccountBody,
} from '@talkbase/domain/contracts/account';
import { apiRequest } from '../../api/client.ts';
import { fetchBlob } from '../../fields/editors/complex/download-blob.ts';

/** The account calls of the users screens and the own profile (docs/api.md, Accounts). */

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const usersKeys = {
  all: ['users'] as const,
  page: (page: number, size: number, term: string) => ['users', 'page', page, size, term] as const,
  one: (id: number) => ['users', 'one', id] as const,
};

export function fetchAccounts(
  q: { page: number; size: number; term: string; showInactive?: boolean },
  signal?: AbortSignal,
): Promise<AccountPage> {
  const query = new URLSearchParams({ CurrentPage: String(q.page), ResultsPerPage: String(q.size) });
  if (q.term.trim()) query.set('term', q.term.trim());
  // Suspended accounts only with "Mostrar inativos".
  if (q.showInactive === false) query.set('IncludeInactive', 'false');
  return apiRequest<AccountPage>(`/api/account?${query.toString()}`, withSignal(signal));
}

export function fetchAccount(id: number, signal?: AbortSignal): Promise<AccountDetail> {
  return apiRequest<AccountDetail>(`/api/account/${id}`, withSignal(signal));
}

export function createAccount(body: CreateAccountBody): Promise<CreateAccountResponse> {
  return apiRequest<CreateAccountResponse>('/api/account', { method: 'POST', body });
}

export function updateAccount(id: number, body: UpdateAccountBody): Promise<AccountDetail> {
  return apiRequest<AccountDetail>(`/api/account/${id}`, { method: 'PUT', body });
}

export function deleteAccount(id: number): Promise<void> {
  return apiRequest<undefined>(`/api/account/${id}`, { method: 'DELETE' });
}

export interface RoomOption {
  roomId: number;
  roomName: string;
}

/** GET /api/room: one page of access profiles for the room select (001 §9: page size 10). */
export function fetchRoomPage(
  page: number,
  signal?: AbortSignal,
): Promise<{ itens: RoomOption[]; totalResults: number; currentPage: number }> {
  return apiRequest(`/api/room?page=${page}&fetch=10`, withSignal(signal));
}

function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      resolve(typeof reader.result === 'string' ? reader.result : '');
    };
    reader.onerror = () => {
      reject(reader.error ?? new Error('read'));
    };
    reader.readAsDataURL(blob);
  });
}

/**
 * A stored profile image as a data URL: the image call needs the bearer token, which an <img src>
 * cannot send (the policy allows data: images). Null while loading, when there is none, or on failure.
 */
export function useAccountImage(url: string | null | undefined): string | null {
  const image = useQuery({
    queryKey: ['users', 'image', url],
    queryFn: async () => toDataUrl((await fetchBlob(url ?? '')).blob),
    enabled: Boolean(url),
    staleTime: Infinity,
    retry: false,
  });
  return url ? (image.data ?? null) : null;
}
