/**
 * Texts of the field editors (spec 002 §3–§5, §9), in pt-BR. Rule messages shared with the server
 * live in @talkbase/domain/fields/messages; these are the editors' own words (placeholders,
 * buttons, empty states). Spec texts are verbatim.
 */
export const fieldsText = {
  yes: 'Sim',
  no: 'Não',
  empty: 'Vazio',
  noValue: '—',
} as const;
