/** Texts of the record views (timeline, help, attachments), in pt-BR. Spec texts are verbatim. */
export const recordsViewsText = {} as const;
