import { EVENT_TYPE } from '@talkbase/domain/contracts/jobs';

/**
 * Every change the platform reports (issue 33): a write appends one of these in its own
 * transaction (event-stream.ts), and the stream's consumers — automations, pushes to open
 * sessions, caches, the tags' clean-up — take them from there.
 */
export const STREAM_EVENT_KINDS = [
  'talk.created',
  'talk.updated',
  'talk.deleted',
  'talk.deactivated',
  'talk.activated',
  'file.added',
  'file.removed',
  'tag.gained',
  'tag.lost',
  'message.created',
  'task.started',
  'task.paused',
  'task.finished',
  'import.finished',
  'menu.changed',
  'dashboard.changed',
  'notification.created',
  'notification.read',
  'sla.at_risk',
  'sla.breached',
] as const;
export type StreamEventKind = (typeof STREAM_EVENT_KINDS)[number];

/** Kinds about one record (`talkId` set, the subject's identifier in the payload's `subject`). */
export const RECORD_EVENT_PREFIXES = ['talk.', 'file.', 'tag.', 'message.', 'task.', 'sla.'] as const;

/** The automations' event type of a kind (spec 000 §3, and 8–10 of issue 33); none for the rest. */
export const AUTOMATION_EVENT_TYPES: Partial<Record<StreamEventKind, number>> = {
  'talk.created': EVENT_TYPE.create,
  'talk.updated': EVENT_TYPE.edit,
  'talk.deleted': EVENT_TYPE.delete,
  'message.created': EVENT_TYPE.messageCreated,
  'talk.deactivated': EVENT_TYPE.deactivated,
  'file.added': EVENT_TYPE.fileAdded,
  'tag.gained': EVENT_TYPE.tagGained,
  'sla.at_risk': EVENT_TYPE.slaAtRisk,
  'sla.breached': EVENT_TYPE.slaBreached,
};

/** An event as a writer appends it. */
export interface NewStreamEvent {
  companyId: number;
  kind: StreamEventKind;
  /** The record's subject (0 for events about no subject: a menu, a notification). */
  subjectId?: number;
  talkId?: number | null;
  talkVersion?: number | null;
  messageId?: number | null;
  /** The account whose action caused it (null: the system). */
  accountId?: number | null;
  /** How many automation steps led here (0: a person or an integration); bounds loops. */
  depth?: number;
  /** What caused it when not a person, e.g. 'job:12' (a job is not re-triggered by its own change). */
  source?: string | null;
  /** JSON-able; record events carry `subject` (the identifier). */
  payload: Record<string, unknown>;
  at?: number;
}

/** An appended event, as consumers get it. */
export interface StreamEvent {
  id: number;
  companyId: number;
  kind: StreamEventKind;
  eventType: number | null;
  subjectId: number;
  talkId: number | null;
  talkVersion: number | null;
  messageId: number | null;
  accountId: number | null;
  depth: number;
  source: string | null;
  payload: Record<string, unknown>;
  at: number;
}

/** The subject identifier a record event carries. */
export function subjectOf(e: StreamEvent): string {
  const s = e.payload['subject'];
  return typeof s === 'string' ? s : '';
}
