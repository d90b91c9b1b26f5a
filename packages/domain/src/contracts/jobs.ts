import { z } from 'zod';
import { filterTreeSchema, type FilterNode } from '../filters/filter-tree.ts';
import { idSchema } from './ids.ts';
import { pageOf } from './pages.ts';

/**
 * Automations ("jobs", spec 000 §2 list and editor, §3 Job / Event / Work / action step
 * configurations, §4, §5, §9; issue 16). A job is one or more events ("Quando acontecer...") and one
 * or more works ("Então faça..."), each a list of steps.
 *
 * Parsing here is deliberately lenient about completeness (the editor holds drafts: a step without a
 * type, a blank filter name, an empty configuration) and strict about shape and size (unknown keys
 * are stripped, every string, list and value is bounded). Whether a job may be saved is decided by
 * `validateJob` (automations/validate-job.ts), which the server runs on every write.
 */

export const JOB_NAME_MAX = 100;
export const JOB_FILTER_NAME_MAX = 100;
export const JOB_STEP_NAME_MAX = 100;
export const JOB_SEARCH_MAX = 50;
/** 000 §9: automations page 10, 25, 50, 100; default 10. */
export const JOB_PAGE_SIZES = [10, 25, 50, 100] as const;
export const JOB_DEFAULT_PAGE_SIZE = 10;
export const MAX_JOB_EVENTS = 20;
export const MAX_JOB_WORKS = 20;
export const MAX_EVENT_STEPS = 20;
export const MAX_WORK_STEPS = 50;
export const MAX_STEP_CONFIGS = 50;
/** Text of an e-mail body, an HTTP body or a set value (as JSON). */
export const MAX_TEMPLATE_CHARS = 100_000;
export const MAX_HTTP_HEADERS = 30;
export const MAX_URL_CHARS = 2000;
export const MAX_CRON_CHARS = 120;

/** Event step types (000 §3, §9). */
export const EVENT_TYPE = {
  createOrEdit: 1,
  /** Read by another version of the step rules as a cron event; accepted on input and stored as 4. */
  scheduleAlias: 2,
  delete: 3,
  schedule: 4,
  create: 5,
  edit: 6,
  messageCreated: 7,
  /** Beyond the spec's events (issue 33), built on the event stream. */
  deactivated: 8,
  fileAdded: 9,
  tagGained: 10,
} as const;
export const EVENT_TYPES = [1, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  1: 'Criação ou edição de registro',
  5: 'Criação de registro',
  6: 'Edição de registro',
  3: 'Exclusão de registro',
  4: 'Agendamento',
  7: 'Criação de mensagem',
  8: 'Desativação de registro',
  9: 'Arquivo adicionado',
  10: 'Etiqueta adicionada',
};

/** The 11 action kinds offered in the picker (000 §3), in the spec's order. */
export const ACTION_KINDS_IN_PICKER = [
  'NewTalk',
  'SetTalkValueByEvent',
  'SetTalkValueByFilter',
  'SetTalkTag',
  'RemoveTalkTag',
  'SendEmail',
  'Notification',
  'ExecuteParentJob',
  'HttpRequest',
  'SetTalkDialog',
  'SetTalkDialogByFilter',
] as const;
/** Kinds that exist (with configuration screens) but stay out of the picker (000 §3). */
export const INTEGRATION_ACTION_KINDS = [
  'SitaIntegration',
  'ComprovanteCarregamento',
  'ExtratoDesova',
  'ExtratoAvaria',
  'ComprovanteAverbacao',
] as const;
export const ACTION_KINDS = [...ACTION_KINDS_IN_PICKER, ...INTEGRATION_ACTION_KINDS] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];
export type PickerActionKind = (typeof ACTION_KINDS_IN_PICKER)[number];
export type IntegrationActionKind = (typeof INTEGRATION_ACTION_KINDS)[number];
export const isActionKind = (v: unknown): v is ActionKind =>
  typeof v === 'string' && (ACTION_KINDS as readonly string[]).includes(v);

export const ACTION_KIND_LABELS: Record<ActionKind, string> = {
  NewTalk: 'Criar novo registro',
  SetTalkValueByEvent: 'Alterar valor do registro do evento',
  SetTalkValueByFilter: 'Alterar valor de registros por filtro',
  SetTalkTag: 'Adicionar tag',
  RemoveTalkTag: 'Remover tag',
  SendEmail: 'Enviar e-mail',
  Notification: 'Enviar notificação',
  ExecuteParentJob: 'Executar automação do registro pai',
  HttpRequest: 'Requisição HTTP',
  SetTalkDialog: 'Enviar mensagem no registro do evento',
  SetTalkDialogByFilter: 'Enviar mensagem em registros por filtro',
  SitaIntegration: 'Integração SITA',
  ComprovanteCarregamento: 'Comprovante de carregamento',
  ExtratoDesova: 'Extrato de desova',
  ExtratoAvaria: 'Extrato de avaria',
  ComprovanteAverbacao: 'Comprovante de averbação',
};

/** Kinds whose configurations are `SetValueConfig`. */
export const SET_VALUE_KINDS = ['NewTalk', 'SetTalkValueByEvent', 'SetTalkValueByFilter'] as const;
export const TAG_KINDS = ['SetTalkTag', 'RemoveTalkTag'] as const;
export const DIALOG_KINDS = ['SetTalkDialog', 'SetTalkDialogByFilter'] as const;
/** Kinds that act on the records a step's own filter selects (the step needs a filter). */
export const BY_FILTER_KINDS = ['SetTalkValueByFilter', 'SetTalkDialogByFilter'] as const;

/** Set value: 1 normal, 2 "when checked" (000 §9). */
export const SET_ATTRIBUTE_VALUE_TYPE = { normal: 1, checked: 2 } as const;

// ---------------------------------------------------------------------------------------------
// Bounded building blocks

const shortText = (max: number) => z.string().max(max);
/** An id that may still be missing in a draft. */
const optId = idSchema.nullable().optional();
const flag = z.boolean().optional().default(false);

/** Any JSON value whose text is at most `max` characters (a set value, an integration field). */
const boundedJson = (max: number) =>
  z.unknown().superRefine((v, ctx) => {
    if (v === undefined) return;
    let textLength: number;
    try {
      textLength = (JSON.stringify(v) as string | undefined)?.length ?? 0;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Valor inválido.' });
      return;
    }
    if (textLength > max) ctx.addIssue({ code: 'custom', message: `Valor maior que ${max} caracteres.` });
  });

/**
 * A filter tree, as an object or as its JSON text (the spec stores "filter as JSON"); `null` or a
 * blank string while a draft has none yet.
 */
export const jobFilterSchema = z
  .union([z.string().max(200_000), z.record(z.string(), z.unknown()), z.null()])
  .optional()
  .transform((v, ctx): FilterNode | null => {
    if (v === undefined || v === null) return null;
    let parsed: unknown = v;
    if (typeof v === 'string') {
      if (v.trim() === '') return null;
      try {
        parsed = JSON.parse(v);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Filtro inválido. JSON malformado.' });
        return z.NEVER;
      }
    }
    const tree = filterTreeSchema.safeParse(parsed);
    if (!tree.success) {
      ctx.addIssue({
        code: 'custom',
        message: `Filtro inválido. ${tree.error.issues[0]?.message ?? ''}`.trim(),
      });
      return z.NEVER;
    }
    return tree.data;
  });

// ---------------------------------------------------------------------------------------------
// Action step configurations (000 §3)

/** SendEmail. `to`: addresses joined by ';' (blank entries dropped on save). */
export const emailConfigSchema = z.object({
  content: shortText(MAX_TEMPLATE_CHARS).optional().default(''),
  subject: shortText(500).optional().default(''),
  to: shortText(5000).optional().default(''),
  /** File attributes whose files go attached. */
  attachments: z.array(idSchema).max(100).optional().default([]),
  /** Attributes whose values the e-mail lists. */
  attributes: z.array(idSchema).max(500).optional().default([]),
  /** Related subjects whose records the e-mail lists. */
  relatedSubjects: z.array(idSchema).max(100).optional().default([]),
  sendToCreatedBy: flag,
  notifyPropertyChanged: flag,
  sendEmptyReport: flag,
  sendToRelated: z
    .object({ send: flag, subjectId: optId })
    .optional()
    .default({ send: false, subjectId: null }),
});
export type EmailConfig = z.output<typeof emailConfigSchema>;

/** NewTalk, SetTalkValueByEvent, SetTalkValueByFilter. */
export const setValueConfigSchema = z.object({
  subjectAttributeId: optId,
  subjectId: optId,
  value: boundedJson(MAX_TEMPLATE_CHARS).optional(),
  setAttributeValueType: z
    .union([z.literal(1), z.literal(2)])
    .optional()
    .default(1),
  clearValue: z.boolean().optional(),
  checked: z.boolean().optional(),
});
export type SetValueConfig = z.output<typeof setValueConfigSchema>;

/** SetTalkDialog, SetTalkDialogByFilter: the message text and the accounts it mentions / sends as. */
export const dialogConfigSchema = z.object({
  value: shortText(MAX_TEMPLATE_CHARS).optional().default(''),
  accountIds: z.array(idSchema).max(1000).optional().default([]),
});
export type DialogConfig = z.output<typeof dialogConfigSchema>;

/** ExecuteParentJob: run `jobId` on the record the reference attribute points to. */
export const parentJobConfigSchema = z.object({
  forceExecution: flag,
  jobId: optId,
  jobName: shortText(JOB_NAME_MAX).optional().default(''),
  subjectAttributeId: optId,
  subjectId: optId,
});
export type ParentJobConfig = z.output<typeof parentJobConfigSchema>;

/** SetTalkTag, RemoveTalkTag. */
export const tagConfigSchema = z.object({ tagId: optId });
export type TagConfig = z.output<typeof tagConfigSchema>;

/** Notification: which notification, and to whom. */
export const notificationReceiverSchema = z.object({
  receiverId: z
    .union([idSchema, shortText(200)])
    .nullable()
    .optional(),
  /** Kind of receiver (an account, a room, an attribute of the record...): the engine's helper owns the codes. */
  receiverType: z
    .union([z.number().int().min(0).max(1000), shortText(50)])
    .nullable()
    .optional(),
});
export const notificationConfigSchema = z.object({
  notificationId: optId,
  receivers: z.array(notificationReceiverSchema).max(1000).optional().default([]),
});
export type NotificationReceiver = z.output<typeof notificationReceiverSchema>;
export type NotificationConfig = z.output<typeof notificationConfigSchema>;

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
export const httpRequestConfigSchema = z.object({
  method: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(HTTP_METHODS, { message: 'Método HTTP inválido.' }))
    .optional()
    .default('POST'),
  url: shortText(MAX_URL_CHARS).optional().default(''),
  headers: z
    .array(z.object({ name: shortText(200), value: shortText(4000) }))
    .max(MAX_HTTP_HEADERS)
    .optional()
    .default([]),
  body: shortText(MAX_TEMPLATE_CHARS).optional().default(''),
});
export type HttpRequestConfig = z.output<typeof httpRequestConfigSchema>;

/** The five integration kinds: their fields are not described; flat primitive values, bounded. */
export const integrationConfigSchema = z
  .record(z.string().max(60), z.union([shortText(4000), z.number(), z.boolean(), z.null()]))
  .superRefine((o, ctx) => {
    if (Object.keys(o).length > 50) ctx.addIssue({ code: 'custom', message: 'Configuração grande demais.' });
  });
export type IntegrationConfig = z.output<typeof integrationConfigSchema>;

export interface ActionConfigByKind {
  NewTalk: SetValueConfig;
  SetTalkValueByEvent: SetValueConfig;
  SetTalkValueByFilter: SetValueConfig;
  SetTalkTag: TagConfig;
  RemoveTalkTag: TagConfig;
  SendEmail: EmailConfig;
  Notification: NotificationConfig;
  ExecuteParentJob: ParentJobConfig;
  HttpRequest: HttpRequestConfig;
  SetTalkDialog: DialogConfig;
  SetTalkDialogByFilter: DialogConfig;
  SitaIntegration: IntegrationConfig;
  ComprovanteCarregamento: IntegrationConfig;
  ExtratoDesova: IntegrationConfig;
  ExtratoAvaria: IntegrationConfig;
  ComprovanteAverbacao: IntegrationConfig;
}
export type ActionConfig = ActionConfigByKind[ActionKind];

export const actionConfigSchemas: { [K in ActionKind]: z.ZodType<ActionConfigByKind[K]> } = {
  NewTalk: setValueConfigSchema,
  SetTalkValueByEvent: setValueConfigSchema,
  SetTalkValueByFilter: setValueConfigSchema,
  SetTalkTag: tagConfigSchema,
  RemoveTalkTag: tagConfigSchema,
  SendEmail: emailConfigSchema,
  Notification: notificationConfigSchema,
  ExecuteParentJob: parentJobConfigSchema,
  HttpRequest: httpRequestConfigSchema,
  SetTalkDialog: dialogConfigSchema,
  SetTalkDialogByFilter: dialogConfigSchema,
  SitaIntegration: integrationConfigSchema,
  ComprovanteCarregamento: integrationConfigSchema,
  ExtratoDesova: integrationConfigSchema,
  ExtratoAvaria: integrationConfigSchema,
  ComprovanteAverbacao: integrationConfigSchema,
};

/** A step's configurations typed by its kind (`[]` when the step is of another kind). */
export function configsOf<K extends ActionKind>(step: WorkStep, kind: K): ActionConfigByKind[K][] {
  return step.workStepType === kind ? (step.configs as ActionConfigByKind[K][]) : [];
}

/** An empty configuration of a kind (what the editor adds with "add configuration"). */
export function emptyConfig<K extends ActionKind>(kind: K): ActionConfigByKind[K] {
  const schema = actionConfigSchemas[kind] as z.ZodType<ActionConfigByKind[K]>;
  return schema.parse({});
}

// ---------------------------------------------------------------------------------------------
// Job, events, works

/**
 * One event step (000 §3): type, filter, and for schedules the 7-field cron string; for "tag
 * gained" (10) the tag it waits for.
 */
export const eventStepSchema = z.object({
  eventStepId: optId,
  /**
   * 1, 3, 4, 5, 6, 7 (2 is read as 4), and beyond the spec (issue 33) 8 record deactivated, 9 file
   * added, 10 tag gained; `null` while a draft has none.
   */
  eventStepType: z
    .union(
      [
        z.literal(1),
        z.literal(2),
        z.literal(3),
        z.literal(4),
        z.literal(5),
        z.literal(6),
        z.literal(7),
        z.literal(8),
        z.literal(9),
        z.literal(10),
      ],
      {
        message: 'Tipo de evento desconhecido.',
      },
    )
    .nullable()
    .optional()
    .transform((t): EventType | null => (t === 2 ? 4 : (t ?? null))),
  /**
   * The subject whose records the event watches and its filter targets (outbox_events.subject_id).
   * Not among the spec's fields (its filter JSON carried the subject); required to save.
   */
  subjectId: optId,
  filterName: shortText(JOB_FILTER_NAME_MAX).optional().default(''),
  filter: jobFilterSchema,
  filterId: optId,
  /** Schedule (type 4): 7-field cron string "s m h dom mon dow year" (002 §3). */
  cron: shortText(MAX_CRON_CHARS).nullable().optional(),
  dialogTypeId: optId,
  /** Tag gained (type 10): only this tag; null or absent, any tag. Kept only on type 10. */
  tagId: optId,
});
export type EventStep = z.output<typeof eventStepSchema>;
export type EventStepInput = z.input<typeof eventStepSchema>;

export const jobEventSchema = z.object({
  eventId: optId,
  name: shortText(JOB_STEP_NAME_MAX).optional().default(''),
  /** Fire only the first time a record comes to match. */
  once: flag,
  /** Match records that do NOT satisfy the filter. */
  negate: flag,
  steps: z.array(eventStepSchema).max(MAX_EVENT_STEPS).optional().default([]),
});
export type JobEvent = z.output<typeof jobEventSchema>;

/** One work (action) step. `workStepType` is '' while a draft has no action chosen. */
export const workStepSchema = z
  .object({
    workStepId: optId,
    workStepType: z
      .string()
      .max(60)
      .default('')
      .transform((v, ctx): ActionKind | '' => {
        if (v === '' || isActionKind(v)) return v;
        ctx.addIssue({ code: 'custom', message: 'Tipo de ação desconhecido.' });
        return z.NEVER;
      }),
    name: shortText(JOB_STEP_NAME_MAX).optional().default(''),
    /** The subject the step's own filter targets (by-filter kinds: SetTalkValueByFilter, SetTalkDialogByFilter). */
    subjectId: optId,
    filterName: shortText(JOB_FILTER_NAME_MAX).optional().default(''),
    filter: jobFilterSchema,
    filterId: optId,
    configs: z.array(z.unknown()).max(MAX_STEP_CONFIGS).optional().default([]),
  })
  .transform((step, ctx) => {
    const kind = step.workStepType;
    const configs: ActionConfig[] = [];
    if (kind !== '') {
      const schema = actionConfigSchemas[kind] as z.ZodType<ActionConfig>;
      step.configs.forEach((raw, i) => {
        const parsed = schema.safeParse(raw ?? {});
        if (parsed.success) configs.push(parsed.data);
        else
          for (const issue of parsed.error.issues)
            ctx.addIssue({ code: 'custom', message: issue.message, path: ['configs', i, ...issue.path] });
      });
    }
    return { ...step, configs };
  });
export type WorkStep = z.output<typeof workStepSchema>;
export type WorkStepInput = z.input<typeof workStepSchema>;

export const workSchema = z.object({
  workId: optId,
  name: shortText(JOB_STEP_NAME_MAX).optional().default(''),
  steps: z.array(workStepSchema).max(MAX_WORK_STEPS).optional().default([]),
});
export type Work = z.output<typeof workSchema>;

/** A job as it travels (000 §3): body of POST/PUT /api/job, answer of GET /api/job/{jobId}. */
export const jobSchema = z.object({
  jobId: optId,
  name: shortText(JOB_NAME_MAX).optional().default(''),
  events: z.array(jobEventSchema).max(MAX_JOB_EVENTS).optional().default([]),
  works: z.array(workSchema).max(MAX_JOB_WORKS).optional().default([]),
});
export type Job = z.output<typeof jobSchema>;
export type JobInput = z.input<typeof jobSchema>;

/** A saved job as GET /api/job/{jobId} answers it: every id is set, filters are trees. */
export type SavedJob = Job & { jobId: number };

/** Query of GET /api/job. `fetch` must be one of JOB_PAGE_SIZES (400 otherwise). */
export const jobListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  fetch: z.coerce
    .number()
    .int()
    .default(JOB_DEFAULT_PAGE_SIZE)
    .refine((n) => (JOB_PAGE_SIZES as readonly number[]).includes(n), {
      message: `Tamanho de página inválido: use ${JOB_PAGE_SIZES.join(', ')}.`,
    }),
  term: z.string().trim().max(JOB_SEARCH_MAX, `Máximo de ${JOB_SEARCH_MAX} caracteres.`).optional(),
});
export type JobListQuery = z.output<typeof jobListQuerySchema>;

/** A row of GET /api/job. */
export const jobListItemSchema = z.object({
  jobId: z.number().int(),
  name: z.string(),
  /** Event types of the job's event steps, in order, each once. */
  eventTypes: z.array(z.union(EVENT_TYPES.map((t) => z.literal(t)))),
  updatedAt: z.string(),
});
export type JobListItem = z.infer<typeof jobListItemSchema>;

export const jobPageSchema = pageOf(jobListItemSchema);
export type JobPage = z.infer<typeof jobPageSchema>;

/** Answer of POST /api/job (201). */
export const jobCreatedSchema = z.object({ jobId: z.number().int() });
export type JobCreated = z.infer<typeof jobCreatedSchema>;

// ---------------------------------------------------------------------------------------------
// Runs (owned by the engine: modules/automations)

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
