import { screenTitles } from './screen-titles.ts';

/** One formatter for every count (a new `toLocaleString` per call costs milliseconds). */
const count = new Intl.NumberFormat('pt-BR');

/**
 * Texts of the records screens (spec 002 §2, §8), in pt-BR. Spec texts are verbatim.
 */
export const recordsText = {
  title: screenTitles.records,
  listTitle: 'Registros',
  listEmpty: 'Nenhum tipo de registro disponível para o seu perfil.',
  deactivatedSuffix: '(DESATIVADOS)',
  scenarios: {
    grid: 'Lista',
    form: 'Formulário',
    talk: 'Registro',
    timeline: 'Histórico',
    help: 'Ajuda',
    attachments: 'Anexos',
    activetask: 'Tarefa ativa',
    board: 'Quadro',
    calendar: 'Calendário',
  },
  viewSwitch: 'Modo de exibição',
  tabTitle: {
    grid: (subject: string) => subject,
    newRecord: (subject: string) => `Novo registro: ${subject}`,
    record: (subject: string, id: number) => `${subject} #${id}`,
    edit: (subject: string, id: number) => `Editar: ${subject} #${id}`,
    timeline: (subject: string, id: number) => `Histórico: ${subject} #${id}`,
    attachments: (subject: string, id: number) => `Anexos: ${subject} #${id}`,
    help: (subject: string) => `Ajuda: ${subject}`,
    board: (subject: string) => `Quadro: ${subject}`,
    calendar: (subject: string) => `Calendário: ${subject}`,
  },
  unknownScenario: 'Este tipo de tela não existe.',
  notFound: 'Registro não encontrado ou sem permissão de acesso.',
  noAccess: {
    back: 'Voltar',
  },
  subjectNotFound: 'Assunto não encontrado ou sem permissão de acesso.',
  loadError: 'Ocorreu um erro no carregamento da página. Por favor, tente novamente.',
  retry: 'Tentar novamente',
  openInNewTab: 'Abrir em nova aba',
  grid: {
    label: (subject: string) => `Registros de ${subject}`,
    systemColumns: 'Colunas do sistema',
    systemColumnLabels: {
      created_at: 'Criado em',
      created_by: 'Criado por',
      updated_at: 'Alterado em',
      updated_by: 'Alterado por',
    },
    search: 'Pesquisa rápida',
    searchPlaceholder: 'Pesquisar…',
    filters: 'Filtros salvos',
    filtersPlaceholder: 'Escolha filtros',
    noFilters: 'Nenhum filtro salvo',
    pageSize: 'Registros por página',
    total: (n: number) => (n === 1 ? '1 registro' : `${count.format(n)} registros`),
    range: (from: number, to: number, total: number) =>
      `${count.format(from)}–${count.format(to)} de ${count.format(total)}`,
    empty: 'Nenhum registro encontrado.',
    emptyFiltered: 'Nenhum registro corresponde à pesquisa ou aos filtros.',
    filterDropped: 'O filtro salvo não está mais disponível e foi removido.',
    staleCell:
      'Outro usuário alterou este registro enquanto você editava. A linha foi atualizada e o valor que você digitou continua na célula: Enter salva sobre a versão atual, Esc descarta.',
    loading: 'Carregando registros…',
    newRow: 'Adicionar linha',
    newRecord: 'Novo registro',
    delete: 'Excluir',
    deactivate: 'Desativar',
    activate: 'Ativar',
    showDeactivated: 'Ver desativados',
    showActive: 'Ver ativos',
    reset: 'Redefinir grade',
    refresh: 'Atualizar',
    selectAll: 'Selecionar todos os registros da página',
    selectRow: (id: number | string) => `Selecionar o registro ${id}`,
    selected: (n: number) => (n === 1 ? '1 selecionado' : `${n} selecionados`),
    id: 'ID',
    /** The tickets' service-level column (features/sla). */
    sla: 'SLA',
    actions: 'Ações',
    edit: (id: number) => `Editar o registro ${id}`,
    open: (id: number) => `Abrir o registro ${id}`,
    sortBy: (name: string) => `Ordenar por ${name}`,
    saveRow: 'Salvar linha',
    cancelRow: 'Descartar linha',
    editCell: (name: string) => `Editar ${name}`,
    syncing: 'Sincronizando…',
    editing: 'Em edição',
    newRowLabel: 'Nova linha',
    otherUserChanged: 'Outro usuário alterou registros deste assunto.',
    notEditable: 'Este campo não pode ser editado aqui.',
  },
  modals: {
    editTitle: (id: number) => `Editar Registro: ${id}`,
    newTitle: (subject: string) => `Novo registro: ${subject}`,
    confirm: 'Confirmar',
    ok: 'OK',
    cancel: 'Cancelar',
    close: 'Fechar',
    deleteTitle: 'Excluir registros',
    deleteText: (n: number) =>
      n === 1
        ? 'Deseja realmente excluir o registro selecionado?'
        : `Deseja realmente excluir os ${n} registros selecionados?`,
    deactivateTitle: 'Desativar registros',
    deactivateText: (n: number) =>
      n === 1
        ? 'Deseja realmente desativar o registro selecionado?'
        : `Deseja realmente desativar os ${n} registros selecionados?`,
    activateTitle: 'Ativar registros',
    activateText: (n: number) =>
      n === 1
        ? 'Deseja realmente ativar o registro selecionado?'
        : `Deseja realmente ativar os ${n} registros selecionados?`,
    relatedTitle: 'Aviso de registros relacionados',
    cannotDeleteTitle: 'Não é possível excluir o registro',
    relatedIntro: 'Os registros abaixo apontam para os que você tentou excluir:',
    relatedItem: (subjectName: string, talkId: number, displayName: string, target: number) =>
      `${subjectName} #${talkId} (${displayName}) aponta para o registro #${target}`,
  },
  messages: {
    syncFailures: 'As seguintes falhas aconteceram durante a sincronização dos dados:',
    syncTitle: 'Falha na sincronização',
    syncError: 'Ocorreu um erro na sincronização dos dados. Por favor, tente novamente.',
    deleteRelated: 'Alguns dos registros que você tentou excluir possuem outros registros relacionados.',
    deleteError: 'Ocorreu um erro ao excluir o(s) registro(s). Por favor, tente novamente.',
    activeError: 'Ocorreu um erro ao ativar/desativar o(s) registro(s). Por favor, tente novamente.',
    inserted: 'Registro inserido com sucesso!',
    updated: 'Registro atualizado com sucesso!',
    deleted: 'O(s) registro(s) foi/foram excluído(s) com sucesso!',
    activated: 'O(s) registro(s) foi/foram ativado(s) com sucesso!',
    deactivated: 'O(s) registro(s) foi/foram desativado(s) com sucesso!',
    reloadNeeded: 'Registro inserido/alterado com sucesso, porém será necessário recarregar o grid.',
    stale: 'Outro usuário alterou este registro enquanto você editava. Recarregue para ver a versão atual.',
    reload: 'Recarregar',
  },
  form: {
    footerInvalid: 'Preencha todos os dados corretamente antes de continuar',
    save: 'OK',
    saving: 'Salvando…',
    cancel: 'Cancelar',
    areas: 'Áreas do registro',
    noFields: 'Este template não tem campos para mostrar.',
    readOnlyRecord: 'Você pode ver este registro, mas não alterá-lo.',
    createdBy: (who: string, when: string) => `Criado por ${who} em ${when}`,
    updatedBy: (who: string, when: string) => `Alterado por ${who} em ${when}`,
    required: (name: string) => `O campo ${name} é obrigatório`,
  },
  views: {
    form: 'Editar',
    talk: 'Ver registro',
    timeline: 'Histórico',
    attachments: 'Anexos',
    help: 'Ajuda',
    grid: 'Voltar à lista',
  },
} as const;
