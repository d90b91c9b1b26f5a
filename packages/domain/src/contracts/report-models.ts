import { z } from 'zod';
import { pageOf } from './pages.ts';
import { MAX_COLUMN_ATTRIBUTES, MAX_REPORT_COLUMNS } from '../fields/report-columns.ts';
import { idSchema } from './ids.ts';

/**
 * Report models (spec 002 §3 "Report model template", §7 `/report/model`): a named list of columns
 * (component 15's value) over a main subject and the subjects related to it. Reading needs a
 * session, changing needs an administrator; every model belongs to the signed-in company.
 */

export const reportModelPaths = {
  list: '/api/report/model/list',
  one: '/api/report/model/:templateId',
  create: '/api/report/model',
  remove: '/api/report/model',
} as const;

export const reportModelMessages = {
  nameRequired: 'Digite um nome',
  subjectRequired: 'Selecione um assunto',
  notFound: 'Modelo de relatório não encontrado.',
  unknownSubject: 'Assunto não encontrado.',
  unknownRelation: 'O relacionamento escolhido não liga esses assuntos.',
  unknownAttribute: (placeholder: string) => `O atributo ${placeholder} não pertence aos assuntos do modelo.`,
  stale: 'Este modelo foi alterado por outra pessoa. Recarregue-o antes de salvar.',
  maxLength: (n: number) => `Máximo de ${n} caracteres.`,
} as const;

/** The shape of component 15's value; its rules (names, placeholders…) are `validateReportColumns`. */
export const reportColumnsSchema = z
  .array(
    z.object({
      columnIdentifier: z.coerce.number().int().nonnegative(),
      order: z.coerce.number().int().optional(),
      configs: z
        .array(z.object({ configIdentifier: z.string().trim().min(1).max(40), value: z.unknown() }))
        .max(20),
      attributes: z
        .array(
          z.object({
            value: z.string().max(2000),
            isGrouped: z.boolean().default(false),
            subjectId: z.coerce.number().int().positive().nullable().default(null),
          }),
        )
        .max(MAX_COLUMN_ATTRIBUTES),
    }),
  )
  .max(MAX_REPORT_COLUMNS);

const subjectRef = z.union([
  z.string().trim().min(1, reportModelMessages.subjectRequired).max(60),
  z.object({ subjectIdentifier: z.string().trim().min(1, reportModelMessages.subjectRequired).max(60) }),
]);

export const reportModelInputSchema = z.object({
  templateName: z
    .string({ error: reportModelMessages.nameRequired })
    .trim()
    .min(1, reportModelMessages.nameRequired)
    .max(150, reportModelMessages.maxLength(150)),
  /** The main subject; when absent, the first of `subjects`. */
  subjectIdentifier: z.string().trim().max(60).optional(),
  /** The subjects whose attributes the columns may name (the main one first). */
  subjects: z.array(subjectRef).max(20).default([]),
  relatedSubjects: z
    .array(
      z.object({
        relatedSubjectId: idSchema,
        relationshipSubjectAttributeId: idSchema,
        relationshipOwnerSubjectId: idSchema,
        order: z.coerce.number().int().min(0).default(0),
      }),
    )
    .max(20)
    .default([]),
  columns: reportColumnsSchema,
  /** The version the user read; a stale one gets 409. */
  version: z.coerce.number().int().positive().optional(),
});
export type ReportModelInput = z.input<typeof reportModelInputSchema>;

export const reportModelDeleteSchema = z
  .object({
    TemplateIds: z.array(idSchema).max(1000).optional(),
    templateIds: z.array(idSchema).max(1000).optional(),
  })
  .transform((b) => ({ templateIds: [...new Set([...(b.TemplateIds ?? []), ...(b.templateIds ?? [])])] }))
  .refine((b) => b.templateIds.length > 0, {
    message: 'Selecione pelo menos um modelo.',
    path: ['TemplateIds'],
  });

export const reportModelSummarySchema = z.object({
  templateId: z.number().int(),
  templateName: z.string(),
  subjectIdentifier: z.string(),
});
export type ReportModelSummary = z.infer<typeof reportModelSummarySchema>;

export const reportModelSubjectSchema = z.object({
  subjectId: z.number().int(),
  subjectIdentifier: z.string(),
  subjectName: z.string(),
});
export type ReportModelSubject = z.infer<typeof reportModelSubjectSchema>;

/** The columns as stored and answered (reportColumnsSchema's output). */
const reportColumnsAnswerSchema = z.array(
  z.object({
    columnIdentifier: z.number().int(),
    order: z.number().int().optional(),
    configs: z.array(z.object({ configIdentifier: z.string(), value: z.unknown() })),
    attributes: z.array(
      z.object({ value: z.string(), isGrouped: z.boolean(), subjectId: z.number().int().nullable() }),
    ),
  }),
) satisfies z.ZodType<z.output<typeof reportColumnsSchema>>;

export const reportModelSchema = reportModelSummarySchema.extend({
  name: z.string(),
  version: z.number().int(),
  subjects: z.array(reportModelSubjectSchema),
  relatedSubjects: z.array(
    z.object({
      relatedSubjectId: z.number().int(),
      relationshipSubjectAttributeId: z.number().int(),
      relationshipOwnerSubjectId: z.number().int(),
      order: z.number().int(),
    }),
  ),
  columns: reportColumnsAnswerSchema,
});
export type ReportModel = z.infer<typeof reportModelSchema>;

/** GET /api/report/model/list: a page of summaries. */
export const reportModelPageSchema = pageOf(reportModelSummarySchema);
