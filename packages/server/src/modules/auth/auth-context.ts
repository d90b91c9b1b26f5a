import type { AutomationActor } from '../talks/talk-events.ts';

/** Who is calling: resolved from the bearer token and the live session row on every request. */
export interface AuthContext {
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
  /** Set when an automation run acts (modules/automations): its depth, job and idempotency key. */
  automation?: AutomationActor;
}
