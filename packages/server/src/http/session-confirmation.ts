import type { AuthContext } from './request-identity.ts';

/** The company's versions a session is valid under (migrations 0006, 0021). */
export interface SessionVersions {
  authVersion: number;
  catalogVersion: number;
}

/**
 * Sessions taken as this instance last read them, awaiting the versions that confirm them
 * (docs/decisions.md "A record read confirms its session"). A route that opts in (`confirmsSession`,
 * http/route.ts) skips the per-request versions statement: its handler's first records read brings
 * the company's versions back in the same statement, so they are read in the very snapshot the
 * record is — never later than the separate statement would have read them. Until they match, the
 * identity is unconfirmed and nothing it produced is answered: the route runs again with the
 * session read as every other route reads it.
 */
const awaiting = new WeakMap<AuthContext, SessionVersions & { companyId: number }>();

/** Marks a remembered identity (modules/auth) as needing the versions it was remembered at. */
export function awaitConfirmation(
  auth: AuthContext,
  expected: SessionVersions & { companyId: number },
): AuthContext {
  awaiting.set(auth, expected);
  return auth;
}

/** The company whose versions the request's records read should bring back; undefined once confirmed. */
export function versionsToConfirm(auth: AuthContext): { companyId: number } | undefined {
  return awaiting.get(auth);
}

/**
 * Confirms the identity with the versions read beside the record. False when they moved, or when no
 * row brought them (the record does not exist or is outside the account's rows): the route then runs
 * again with the session read first, and answers what that run answers.
 */
export function confirmSession(auth: AuthContext, read: SessionVersions | undefined): boolean {
  const expected = awaiting.get(auth);
  if (!expected) return true;
  if (read?.authVersion !== expected.authVersion || read.catalogVersion !== expected.catalogVersion)
    return false;
  awaiting.delete(auth);
  return true;
}

export function isConfirmed(auth: AuthContext | null): boolean {
  return auth === null || !awaiting.has(auth);
}

/** Thrown by a read whose versions did not confirm its identity; the route runs again (http/route.ts). */
export class UnconfirmedSession extends Error {
  constructor() {
    super('the remembered session was not confirmed by the versions read with the record');
  }
}
