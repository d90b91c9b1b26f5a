import { z } from 'zod';
import { talkFilterSchema } from './talks.ts';

/**
 * Counts and sums over a subject's records (issue 38 item 1): POST /api/talk/aggregate/{subject}.
 * The same filters as a grid page (saved filters, a filter tree, the quick-search term, tags, a menu
 * item), grouped by at most two attributes and measured by count, sum, avg, min or max. Answered
 * through the access policy: only rows the account may read are counted, and an attribute it may not
 * read can be neither grouped nor measured (400).
 */
export const aggregatePath = '/api/talk/aggregate/:subject';

/** Most group keys per request, and most groups in an answer. */
export const AGGREGATE_MAX_GROUP_KEYS = 2;
export const AGGREGATE_MAX_GROUPS = 1000;

export const AGGREGATE_BUCKETS = ['day', 'week', 'month'] as const;
export type AggregateBucket = (typeof AGGREGATE_BUCKETS)[number];

export const AGGREGATE_FUNCTIONS = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];

export const aggregateTexts = {
  tooManyKeys: `Agrupe por no máximo ${String(AGGREGATE_MAX_GROUP_KEYS)} campos.`,
  measureRequired: 'Escolha pelo menos uma medida.',
  attributeRequired: 'Escolha o campo desta medida.',
  unknownAttribute: (name: string) => `Campo desconhecido ou sem acesso: ${name}.`,
  notGroupable: (name: string) => `Não é possível agrupar pelo campo ${name}.`,
  notMeasurable: (name: string) => `Não é possível somar ou calcular médias do campo ${name}.`,
  bucketNeedsDate: (name: string) => `Agrupar por dia, semana ou mês exige um campo de data: ${name}.`,
  /** The label of a group of records without a value. */
  empty: '(vazio)',
} as const;

/**
 * A measure's virtual attribute: the record's age in days (now minus `created_at`, fractional), so
 * `{ fn: 'avg', attribute: 'ageDays' }` is the average age of the matching records;
 * `ageDays.{identifier}` measures the age since one of its date-times instead (`ageDays.abertura`).
 */
export const AGGREGATE_AGE_DAYS = 'ageDays';

/**
 * An attribute by identifier or id; the record's own columns are `created_at`, `updated_at`,
 * `created_by`, `updated_by` (also accepted as `createdAt`, `updatedAt`, `createdBy`, `updatedBy`).
 */
const attributeRefSchema = z.union([z.string().trim().min(1).max(60), z.number().int().positive()]);

export const aggregateGroupSchema = z.object({
  attribute: attributeRefSchema,
  /** Dates and date-times grouped by day, week (starting Monday) or month, in the company's time zone. */
  bucket: z.enum(AGGREGATE_BUCKETS).optional(),
});
export type AggregateGroup = z.output<typeof aggregateGroupSchema>;

export const aggregateMeasureSchema = z.discriminatedUnion('fn', [
  z.object({ fn: z.literal('count') }),
  z.object({ fn: z.enum(['sum', 'avg', 'min', 'max']), attribute: attributeRefSchema }),
]);
export type AggregateMeasure = z.output<typeof aggregateMeasureSchema>;

export const aggregateRequestSchema = talkFilterSchema
  .pick({ isActive: true, filterIds: true, menuId: true, tagIds: true, filterJson: true, term: true })
  .extend({
    groupBy: z
      .array(aggregateGroupSchema)
      .max(AGGREGATE_MAX_GROUP_KEYS, aggregateTexts.tooManyKeys)
      .default([]),
    measures: z
      .array(aggregateMeasureSchema)
      .min(1, aggregateTexts.measureRequired)
      .max(10)
      .default([{ fn: 'count' }]),
    /**
     * Only the `top` groups of largest first measure, largest first (a "top customers" table);
     * without it, groups come in key order (a select's options by name, dates and numbers ascending,
     * no value last).
     */
    top: z.number().int().min(1).max(AGGREGATE_MAX_GROUPS).optional(),
  });
export type AggregateRequest = z.input<typeof aggregateRequestSchema>;
export type AggregateQuery = z.output<typeof aggregateRequestSchema>;

/**
 * One group: its keys in groupBy's order (a select's option id, a yes/no's boolean, a reference's
 * record id, an account id, a bucket's first day as YYYY-MM-DD; null for records without a value),
 * with a display label per key, and its values in measures' order (null where nothing was measured).
 */
export const aggregateGroupRowSchema = z.object({
  keys: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])),
  labels: z.array(z.string()),
  values: z.array(z.number().nullable()),
});
export type AggregateGroupRow = z.infer<typeof aggregateGroupRowSchema>;

export const aggregateResponseSchema = z.object({
  groups: z.array(aggregateGroupRowSchema),
  /** The measures over every matching record (not only the groups returned). */
  total: z.array(z.number().nullable()),
  /** True when more than AGGREGATE_MAX_GROUPS groups matched and the answer stops there. */
  truncated: z.boolean(),
});
export type AggregateResponse = z.infer<typeof aggregateResponseSchema>;
