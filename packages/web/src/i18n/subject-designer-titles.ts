/** The subject designer's tab titles: part of the shell's routes, so kept apart from its texts. */
export const subjectDesignerTitles = { list: 'Assuntos', editor: 'Editor de assunto' } as const;
