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
  /** The help icon beside a label whose attribute has a tooltip. */
  help: 'Ajuda',
  openCalendar: 'Abrir calendário',
  /** Multiple e-mails (17, 33): one input per address. */
  emailEntry: '{label} {n}',
  addEmail: 'Adicionar e-mail',
  removeEmail: 'Remover o e-mail {n}',
  /** Phone (6) with a lookup path in its configuration. */
  phoneLookup: 'Buscar telefone',
  phoneLookupNotFound: 'Nenhum telefone encontrado.',
  phoneLookupFailed: 'Não foi possível buscar o telefone. Tente novamente.',
  /** Selects (4, 14, 20). */
  selectPlaceholder: 'Selecione',
  selectLoading: 'Carregando…',
  selectClear: 'Limpar seleção',
  selectRemove: 'Remover {name}',
  selectOtherGroup: 'Outros',
} as const;
