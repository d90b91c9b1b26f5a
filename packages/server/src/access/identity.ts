import { ACCOUNT_TYPE, ADMIN_ROOM_ID } from '@talkbase/domain/contracts/account';
import type { AuthContext, AutomationActor } from '../http/request-identity.ts';

export type { AuthContext, AutomationActor } from '../http/request-identity.ts';

/** The account columns an identity is built from (a session row or an account row). */
interface AccountFacts {
  accountId: number;
  companyId: number;
  roomId: number;
  accountType: number;
  /** The stored flag (0/1 or boolean). */
  isAdmin: number | boolean;
}

/** Whether a stored account holds administration: the flag, on a person (never an integration). */
export function holdsAdministration(accountType: number, isAdmin: number | boolean): boolean {
  return (isAdmin === true || isAdmin === 1) && accountType === ACCOUNT_TYPE.person;
}

function build(sessionId: string, a: AccountFacts, extra: Partial<AuthContext> = {}): AuthContext {
  const isAdmin = holdsAdministration(a.accountType, a.isAdmin);
  return {
    sessionId,
    accountId: a.accountId,
    companyId: a.companyId,
    roomId: a.roomId,
    accountType: a.accountType,
    isAdmin,
    ...extra,
  } as AuthContext;
}

/** A request's identity, from its live session row (modules/auth). */
export function identityOfSession(session: {
  sessionId: string;
  accountId: number;
  companyId: number;
  roomId: number;
  accountType: number;
  isAdmin: number;
  catalogVersion?: number;
}): AuthContext {
  return build(
    session.sessionId,
    session,
    session.catalogVersion === undefined ? {} : { catalogVersion: session.catalogVersion },
  );
}

/**
 * An account acting without a request of its own: a recipient whose access decides what a
 * notification or a message push may show it.
 */
export function identityOfAccount(
  companyId: number,
  account: { id: number; room_id: number; account_type: number; is_admin: number },
): AuthContext {
  return build('', {
    accountId: account.id,
    companyId,
    roomId: account.room_id,
    accountType: account.account_type,
    isAdmin: account.is_admin,
  });
}

/**
 * An automation run: it acts with the company's automation account (room 1's first administrator)
 * and carries its depth, job and idempotency key.
 */
export function automationIdentity(
  companyId: number,
  account: { id: number; room_id: number; account_type: number } | undefined,
  actor: AutomationActor,
): AuthContext {
  return build(
    'automation',
    {
      accountId: account?.id ?? 1,
      companyId,
      roomId: account?.room_id ?? ADMIN_ROOM_ID,
      accountType: account?.account_type ?? ACCOUNT_TYPE.person,
      isAdmin: true,
    },
    { automation: actor },
  );
}

/** The first administrator, as the demo workspace is seeded on the first start. */
export function seedIdentity(companyId: number, accountId: number): AuthContext {
  return build('seed', {
    accountId,
    companyId,
    roomId: ADMIN_ROOM_ID,
    accountType: ACCOUNT_TYPE.person,
    isAdmin: true,
  });
}
