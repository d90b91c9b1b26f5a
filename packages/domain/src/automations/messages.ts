/**
 * Texts of automations (spec 000 §2, §4, §5, §8), shared by the server's answers and the editor so
 * both say the same words. The first four are the spec's, word for word; the others are ours (the
 * spec names the rule without its text).
 */
export const automationMessages = {
  // 000 §4 / §8, exact.
  invalidStep: 'Preencha todos os dados corretamente antes de continuar!',
  eventsIncomplete: 'Complete as configurações dos eventos acima antes de configurar as ações',
  runOnExisting: 'Executar esta automação para os registro existentes?',
  confirmDelete: 'Deseja realmente excluir esse item?',

  // 000 §5 rules, our wording.
  titleRequired: 'Informe o título da automação.',
  eventsRequired: 'Adicione pelo menos um evento.',
  worksRequired: 'Adicione pelo menos uma ação.',
  eventTypeRequired: 'Selecione o tipo do evento.',
  subjectRequired: 'Selecione o assunto.',
  filterNameRequired: 'Informe o nome do filtro.',
  filterRequired: 'Informe o filtro.',
  filterIncomplete: 'Filtro incompleto: cada regra precisa de atributo, operador e valor.',
  cronRequired: 'Informe o agendamento.',
  cronInvalid: 'Agendamento inválido.',
  actionRequired: 'Selecione a ação.',
  actionUnknown: 'Tipo de ação desconhecido.',
  /** Issue 35: an integration kind (000 §3) with no handler registered on the server. */
  integrationUnavailable: 'Esta ação de integração não está disponível nesta instalação.',
  configsRequired: 'Adicione pelo menos uma configuração.',
  attributeRequired: 'Selecione o atributo.',
  valueRequired: 'Informe o valor.',
  tagRequired: 'Selecione a tag.',
  emailSubjectRequired: 'Informe o assunto do e-mail.',
  emailRecipientsRequired: 'Informe os destinatários ou marque o envio para o criador.',
  emailRecipientInvalid: (address: string) => `Endereço de e-mail inválido: ${address}`,
  notificationRequired: 'Selecione a notificação.',
  receiverIncomplete: 'Cada destinatário precisa de um identificador e de um tipo.',
  dialogValueRequired: 'Informe a mensagem.',
  dialogAccountsRequired: 'Selecione pelo menos uma conta.',
  httpUrlInvalid: 'Informe uma URL http ou https válida.',

  // Editor transitions (000 §4), our wording.
  deleteEventRemovesActions:
    'Ao mudar o evento para exclusão, serão removidas todas as ações exceto "Enviar e-mail" e "Alterar valor de registros por filtro". Deseja continuar?',
  copySuffix: ' (Cópia)',

  // Server answers.
  notFound: 'Automação não encontrada.',
  subjectNotFound: 'Assunto não encontrado.',
} as const;
