/** Texts of the designer editors (time window, join object, report columns, delimitations), in pt-BR. Spec texts are verbatim. */
export const fieldsDesignersText = {} as const;
