import type { SessionUser } from '@talkbase/domain/contracts/account';
import { ADMIN_ROOM_ID } from '../../api/contract-constants.ts';

/**
 * Who may open a screen (000 §6, 001 §2.1): anyone signed in, administrators, or administrators
 * of the administrators' room (Automações and Tags).
 */
export type Access = 'user' | 'admin' | 'admin-room-1';

export function canAccess(user: Pick<SessionUser, 'isAdmin' | 'roomId'>, access: Access): boolean {
  switch (access) {
    case 'user':
      return true;
    case 'admin':
      return user.isAdmin;
    case 'admin-room-1':
      return user.isAdmin && user.roomId === ADMIN_ROOM_ID;
  }
}
