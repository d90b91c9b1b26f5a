import type { MenuResource } from '@talkbase/domain/contracts/menus';
import type {
  RoomActionItem,
  RoomDetail,
  RoomInput,
  RoomNotificationOption,
  RoomSummary,
  SubjectResource,
} from '@talkbase/domain/contracts/rooms';
import { apiRequest } from '../../api/client.ts';

/** The room calls (001 §7 "Rooms"; docs/api.md "Access profiles"). */

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export interface RoomPage {
  itens: RoomSummary[];
  totalResults: number;
  currentPage: number;
}

export function fetchRooms(
  q: { page: number; fetch: number; term?: string },
  signal?: AbortSignal,
): Promise<RoomPage> {
  const query = new URLSearchParams({ page: String(q.page), fetch: String(q.fetch) });
  if (q.term) query.set('term', q.term);
  return apiRequest<RoomPage>(`/api/room?${query.toString()}`, withSignal(signal));
}

export function fetchRoom(roomId: number, signal?: AbortSignal): Promise<RoomDetail> {
  return apiRequest<RoomDetail>(`/api/room/${roomId}`, withSignal(signal));
}

export function createRoom(input: RoomInput): Promise<{ roomId: number }> {
  return apiRequest<{ roomId: number }>('/api/room', { method: 'POST', body: input });
}

export function updateRoom(roomId: number, input: RoomInput): Promise<RoomDetail> {
  return apiRequest<RoomDetail>(`/api/room/${roomId}`, { method: 'PUT', body: input });
}

export function deleteRoom(roomId: number): Promise<void> {
  return apiRequest<undefined>(`/api/room/${roomId}`, { method: 'DELETE' });
}

export function fetchRoomActions(signal?: AbortSignal): Promise<RoomActionItem[]> {
  return apiRequest<RoomActionItem[]>('/api/room/action', withSignal(signal));
}

export interface RoomResources {
  Menus: MenuResource[];
  Subjects: SubjectResource[];
}

export function fetchRoomResources(signal?: AbortSignal): Promise<RoomResources> {
  return apiRequest<RoomResources>('/api/room/resource', withSignal(signal));
}

export function fetchRoomNotificationOptions(signal?: AbortSignal): Promise<RoomNotificationOption[]> {
  return apiRequest<RoomNotificationOption[]>('/api/Room/notification', withSignal(signal));
}

export const roomKeys = {
  list: (q: { page: number; fetch: number; term: string }) => ['rooms', 'list', q] as const,
  all: ['rooms'] as const,
  one: (roomId: number) => ['rooms', 'one', roomId] as const,
  actions: ['rooms', 'actions'] as const,
  resources: ['rooms', 'resources'] as const,
  notifications: ['rooms', 'notifications'] as const,
  others: ['rooms', 'others'] as const,
};
