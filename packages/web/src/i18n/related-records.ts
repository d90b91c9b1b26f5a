/**
 * Texts of a record's "Relacionados" area (features/records/related: the records of other subjects
 * that point to this one), pt-BR.
 */
export const relatedText = {
  title: 'Relacionados',
  tabs: 'Registros relacionados',
  tabLabel: (subject: string, attribute: string) => `${subject} (${attribute})`,
  gridLabel: (subject: string) => `${subject} relacionados`,
  loading: 'Carregando os registros relacionados…',
  loadError: 'Não foi possível carregar os registros relacionados.',
  retry: 'Tentar novamente',
  empty: (subject: string) => `Nenhum registro de ${subject} ligado a este.`,
  id: 'ID',
  open: 'Abrir',
  openRecord: (subject: string, id: number) => `Abrir ${subject} #${String(id)}`,
  newChild: 'Novo',
  newChildOf: (subject: string) => `Novo registro de ${subject} ligado a este`,
  newTitle: (subject: string) => `Novo registro: ${subject}`,
  cannotCreate: 'Seu perfil não pode criar registros deste assunto.',
};
