import { z } from 'zod';
import { pageOf } from './pages.ts';
import { filterTreeSchema, type FilterNode } from '../filters/filter-tree.ts';
import { idSchema } from './ids.ts';

/**
 * Tags (spec 000 §2 tags list and editor, §3 Tag, §5, §9): a coloured label a record carries while it
 * matches one of the tag's filters. Each filter targets one subject: the subject of the attribute
 * `subjectAttributeId` names (the editor's "subject attribute" select), or `subject` when no attribute
 * is chosen.
 */

export const TAG_NAME_MAX = 50;
export const TAG_FILTER_NAME_MAX = 100;
export const TAG_SEARCH_MAX = 50;
export const TAG_DEFAULT_COLOR = '#000000';
export const TAG_PAGE_SIZES = [10, 25, 50, 100, 200, 500] as const;
export const TAG_DEFAULT_PAGE_SIZE = 10;
/** Filters of one tag: each is evaluated on every write of a record of its subject. */
export const MAX_TAG_FILTERS = 20;

export const tagMessages = {
  nameRequired: 'Campo obrigatório.',
  nameTooLong: `Máximo de ${TAG_NAME_MAX} caracteres.`,
  color: 'Informe uma cor no formato #rrggbb.',
  filterNameRequired: 'Campo obrigatório.',
  filterNameTooLong: `Máximo de ${TAG_FILTER_NAME_MAX} caracteres.`,
  filtersRequired: 'Adicione pelo menos um filtro.',
  tooManyFilters: `Uma tag pode ter no máximo ${MAX_TAG_FILTERS} filtros.`,
  subjectRequired: 'Selecione um atributo do assunto.',
  filterInvalid: 'Filtro inválido.',
  searchTooLong: `Máximo de ${TAG_SEARCH_MAX} caracteres.`,
  notFound: 'Tag não encontrada.',
} as const;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** A filter tree, as an object or as its JSON text (the spec stores "filter as JSON"). */
const tagFilterTreeSchema = z
  .union([z.string().max(200_000), z.record(z.string(), z.unknown())])
  .transform((v, ctx): FilterNode => {
    let parsed: unknown = v;
    if (typeof v === 'string') {
      try {
        parsed = JSON.parse(v);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${tagMessages.filterInvalid} JSON malformado.` });
        return z.NEVER;
      }
    }
    const tree = filterTreeSchema.safeParse(parsed);
    if (!tree.success) {
      ctx.addIssue({
        code: 'custom',
        message: `${tagMessages.filterInvalid} ${tree.error.issues[0]?.message ?? ''}`,
      });
      return z.NEVER;
    }
    return tree.data;
  });

/** One filter as the client sends it. A `filterId` the tag already has keeps that filter (and its id). */
export const tagFilterInputSchema = z
  .object({
    filterId: idSchema.nullable().optional(),
    filterName: z
      .string({ message: tagMessages.filterNameRequired })
      .trim()
      .min(1, tagMessages.filterNameRequired)
      .max(TAG_FILTER_NAME_MAX, tagMessages.filterNameTooLong),
    filter: tagFilterTreeSchema,
    subjectAttributeId: idSchema.nullable().optional(),
    /** Subject identifier; used only when `subjectAttributeId` is absent. */
    subject: z.string().trim().max(60).nullable().optional(),
  })
  .superRefine((f, ctx) => {
    if (!f.subjectAttributeId && !f.subject)
      ctx.addIssue({ code: 'custom', message: tagMessages.subjectRequired, path: ['subjectAttributeId'] });
  });
export type TagFilterInput = z.output<typeof tagFilterInputSchema>;

/** Body of POST /api/tag and PUT /api/tag/{tagId}. */
export const tagWriteSchema = z.object({
  tagName: z
    .string({ message: tagMessages.nameRequired })
    .trim()
    .min(1, tagMessages.nameRequired)
    .max(TAG_NAME_MAX, tagMessages.nameTooLong),
  tagColor: z
    .string()
    .trim()
    .regex(HEX_COLOR, tagMessages.color)
    .optional()
    .default(TAG_DEFAULT_COLOR)
    .transform((c) => c.toLowerCase()),
  tagFilters: z
    .array(tagFilterInputSchema)
    .min(1, tagMessages.filtersRequired)
    .max(MAX_TAG_FILTERS, tagMessages.tooManyFilters),
});
export type TagWrite = z.output<typeof tagWriteSchema>;
export type TagWriteInput = z.input<typeof tagWriteSchema>;

/** Query of GET /api/tag. `fetch` is clamped to the largest page size. */
export const tagListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  fetch: z.coerce.number().int().min(1).default(TAG_DEFAULT_PAGE_SIZE),
  term: z.string().trim().max(TAG_SEARCH_MAX, tagMessages.searchTooLong).optional(),
});
export type TagListQuery = z.output<typeof tagListQuerySchema>;

/** One filter as the server answers it. `filter` is the tree's JSON text. */
export const tagFilterSchema = z.object({
  filterId: z.number().int(),
  filterName: z.string(),
  filter: z.string(),
  subjectAttributeId: z.number().int().nullable(),
  /** Identifier of the subject the filter targets. */
  subject: z.string(),
});
export type TagFilter = z.infer<typeof tagFilterSchema>;

/** A tag as every talk answers it (`tags`), and a row of GET /api/tag (the colour dot and the name). */
export const talkTagSchema = z.object({
  tagId: z.number().int(),
  tagName: z.string(),
  tagColor: z.string(),
});
export type TalkTag = z.infer<typeof talkTagSchema>;
export type TagListItem = TalkTag;

/** A tag as GET /api/tag/{tagId} answers it (000 §3 Tag). */
export const tagSchema = talkTagSchema.extend({ tagFilters: z.array(tagFilterSchema) });
export type Tag = z.infer<typeof tagSchema>;

export const tagPageSchema = pageOf(talkTagSchema);
export type TagPage = z.infer<typeof tagPageSchema>;

/** Answer of POST /api/tag (201). */
export const tagCreatedSchema = z.object({ tagId: z.number().int() });
export type TagCreated = z.infer<typeof tagCreatedSchema>;

/**
 * Progress of re-tagging the existing records after a tag or its filters changed
 * (GET /api/tag/{tagId}/progress). `state`: `pending` queued, `running`, `done`.
 */
export const tagProgressSchema = z.object({
  tagId: z.number().int(),
  state: z.enum(['pending', 'running', 'done']),
  /** Records examined so far, over all the tag's subjects. */
  processed: z.number().int(),
  /** Records to examine when the run started (active and inactive records of the tag's subjects). */
  total: z.number().int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TagProgress = z.infer<typeof tagProgressSchema>;

/**
 * The `PublishTalkTag` push (002 §7) as `{event: 'PublishTalkTag', data}`: a record's tags changed.
 * `tags` is the record's full set after the change; `added` / `removed` are the tag ids that changed.
 * Sent only to sockets whose account may read the record.
 */
export interface TalkTagPush {
  talkId: number;
  subject: string;
  tags: TalkTag[];
  added: number[];
  removed: number[];
}
