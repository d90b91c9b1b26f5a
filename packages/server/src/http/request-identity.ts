// The request's identity as a type, so that http/ can carry it without importing the access module
// that builds it (access/identity.ts, the only place an identity is made; lint holds that).

/** Set when an automation run acts (modules/automations): its depth, job and idempotency key. */
export interface AutomationActor {
  depth: number;
  jobId: number;
  markKey?: string;
}

/**
 * Marks an identity as built here. Nothing outside this file can name it, so an identity written
 * as an object literal elsewhere does not compile: every identity comes from one of the builders
 * of access/identity.ts, which apply the same rules (an integration account is never an administrator).
 */
declare const issued: unique symbol;

/**
 * Who is acting: the signed-in account of a request (from its live session, once per request), or
 * the account an automation, a notification or the demo seed acts for. Every access decision
 * (access/) is taken on this.
 */
export interface AuthContext {
  readonly [issued]: true;
  sessionId: string;
  accountId: number;
  companyId: number;
  roomId: number;
  accountType: number;
  isAdmin: boolean;
  /**
   * The company's catalog version read with the session at the start of the request: while the
   * catalog kept in memory is of this version, it serves the request without another query.
   */
  catalogVersion?: number;
  automation?: AutomationActor;
}
