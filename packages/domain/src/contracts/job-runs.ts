import { z } from 'zod';
import { idSchema } from './ids.ts';
import { pageOf } from './pages.ts';
import { ACTION_KINDS, EVENT_TYPES, JOB_DEFAULT_PAGE_SIZE, JOB_PAGE_SIZES } from './jobs.ts';

/*
 * The runs of automation jobs (owned by the engine: modules/automations): their states, triggers,
 * steps with what each did, the engine's pause, and the run calls' pages and queries.
 */

export const JOB_RUN_STATUSES = ['pending', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobRunStatus = (typeof JOB_RUN_STATUSES)[number];
export const JOB_RUN_STEP_STATUSES = [
  'pending',
  'running',
  'succeeded',
  'failed',
  'skipped',
  'cancelled',
] as const;
export type JobRunStepStatus = (typeof JOB_RUN_STEP_STATUSES)[number];

/**
 * What started a run (issue 33 item 5, as the run history shows it): an event on a record (its
 * type; who made the change; for an edit the attributes it changed; for "tag gained" the tag, for
 * "file added" the file), a schedule slot, a run over existing records (who asked), a parent job
 * (ExecuteParentJob of another run), or a retry of an earlier run.
 */
export const jobRunTriggerSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('event'),
    eventType: z.union(EVENT_TYPES.map((t) => z.literal(t))),
    /** The account whose change it was; null when none is known. */
    accountId: z.number().int().nullable().optional(),
    accountName: z.string().nullable().optional(),
    /** An edit: the names of the attributes it changed (at most 20). */
    changed: z.array(z.string()).optional(),
    /** Message created (7): the message. */
    messageId: z.number().int().nullable().optional(),
    /** Tag gained (10): the tag. */
    tagId: z.number().int().nullable().optional(),
    tagName: z.string().nullable().optional(),
    /** File added (9): the file's name. */
    fileName: z.string().nullable().optional(),
  }),
  /** A schedule's slot: the instant (ISO) the cron string named. */
  z.object({ kind: z.literal('schedule'), slot: z.string().nullable() }),
  z.object({
    kind: z.literal('existing'),
    /** Who asked for the run ("Executar agora"). */
    accountId: z.number().int().nullable().optional(),
    accountName: z.string().nullable().optional(),
  }),
  z.object({
    kind: z.literal('parent'),
    parentRunId: z.number().int().nullable(),
    /** The job whose ExecuteParentJob step started this run. */
    parentJobId: z.number().int().nullable().optional(),
    parentJobName: z.string().nullable().optional(),
  }),
  z.object({ kind: z.literal('retry'), fromRunId: z.number().int() }),
]);
export type JobRunTrigger = z.infer<typeof jobRunTriggerSchema>;
export type JobRunTriggerKind = JobRunTrigger['kind'];

/**
 * The company's automation engine (issue 33): paused, no run of the company starts or goes on
 * (events still become pending runs, schedules still take their slots) until it is resumed.
 * GET /api/job/engine, POST /api/job/pause, POST /api/job/resume.
 */
export const jobEngineStateSchema = z.object({
  paused: z.boolean(),
  /** ISO instant of the pause; null when running. */
  pausedAt: z.string().nullable(),
  /** Who paused it (account id); null when running. */
  pausedBy: z.number().int().nullable(),
});
export type JobEngineState = z.infer<typeof jobEngineStateSchema>;

export const jobRunStepSchema = z.object({
  workStepId: z.number().int().nullable().optional(),
  workStepType: z.enum(ACTION_KINDS).nullable().optional(),
  status: z.enum(JOB_RUN_STEP_STATUSES),
  error: z.string().nullable(),
  attempts: z.number().int().optional(),
  /**
   * What the step did, as a person reads it in the run history: an e-mail's recipients and subject,
   * an HTTP call's method, address and status, the values set… (each action kind says its own).
   */
  detail: z.record(z.string(), z.unknown()).nullable().optional(),
  /** How long the step's last attempt took, in milliseconds. */
  ms: z.number().int().nullable().optional(),
});
export type JobRunStep = z.infer<typeof jobRunStepSchema>;
/** What an action reports it did (JobRunStep.detail). */
export type StepDetail = Record<string, unknown>;

/**
 * The details each action kind reports (JobRunStep.detail), small and free of secrets: texts cut at
 * `STEP_DETAIL_TEXT_MAX` characters, lists at `STEP_DETAIL_LIST_MAX` entries (`more` counts the rest),
 * no header values, no passwords. `alreadyDone`: an earlier attempt had already done it (its
 * idempotency key was recorded), so nothing was done again.
 */
export const STEP_DETAIL_TEXT_MAX = 200;
export const STEP_DETAIL_LIST_MAX = 20;
/** An attribute set and its value, as text. */
export interface StepValueDetail {
  attribute: string;
  value: string;
}
/** NewTalk, SetTalkValueByEvent, SetTalkValueByFilter. */
export interface SetValueStepDetail extends StepDetail {
  /** The subject of the records written (identifier). */
  subject: string;
  values: StepValueDetail[];
  /** NewTalk: the record created (null when an earlier attempt had created it). */
  createdTalkId?: number | null;
  /** SetTalkValueByEvent: the event's record. */
  talkId?: number;
  /** SetTalkValueByFilter: how many records the filter selected, and the first ones. */
  records?: number;
  talkIds?: number[];
  alreadyDone?: boolean;
}
/** SetTalkTag, RemoveTalkTag: each tag, and whether the record's tags changed. */
export interface TagStepDetail extends StepDetail {
  tags: { tagId: number; name: string | null; changed: boolean }[];
}
/** SendEmail: each configuration's message. */
export interface EmailStepDetail extends StepDetail {
  emails: {
    to: string[];
    /** Recipients beyond the first `STEP_DETAIL_LIST_MAX`. */
    more?: number;
    subject: string;
    attachments?: number;
    /** Not sent: nothing changed and no empty report was asked for. */
    skipped?: 'noChanges';
    alreadyDone?: boolean;
  }[];
}
/** HttpRequest: each configuration's call (the address without its secrets; no header values). */
export interface HttpStepDetail extends StepDetail {
  requests: { method: string; url: string; status: number | null; alreadyDone?: boolean }[];
}
/** Notification: each configuration's notification and how many received it. */
export interface NotificationStepDetail extends StepDetail {
  notifications: {
    notificationId: number;
    name: string | null;
    recipients: number;
    alreadyDone?: boolean;
  }[];
}
/** SetTalkDialog, SetTalkDialogByFilter: the messages posted. */
export interface DialogStepDetail extends StepDetail {
  messages: { text: string; visibleTo: number | null }[];
  /** SetTalkDialogByFilter: records the filter selected, and the first ones. */
  records?: number;
  talkIds?: number[];
}
/** ExecuteParentJob: the runs asked for. */
export interface ParentJobStepDetail extends StepDetail {
  calls: { jobId: number; jobName: string | null; talkId: number | null }[];
}

/** A run (issue 16): GET /api/job/run/{runId}, rows of GET /api/job/{jobId}/runs. */
export const jobRunSchema = z.object({
  runId: z.number().int(),
  jobId: z.number().int(),
  trigger: jobRunTriggerSchema,
  talkId: z.number().int().nullable(),
  status: z.enum(JOB_RUN_STATUSES),
  steps: z.array(jobRunStepSchema),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type JobRun = z.infer<typeof jobRunSchema>;

/**
 * A run as the run calls answer it: with its job's name, its record's subject, how many times it
 * was retried, and the progress of a run over a set of records.
 */
export const jobRunDetailSchema = jobRunSchema.extend({
  subjectId: z.number().int().nullable(),
  /** The identifier of the record's subject: the record opens at /context/talk/{subject}/{talkId}. */
  subject: z.string().nullable().optional(),
  /** The job's name; null when the job was deleted since. */
  jobName: z.string().nullable().optional(),
  /** How many times the whole run was sent again (POST /api/job/run/{runId}/retry). */
  retries: z.number().int().optional(),
  /** Runs over existing records (and schedules): records done of the total (null until counted). */
  progress: z.object({ done: z.number().int(), total: z.number().int().nullable() }).optional(),
});
export type JobRunDetail = z.infer<typeof jobRunDetailSchema>;

export const jobRunPageSchema = pageOf(jobRunDetailSchema);
export type JobRunPage = z.infer<typeof jobRunPageSchema>;

/**
 * Query of GET /api/job/runs: the company's runs, newest first, of one job (`jobId`) and in one
 * status (`status`) when given. `fetch` must be one of JOB_PAGE_SIZES.
 */
export const jobRunListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  fetch: z.coerce
    .number()
    .int()
    .default(JOB_DEFAULT_PAGE_SIZE)
    .refine((n) => (JOB_PAGE_SIZES as readonly number[]).includes(n), {
      message: `Tamanho de página inválido: use ${JOB_PAGE_SIZES.join(', ')}.`,
    }),
  status: z.enum(JOB_RUN_STATUSES, { message: 'Situação desconhecida.' }).optional(),
  jobId: idSchema.optional(),
});
export type JobRunListQuery = z.output<typeof jobRunListQuerySchema>;

/** Answer of POST /api/job/{jobId}/run (202). */
export const jobRunStartedSchema = z.object({ runId: z.number().int() });
export type JobRunStarted = z.infer<typeof jobRunStartedSchema>;
