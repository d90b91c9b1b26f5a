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
 * `validateJob` (automations/validate-automation.ts), which the server runs on every write.
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
  /** Service levels (issue 37 item 3, modules/sla): 80 % of a target used, and a target missed. */
  slaAtRisk: 11,
  slaBreached: 12,
} as const;
export const EVENT_TYPES = [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
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
  11: 'SLA em risco',
  12: 'SLA violado',
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
        z.literal(11),
        z.literal(12),
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

/**
 * `GET /api/job/actions` (issue 35): the integration kinds this installation runs — those with a
 * handler registered in the server's action registry. A job holding another one is refused (422).
 */
export const jobActionsSchema = z.object({ integrationKinds: z.array(z.enum(INTEGRATION_ACTION_KINDS)) });
export type JobActions = z.infer<typeof jobActionsSchema>;

// Runs (owned by the engine: modules/automations): job-runs.ts.
