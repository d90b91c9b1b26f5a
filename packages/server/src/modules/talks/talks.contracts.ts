import { z } from 'zod';
import { filterTreeSchema } from '@talkbase/domain/filters/filter-tree';
import { idSchema } from '@talkbase/domain/contracts/ids';

/** Bodies of the talk calls (spec 002 §7), validated at the edge. */
export const talkValueInputSchema = z.object({
  subjectAttributeId: idSchema.optional(),
  subjectAttributeIdentifier: z.string().trim().max(60).optional(),
  value: z.unknown(),
});

export const talkWriteSchema = z.object({
  subject: z.string().optional(),
  talkId: z.coerce.number().int().optional(),
  templateId: z.coerce.number().int().nullable().optional(),
  /** The version the user read; a stale one gets 409. */
  version: z.coerce.number().int().positive().optional(),
  talkValues: z.array(talkValueInputSchema).max(1000).default([]),
});
export type TalkWrite = z.output<typeof talkWriteSchema>;

/** Records per `/talk/{subject}/many` call. */
export const MAX_TALKS_PER_BATCH = 200;
const batchOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    // `{talks: [...]}`, or the list itself.
    (body) => (Array.isArray(body) ? { talks: body } : body),
    z.object({
      talks: z
        .array(item)
        .min(1, 'Envie pelo menos um registro.')
        .max(MAX_TALKS_PER_BATCH, `Envie no máximo ${MAX_TALKS_PER_BATCH} registros por vez.`),
    }),
  );
export const talkCreateManySchema = batchOf(talkWriteSchema);
export const talkUpdateManySchema = batchOf(talkWriteSchema.extend({ talkId: idSchema }));

export const talkIdsSchema = z.object({
  subject: z.string().optional(),
  talkIds: z.array(idSchema).min(1, 'Selecione pelo menos um registro.').max(1000),
});

const orderItemSchema = z.object({
  attribute: z.union([z.string().trim().min(1).max(60), z.number().int().positive()]),
  /** 0 descending, 1 ascending (spec 001 §9); 'asc' / 'desc' also accepted. */
  direction: z.union([z.literal(0), z.literal(1), z.enum(['asc', 'desc'])]).default(1),
});

export const talkFilterSchema = z.object({
  isActive: z.boolean().default(true),
  page: z.coerce.number().int().min(1).default(1),
  fetch: z.coerce.number().int().min(1).default(50),
  scenario: z.string().max(40).optional(),
  filterIds: z.array(idSchema).max(50).default([]),
  /** A filter tree, as an object or as its JSON text. */
  filterJson: z
    .union([z.string().max(200_000), z.record(z.string(), z.unknown()), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return undefined;
      let parsed: unknown = v;
      if (typeof v === 'string') {
        try {
          parsed = JSON.parse(v);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'Filtro inválido: JSON malformado.' });
          return z.NEVER;
        }
      }
      const tree = filterTreeSchema.safeParse(parsed);
      if (!tree.success) {
        ctx.addIssue({ code: 'custom', message: `Filtro inválido: ${tree.error.issues[0]?.message ?? ''}` });
        return z.NEVER;
      }
      return tree.data;
    }),
  /** Records that point to a parent record through an attribute. */
  talkParent: z
    .object({
      subjectAttributeId: idSchema,
      talkId: idSchema,
    })
    .nullable()
    .optional(),
  order: z.union([orderItemSchema, z.array(orderItemSchema).max(5)]).optional(),
  term: z.string().trim().max(200).optional(),
});
export type TalkFilter = z.output<typeof talkFilterSchema>;
