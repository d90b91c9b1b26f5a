import { sql } from 'kysely';
import type { AuthContext } from '../../access/identity.ts';
import { eventActor } from '../../events/event-actor.ts';
import { appendEvent, type EventTransaction } from '../../events/event-stream.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';

export type TalkEventKind = 'created' | 'updated' | 'deleted';

/**
 * What an automation run's change carries in its actor (modules/automations): how deep it is, the
 * job that caused it (so the job is not re-triggered by its own change) and the idempotency key
 * written in the same transaction as the change (an action retried after a crash then fails on the
 * key instead of taking effect twice).
 */
export type { AutomationActor } from '../../access/identity.ts';

/** The event payload of a record change: column values (`a_{id}`) before and after, and what changed. */
export interface TalkEventPayload {
  subject: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** Identifiers of the attributes whose value changed. */
  changed: string[];
}

/**
 * Appends 'talk.created' / 'talk.updated' / 'talk.deleted' to the event stream (events/) inside the
 * transaction of the change: one event per written record (plus, for an automation's change, its
 * idempotency mark).
 */
export async function writeTalkEvent(
  trx: EventTransaction,
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
  await appendEvent(trx, {
    companyId: auth.companyId,
    kind: `talk.${e.kind}`,
    subjectId: e.subject.id,
    talkId: e.talkId,
    talkVersion: e.version,
    ...eventActor(auth),
    payload: { ...payload },
    at: e.at,
  });
}
