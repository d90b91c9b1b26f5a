import { ACCOUNT_TYPE, ADMIN_ROOM_ID, CUSTOMER_ROOM_ID } from '@talkbase/domain/contracts/account';
import { forbidden, type ErrorItem } from '../http/errors.ts';
import type { AuthContext } from './identity.ts';

export const administrationMessages = {
  grantRoomOne: 'Somente um administrador do perfil Administrador pode incluir usuários nesse perfil.',
  grantAdmin:
    'Somente um administrador do perfil Administrador pode conceder ou retirar o acesso de administrador.',
  roomOneAccount:
    'Somente um administrador do perfil Administrador pode alterar ou excluir usuários desse perfil.',
  integrationAdmin: 'Contas de integração não podem ser administradoras.',
  customerImport: 'Clientes não importam registros: abra cada chamado pelo formulário.',
} as const;

/** An administrator of any room: the settings console (users, rooms, templates, notifications). */
export function isAdministrator(auth: AuthContext): boolean {
  return auth.isAdmin;
}

/**
 * An administrator of room 1 (spec 001 §1: "Automações and Tags only for admins whose roomId is
 * '1'"): tags, automations and their runs, and who else holds room 1 or the administrator flag.
 */
export function isPlatformAdministrator(auth: AuthContext): boolean {
  return auth.isAdmin && auth.roomId === ADMIN_ROOM_ID;
}

export function requirePlatformAdministrator(auth: AuthContext): void {
  if (!isPlatformAdministrator(auth)) throw forbidden();
}

/** Room 1 reads every menu item, attribute and record type (its grants are given as they are made). */
export function readsEverything(auth: AuthContext): boolean {
  return auth.roomId === ADMIN_ROOM_ID;
}

/**
 * What an account change may grant (security probe: an administrator of another room moved itself
 * into room 1, and made an integration account an administrator that then made more). Only room 1's
 * administrators give or take room 1 or the administrator flag, or change or remove an account of
 * room 1. `target` is the account as stored (absent when it is being created); `change` what the
 * request sets. The answers are refusals (403).
 */
export function administrationChangeErrors(
  auth: AuthContext,
  target: { roomId: number; isAdmin: boolean; accountType: number } | undefined,
  change: { roomId?: number | undefined; isAdmin?: boolean | undefined },
): ErrorItem[] {
  const errors: ErrorItem[] = [];
  if (isPlatformAdministrator(auth)) return errors;
  const roomChanges = change.roomId !== undefined && change.roomId !== target?.roomId;
  const adminChanges = change.isAdmin !== undefined && change.isAdmin !== (target?.isAdmin ?? false);
  if (target?.roomId === ADMIN_ROOM_ID && (roomChanges || adminChanges))
    errors.push({
      message: administrationMessages.roomOneAccount,
      field: roomChanges ? 'roomId' : 'isAdmin',
    });
  else if (roomChanges && change.roomId === ADMIN_ROOM_ID)
    errors.push({ message: administrationMessages.grantRoomOne, field: 'roomId' });
  if (adminChanges && target?.roomId !== ADMIN_ROOM_ID)
    errors.push({ message: administrationMessages.grantAdmin, field: 'isAdmin' });
  return errors;
}

/** An integration account never holds the administrator flag (a 422 of the account's fields). */
export function integrationAdminErrors(accountType: number, isAdmin: boolean | undefined): ErrorItem[] {
  return isAdmin === true && accountType === ACCOUNT_TYPE.integration
    ? [{ message: administrationMessages.integrationAdmin, field: 'isAdmin' }]
    : [];
}

/** Removing an account of room 1 is for room 1's administrators. */
export function mayRemoveAccount(auth: AuthContext, target: { roomId: number }): boolean {
  return target.roomId !== ADMIN_ROOM_ID || isPlatformAdministrator(auth);
}

/**
 * Suspending or restoring an account, e-mailing it a reset link or giving it new credentials: for
 * an account of room 1, room 1's administrators only (as changing or removing it).
 */
export function mayManageAccount(auth: AuthContext, target: { roomId: number }): boolean {
  return mayRemoveAccount(auth, target);
}

/**
 * Customers (room 1196) write records one at a time through the form, where their rules apply
 * (issue 39 item 8): a CSV import is refused for them whatever the room's create grant says, as the
 * grid offers them no "Importar".
 */
export function requireBulkWriter(auth: AuthContext): void {
  if (auth.roomId === CUSTOMER_ROOM_ID) throw forbidden(administrationMessages.customerImport);
}
