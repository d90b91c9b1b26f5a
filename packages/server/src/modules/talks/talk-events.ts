import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuthContext } from '../../access/identity.ts';
import { insertOutboxEvent } from '../messages/messages.repository.ts';
import type { SubjectMeta } from '../subjects/subject-meta.ts';

/** Automation event types of record changes (spec 000 §3). */
export const TALK_EVENT_TYPE = { created: 5, updated: 6, deleted: 3 } as const;
export type TalkEventKind = keyof typeof TALK_EVENT_TYPE;

/**
 * What an automation run's change carries in its actor (modules/automations): how deep it is, the
 * job that caused it (so the job is not re-triggered by its own change) and the idempotency key
 * written in the same transaction as the change (an action retried after a crash then fails on the
 * key instead of taking effect twice).
 */
export type { AutomationActor } from '../../access/identity.ts';

/** The outbox payload of a record change: column values (`a_{id}`) before and after, and what changed. */
export interface TalkEventPayload {
  subject: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** Identifiers of the attributes whose value changed. */
  changed: string[];
}

/**
 * Writes 'talk.created' / 'talk.updated' / 'talk.deleted' to the event outbox (GUIDE §8, "One event
 * stream") inside the transaction of the change: one insert per written record (plus, for an
 * automation's change, its idempotency mark).
 */
export async function writeTalkEvent(
  trx: Kysely<Database>,
  auth: AuthContext,
  e: {
    kind: TalkEventKind;
    subject: SubjectMeta;
    talkId: number;
    version: number;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    changed: string[];
    at: number;
  },
): Promise<void> {
  const automation = auth.automation;
  if (automation?.markKey) {
    await sql`insert into automation_marks (key, created_at) values (${automation.markKey}, ${e.at})`.execute(
      trx,
    );
  }
  const payload: TalkEventPayload = {
    subject: e.subject.identifier,
    before: e.before,
    after: e.after,
    changed: e.changed,
  };
  await insertOutboxEvent(trx, {
    companyId: auth.companyId,
    kind: `talk.${e.kind}`,
    eventType: TALK_EVENT_TYPE[e.kind],
    subjectId: e.subject.id,
    talkId: e.talkId,
    talkVersion: e.version,
    messageId: null,
    accountId: auth.accountId,
    depth: automation ? automation.depth : 0,
    source: automation ? `job:${automation.jobId}` : null,
    payload,
    at: e.at,
  });
}
