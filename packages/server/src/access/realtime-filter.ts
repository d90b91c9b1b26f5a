import type { Kysely } from 'kysely';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import type { Database } from '../db/schema.ts';
import { readsEverything } from './administration.ts';
import type { DeliveryFilter } from '../realtime/hub.ts';
import { identityOfSession, type AuthContext } from './identity.ts';
import { findLiveSession } from './live-session.ts';
import { existingIds } from '../records/records.repository.ts';
import type { PermissionsService } from './permissions.service.ts';

/** The payload talks.service announces; read defensively (any publisher may send this event). */
interface TalkUpdates {
  subject?: unknown;
  subjectId?: unknown;
  talkIds?: unknown[];
}

/**
 * SendTalkUpdates through the access policy, per socket: nothing of a subject its room may not
 * read, and of a delimited subject only the records it may read (a record deleted since is no
 * longer among them: its deletion is not announced to delimited accounts). Other events pass.
 *
 * A socket's account (room, admin flag) is read from its session at most every `sessionMs` (the
 * hub's sweep closes revoked sessions on the same beat), so a burst of events costs no session
 * query per event; the catalog version is checked on every decision, as on every request.
 */
export function talkUpdatesFilter(deps: {
  permissions: PermissionsService;
  db: Kysely<Database>;
  sessionMs?: number;
}): DeliveryFilter {
  const sessionMs = deps.sessionMs ?? 2000;
  const sessions = new Map<string, { at: number; auth: Promise<AuthContext | null> }>();
  const authOf = (sessionId: string): Promise<AuthContext | null> => {
    const now = Date.now();
    const kept = sessions.get(sessionId);
    if (kept && now - kept.at < sessionMs) return kept.auth;
    for (const [id, s] of sessions) if (now - s.at >= sessionMs) sessions.delete(id);
    // Without the session's catalog version: the catalog is checked on every decision.
    const auth = findLiveSession(deps.db, sessionId, now).then((s) => {
      if (!s) return null;
      const { catalogVersion: _kept, ...session } = s;
      return identityOfSession(session);
    });
    sessions.set(sessionId, { at: now, auth });
    return auth;
  };

  return async (client, envelope) => {
    if (envelope.event !== realtimeEvents.talkUpdates) return envelope.data;
    const data = envelope.data as TalkUpdates;
    const auth = await authOf(client.sessionId);
    if (!auth || auth.accountId !== client.accountId || auth.companyId !== client.companyId) return undefined;
    const subject =
      typeof data.subjectId === 'number'
        ? await deps.permissions.subjectById(auth, data.subjectId)
        : await deps.permissions.subjectByIdentifier(auth, String(data.subject));
    // Of a subject the catalog does not know (yet), only administrators of room 1 hear.
    if (!subject) return readsEverything(auth) ? data : undefined;
    const policy = await deps.permissions.readable(auth, subject);
    if (!policy) return undefined;
    if (!policy.rows.condition) return data;
    const talkIds = Array.isArray(data.talkIds) ? data.talkIds.filter((id) => typeof id === 'number') : [];
    const seen = await existingIds(deps.db, policy.subject.id, talkIds, policy.rows);
    const readable = talkIds.filter((id) => seen.has(id));
    return readable.length ? { ...data, talkIds: readable } : undefined;
  };
}
