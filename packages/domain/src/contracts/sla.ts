import { z } from 'zod';
import { filterTreeSchema, type FilterNode } from '../filters/filter-tree.ts';
import { parseIsoDate } from '../fields/civil-date.ts';
import { idSchema, MAX_ID } from './ids.ts';

/**
 * Service levels (issue 37 item 3): business calendars, policies by condition with first-response
 * and resolution targets in business minutes, each ticket's clocks, and compliance per month.
 * Calls under `/api/sla/*` (modules/sla); screens `/config/sla` and `/config/sla/report`.
 */

export const SLA_PATHS = {
  calendar: '/api/sla/calendar',
  policy: '/api/sla/policy',
  state: '/api/sla/state',
  active: '/api/sla/active',
  report: '/api/sla/report',
} as const;

export const SLA_NAME_MAX = 100;
export const MAX_SLA_CALENDARS = 50;
export const MAX_SLA_POLICIES = 100;
export const MAX_RANGES_PER_DAY = 6;
export const MAX_COMPANY_HOLIDAYS = 400;
export const MAX_SLA_STATUSES = 50;
/** A target of at most a year of business minutes. */
export const MAX_TARGET_MINUTES = 525_600;
import { MAX_STATE_IDS } from '../sla/sla-constants.ts';
export { MAX_STATE_IDS, SLA_RISK_SHARE } from '../sla/sla-constants.ts';

export const slaMessages = {
  nameRequired: 'Campo obrigatório.',
  nameTooLong: `Máximo de ${SLA_NAME_MAX} caracteres.`,
  timeZone: 'Fuso horário desconhecido.',
  range: 'Cada faixa de horário deve começar antes de terminar, entre 00:00 e 24:00.',
  overlap: 'As faixas de horário de um dia não podem se sobrepor.',
  holiday: 'Data inválida (use AAAA-MM-DD).',
  noWorkingTime: 'Informe ao menos uma faixa de horário na semana.',
  targetRequired: 'Informe ao menos uma meta: primeira resposta ou resolução.',
  calendarNotFound: 'Calendário não encontrado.',
  policyNotFound: 'Política não encontrada.',
  calendarInUse: 'Calendário em uso por uma política; altere a política antes de excluí-lo.',
  tooManyCalendars: `Limite de ${MAX_SLA_CALENDARS} calendários atingido.`,
  tooManyPolicies: `Limite de ${MAX_SLA_POLICIES} políticas atingido.`,
  stale: 'Este item foi alterado por outra pessoa. Recarregue e tente novamente.',
  filterInvalid: 'Filtro inválido.',
  noTickets: 'Não há assunto de chamados nesta empresa.',
} as const;

function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const nameSchema = z
  .string()
  .trim()
  .min(1, slaMessages.nameRequired)
  .max(SLA_NAME_MAX, slaMessages.nameTooLong);

/** [from, to) minutes of a day. */
export const minuteRangeSchema = z
  .tuple([z.number().int().min(0).max(1439), z.number().int().min(1).max(1440)])
  .refine(([a, b]) => a < b, slaMessages.range);

const daySchema = z
  .array(minuteRangeSchema)
  .max(MAX_RANGES_PER_DAY)
  .refine((ranges) => {
    const sorted = [...ranges].sort((x, y) => x[0] - y[0]);
    return sorted.every((r, i) => i === 0 || (sorted[i - 1]?.[1] ?? 0) <= r[0]);
  }, slaMessages.overlap);

export const slaCalendarInputSchema = z.object({
  name: nameSchema,
  timeZone: z.string().trim().min(1).max(64).refine(validZone, slaMessages.timeZone),
  /** Sunday first. */
  week: z
    .array(daySchema)
    .length(7)
    .refine((w) => w.some((d) => d.length > 0), slaMessages.noWorkingTime),
  nationalHolidays: z.boolean(),
  holidays: z
    .array(z.string().refine((d) => parseIsoDate(d) !== undefined, slaMessages.holiday))
    .max(MAX_COMPANY_HOLIDAYS),
});
export type SlaCalendarInput = z.infer<typeof slaCalendarInputSchema>;

export const slaCalendarSchema = slaCalendarInputSchema.extend({
  calendarId: z.number().int(),
  version: z.number().int(),
});
export type SlaCalendar = z.infer<typeof slaCalendarSchema>;

export const slaCalendarUpdateSchema = slaCalendarInputSchema.extend({ version: z.number().int().min(1) });

const targetSchema = z.number().int().min(1).max(MAX_TARGET_MINUTES).nullable();
const statusListSchema = z.array(idSchema).max(MAX_SLA_STATUSES);

export const slaPolicyInputSchema = z
  .object({
    name: nameSchema,
    /** Order of evaluation: the first active policy whose filter matches a ticket applies. */
    position: z.number().int().min(0).max(10_000),
    active: z.boolean(),
    calendarId: idSchema,
    /** A filter tree over the tickets (priority, customer, type…); null: every ticket. */
    filter: filterTreeSchema.nullable(),
    firstResponseMinutes: targetSchema,
    resolutionMinutes: targetSchema,
    /** Statuses in which the clocks stop (waiting for the customer). */
    pauseStatuses: statusListSchema,
    /** Statuses that resolve the ticket (its resolution clock ends). */
    doneStatuses: statusListSchema,
  })
  .refine((p) => p.firstResponseMinutes !== null || p.resolutionMinutes !== null, {
    message: slaMessages.targetRequired,
    path: ['firstResponseMinutes'],
  });
export type SlaPolicyInput = z.infer<typeof slaPolicyInputSchema>;

export interface SlaPolicy extends SlaPolicyInput {
  policyId: number;
  version: number;
  filter: FilterNode | null;
}
export const slaPolicySchema: z.ZodType<SlaPolicy> = z.object({
  policyId: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  active: z.boolean(),
  calendarId: z.number().int(),
  filter: z.custom<FilterNode | null>(() => true),
  firstResponseMinutes: z.number().int().nullable(),
  resolutionMinutes: z.number().int().nullable(),
  pauseStatuses: z.array(z.number().int()),
  doneStatuses: z.array(z.number().int()),
});

export const slaPolicyUpdateSchema = z.intersection(
  slaPolicyInputSchema,
  z.object({ version: z.number().int().min(1) }),
);

export const slaListSchema = <T extends z.ZodType>(item: T) =>
  z.object({ itens: z.array(item), totalResults: z.number().int(), currentPage: z.number().int() });

/** A clock of one ticket. */
export const SLA_TARGETS = ['firstResponse', 'resolution'] as const;
export type SlaTarget = (typeof SLA_TARGETS)[number];
/** running: counting; paused: waiting for the customer; met: done in time; breached: past due. */
export const SLA_CLOCK_STATES = ['running', 'paused', 'met', 'breached'] as const;
export type SlaClockState = (typeof SLA_CLOCK_STATES)[number];

export const slaClockSchema = z.object({
  target: z.enum(SLA_TARGETS),
  state: z.enum(SLA_CLOCK_STATES),
  targetMinutes: z.number().int(),
  /** Business minutes used up to `asOf` (or to when the clock stopped). */
  elapsedMinutes: z.number(),
  /** ISO instant; null while paused. */
  dueAt: z.string().nullable(),
  /** When the clock stopped (first response, resolution); null while it counts. */
  stoppedAt: z.string().nullable(),
});
export type SlaClock = z.infer<typeof slaClockSchema>;

export const slaStateSchema = z.object({
  talkId: z.number().int(),
  policyId: z.number().int(),
  policyName: z.string(),
  clocks: z.array(slaClockSchema),
});
export type SlaState = z.infer<typeof slaStateSchema>;

export const slaStateQuerySchema = z.object({
  subject: z.string().trim().min(1).max(60),
  ids: z
    .string()
    .max(MAX_STATE_IDS * 12)
    .regex(/^\d+(,\d+)*$/, 'Identificadores inválidos.')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine(
      (ids) => ids.length <= MAX_STATE_IDS && ids.every((id) => id >= 1 && id <= MAX_ID),
      'Identificadores inválidos.',
    ),
});

export const slaStateAnswerSchema = z.object({ asOf: z.string(), states: z.array(slaStateSchema) });
export type SlaStateAnswer = z.infer<typeof slaStateAnswerSchema>;

/** Whether a subject's grid has an SLA column: the tickets' subject, with an active policy. */
export const slaActiveQuerySchema = z.object({ subject: z.string().trim().min(1).max(60) });
export const slaActiveAnswerSchema = z.object({ active: z.boolean() });
export type SlaActiveAnswer = z.infer<typeof slaActiveAnswerSchema>;

/** Compliance: tickets whose clock ended (met or breached) per month and policy. */
export const slaReportQuerySchema = z.object({
  months: z.coerce.number().int().min(1).max(24).catch(6).default(6),
});
export const slaReportRowSchema = z.object({
  month: z.string(),
  policyId: z.number().int(),
  policyName: z.string(),
  target: z.enum(SLA_TARGETS),
  met: z.number().int(),
  breached: z.number().int(),
});
export type SlaReportRow = z.infer<typeof slaReportRowSchema>;
export const slaReportSchema = z.object({ rows: z.array(slaReportRowSchema) });
