/** Texts of the structured field editors (filter tree, pickers, schedule, files), in pt-BR. Spec texts are verbatim. */
export const fieldsStructuredText = {} as const;
