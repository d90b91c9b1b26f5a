import type { WorkStep } from '@talkbase/domain/contracts/jobs';
import type { StepDetail } from '@talkbase/domain/contracts/job-runs'; // the job contract (jobs-api helper)
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import type { AuthContext } from '../../../access/identity.ts';
import type { MessagesService } from '../../messages/messages.service.ts';
import type { NotificationSender } from '../../notifications/notification-sender.ts';
import type { SubjectCatalogue } from '../../../records/subject-catalogue.ts';
import type { TagsService } from '../../tags/tags.service.ts';
import type { TalksService } from '../../records/records.service.ts';

/** What caused a run: the record change / message / schedule slot the event matched. */
export interface RunTrigger {
  /** 1 create-or-edit, 5 create, 6 edit, 3 delete, 4 schedule, 7 message created, 0 run-on-existing. */
  eventType: number;
  subjectId: number;
  subjectIdentifier: string;
  talkId: number | null;
  /** Canonical values by attribute identifier before and after the change (null when none). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** Identifiers of attributes whose value changed. */
  changed: string[];
  /** The account whose action caused the event (creator for creates). */
  accountId: number | null;
  messageId?: number | null;
}

/**
 * Server services the actions use. The engine fills every field in app wiring; the outbound helper
 * uses `mailer`, `outboundHttp` and `notificationSender`.
 */
export interface ActionServices {
  talks: TalksService;
  subjects: SubjectCatalogue;
  tags: TagsService;
  messages: MessagesService;
  notificationSender: NotificationSender;
  mailer: Mailer;
  /** The guarded outbound HTTP client (outbound helper); typed loosely until it lands. */
  outboundHttp?: unknown;
  /**
   * The actor of an automation's record changes (the company's first administrator, marked as an
   * automation at `depth + 1` for the job); with `markKey`, the talks write records that key in its
   * own transaction (an action retried after a crash then finds it done).
   */
  actor?(ctx: ActionContext, markKey?: string): Promise<AuthContext>;
  /** Whether an idempotency key is recorded; `markDone` records one (false when it was there). */
  isDone?(key: string): Promise<boolean>;
  markDone?(key: string): Promise<boolean>;
  /** The database (reads of records a by-filter step selects). */
  db?: Kysely<Database>;
  /** The company's time zone (filters with relative dates). */
  timeZone?(companyId: number): Promise<string>;
  /** Injectable clock (tests move it). */
  now(): number;
  /**
   * Runs the given job on a record, ignoring its event filter when `force` (ExecuteParentJob); the
   * run is a child of the current one (depth + 1).
   */
  runJobOn?(input: {
    companyId: number;
    jobId: number;
    subjectId: number;
    talkId: number;
    force: boolean;
    depth: number;
    parentKey: string;
    /** The run whose step asks (the child's trigger names it as its parent run). */
    parentRunId?: number;
  }): Promise<void>;
}

export interface ActionContext {
  companyId: number;
  jobId: number;
  jobName: string;
  runId: number;
  stepIndex: number;
  /** job × event × record version × step: an action given the same key twice must take effect once. */
  idempotencyKey: string;
  trigger: RunTrigger;
  /** How many automations deep this run is (a run caused by another run's change is depth + 1; max 5). */
  depth: number;
  /** Server services the actions use (talks, tags, messages, notifications, mailer, outbound http, clock…). */
  services: ActionServices;
  signal: AbortSignal;
}

/** Thrown for failures worth retrying (SMTP down, HTTP 5xx/timeout): the engine retries with backoff. */
export class RetryableActionError extends Error {
  readonly retryable = true;
}
/** Thrown for failures that will not heal by retrying (bad config, forbidden address): the run fails at once. */
export class PermanentActionError extends Error {
  readonly retryable = false;
}

export interface ActionHandler {
  /** The workStepType, e.g. 'SetTalkTag'. */
  kind: string;
  /** Retry policy for this kind: e-mail and HTTP retry 5 times over ~30 min; others default to 1 try + 2 quick retries. */
  retry?: { tries: number; baseDelayMs: number };
  /** Runs the action; may answer what it did, for the run history (JobRunStep.detail). */
  run(ctx: ActionContext, step: WorkStep): Promise<StepDetail | undefined>;
}
