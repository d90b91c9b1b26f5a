import { z } from 'zod';

/**
 * A person's last view of each subject (issue 38 item 5): list, board or calendar, and the attribute
 * the board groups by and the calendar places records by. Kept with the account's preferences, so
 * another browser opens the subject the same way.
 *
 * GET /api/account/preferences/views: every subject the account has a saved view of.
 * PUT /api/account/preferences/views/{subject}: changes some of one subject's choices.
 */
export const savedViewsPath = '/api/account/preferences/views';
export const savedViewPath = (subject: string) => `${savedViewsPath}/${encodeURIComponent(subject)}`;

export const SAVED_VIEW_KINDS = ['grid', 'board', 'calendar'] as const;
export type SavedViewKind = (typeof SAVED_VIEW_KINDS)[number];

export const savedViewsMessages = {
  view: 'Modo de exibição inválido: use grid, board ou calendar.',
  attribute: 'Informe o identificador de um atributo (até 60 caracteres) ou null.',
  subjectNotFound: 'Assunto não encontrado.',
  empty: 'Informe ao menos uma escolha: view, boardBy ou calendarBy.',
};

const attributeIdentifier = z
  .string({ error: savedViewsMessages.attribute })
  .trim()
  .toLowerCase()
  .min(1, savedViewsMessages.attribute)
  .max(60, savedViewsMessages.attribute)
  .nullable();

export const savedSubjectViewSchema = z.object({
  view: z.enum(SAVED_VIEW_KINDS),
  boardBy: z.string().nullable(),
  calendarBy: z.string().nullable(),
});
export type SavedSubjectView = z.infer<typeof savedSubjectViewSchema>;

/** The choices to change; the ones left out keep their saved value (grid and none at first). */
export const saveSubjectViewBodySchema = z
  .object({
    view: z.enum(SAVED_VIEW_KINDS, { error: savedViewsMessages.view }).optional(),
    boardBy: attributeIdentifier.optional(),
    calendarBy: attributeIdentifier.optional(),
  })
  .strict()
  .refine((b) => b.view !== undefined || b.boardBy !== undefined || b.calendarBy !== undefined, {
    message: savedViewsMessages.empty,
  });
export type SaveSubjectViewBody = z.input<typeof saveSubjectViewBodySchema>;

export const savedViewEntrySchema = savedSubjectViewSchema.extend({
  /** The subject's identifier, lower case. */
  subject: z.string(),
});
export type SavedViewEntry = z.infer<typeof savedViewEntrySchema>;

export const savedViewsSchema = z.object({ views: z.array(savedViewEntrySchema) });
export type SavedViews = z.infer<typeof savedViewsSchema>;
