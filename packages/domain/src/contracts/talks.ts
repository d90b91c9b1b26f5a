import { z } from 'zod';
import { filterTreeSchema } from '../filters/filter-tree.ts';
import { talkAttachmentSchema } from './files.ts';
import { idSchema } from './ids.ts';
import { pageOf } from './pages.ts';
import { talkTagSchema } from './tags.ts';

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
  /**
   * The menu item the grid was opened from: its saved filters apply for any account that sees the
   * item, whether or not it may read `filtro` (issue 39 item 2).
   */
  menuId: idSchema.optional(),
  /** Records carrying any of these tags (contracts/tags.ts). */
  tagIds: z.array(idSchema).max(50).default([]),
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

/** One attribute's value in a talk (002 §3 "Talk"). */
export const talkValueSchema = z.object({
  subjectAttributeId: z.number().int(),
  subjectAttributeIdentifier: z.string(),
  /** The value in its component type's canonical form (records/value-kinds.ts). */
  value: z.unknown(),
  /** For references: the related record's display name. */
  displayValue: z.string().nullable().optional(),
});
export type TalkValue = z.infer<typeof talkValueSchema>;

/** A talk as the API answers it (spec 002 §3 "Talk"). */
export const apiTalkSchema = z.object({
  talkId: z.number().int(),
  subject: z.string(),
  subjectId: z.number().int(),
  isActive: z.boolean(),
  displayName: z.string(),
  isReadOnly: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  createdBy: z.number().int().nullable(),
  updatedAt: z.string(),
  updatedBy: z.number().int().nullable(),
  /** Display names of createdBy and updatedBy (the grid's "Criado por", "Alterado por"). */
  createdByName: z.string().nullable().optional(),
  updatedByName: z.string().nullable().optional(),
  templateId: z.number().int().nullable(),
  tags: z.array(talkTagSchema),
  talkValues: z.array(talkValueSchema),
  talkAttachments: z.array(talkAttachmentSchema),
});
export type ApiTalk = z.infer<typeof apiTalkSchema>;

/** A paged list (002 §3 "Paged list"). */
export const pagedTalksSchema = pageOf(apiTalkSchema);
export type PagedTalks = z.infer<typeof pagedTalksSchema>;

/** The body of POST /talk/filter/{subject} as a client builds it. */
export type TalkFilterRequest = z.input<typeof talkFilterSchema>;

/** A record that points to one being deleted (422 of DELETE /talk/{subject}). */
export interface RelatedTalk {
  subject: string;
  subjectName: string;
  talkId: number;
  displayName: string;
  relatedTalkId: number;
}

/** One entry of a record's history (GET /talk/{subject}/{talkId}/timeline), newest first. */
export const timelineEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  accountId: z.number().int().nullable(),
  accountName: z.string().nullable(),
  subjectAttributeId: z.number().int().nullable(),
  attributeName: z.string().nullable(),
  /** Canonical values, as the talk calls answer them. */
  oldValue: z.unknown(),
  newValue: z.unknown(),
  /** For references: the referenced records' names, when the account may see them all. */
  oldDisplayValue: z.string().nullable().optional(),
  newDisplayValue: z.string().nullable().optional(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const timelinePageSchema = z.object({
  itens: z.array(timelineEntrySchema),
  currentPage: z.number().int(),
});
export type TimelinePage = z.infer<typeof timelinePageSchema>;

/** The SendTalkUpdates push: which records of which subject another account changed. */
export interface TalkUpdatesEvent {
  subject: string;
  subjectId: number;
  talkIds: number[];
  accountId: number;
}
