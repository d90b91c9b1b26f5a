import { unreadBadgeLabel } from './notifications-badge.ts';

/** Texts of the notification screens, channels, the inbox and the matrices (001 §2.5, §2.7, §2.10–2.12, §2.15, §5, §8); quoted spec texts verbatim. */
export const notificationsText = {
  list: {
    title: 'Notificações',
    newNotification: 'Nova notificação',
    empty: 'Nenhuma notificação encontrado',
    search: 'Buscar por nome',
    clearSearch: 'Limpar a busca',
    edit: (name: string) => `Editar ${name}`,
    remove: (name: string) => `Excluir ${name}`,
    removeTitle: 'Excluir notificação',
    confirmRemove: 'Deseja realmente excluir essa notificação?',
    removed: 'Notificação removida com sucesso!',
    hasAutomations: 'Existem automações associadas à esta notificação!',
    removeError: 'Ocorreu um erro ao remover a notificação. Por favor, tente novamente.',
    loadError: 'Ocorreu um erro no carregamento da página. Por favor, tente novamente.',
    reload: 'Tentar novamente',
    pageSize: 'Itens por página',
    pager: 'Páginas',
    total: (n: number) => (n === 1 ? '1 notificação' : `${n} notificações`),
  },
  form: {
    title: 'Cadastrar Notificações',
    name: 'Nome',
    description: 'Descrição',
    subject: 'Assunto',
    noSubject: 'Nenhum assunto',
    titleTemplate: 'Título',
    messageTemplate: 'Mensagem',
    variablesHint: 'Digite ${ para inserir uma variável.',
    attachReferences: 'Anexar links de referência',
    yes: 'Sim',
    no: 'Não',
    channels: 'Canais',
    channel: 'Canal',
    send: 'Enviar',
    required: 'Obrigatório',
    channelWarning: '* É obrigatório informar pelo menos um canal',
    noChannel: 'Por favor, selecione pelo menos um canal.',
    noEnabledChannel: 'Nenhum canal habilitado para a empresa.',
    save: 'Salvar',
    update: 'Atualizar',
    cancel: 'Cancelar',
    requiredField: 'Campo obrigatório',
    tooLong: (max: number) => `No máximo ${max} caracteres`,
    saved: (name: string, editing: boolean) =>
      editing ? `Notificação ${name} atualizada com sucesso!` : `Notificação ${name} inserida com sucesso!`,
    saveError: 'Ocorreu um erro ao inserir a notificação. Por favor, tente novamente.',
    loadError: 'Ocorreu um erro no carregamento da página. Por favor, tente novamente.',
    reload: 'Tentar novamente',
    changeSubjectTitle: 'Alterar assunto',
    changeSubject:
      'As variáveis em uso no título e na mensagem serão apagadas. Deseja realmente alterar o assunto?',
  },
  variables: {
    title: 'Selecionar variável',
    search: 'Buscar variável',
    empty: 'Nenhuma variável encontrada',
    user: 'Usuário',
    talk: 'Conversa',
    subject: (name: string) => `Campos de ${name}`,
    insert: 'Inserir',
    close: 'Fechar',
  },
  channels: {
    title: 'Canais',
    toggled: 'Estado do canal alterado com sucesso!',
    toggleError: 'Ocorreu um erro ao alterar o estado do canal. Por favor, tente novamente.',
    loadError: 'Ocorreu um erro no carregamento dos Canais. Por favor, tente novamente.',
    reload: 'Tentar novamente',
    empty: 'Nenhum canal encontrado',
    enable: (name: string) => `Habilitar ${name}`,
    busy: 'Alterando o estado do canal',
  },
  inbox: {
    title: 'Notificações',
    empty: 'Nenhum registro encontrado',
    view: 'Visualização',
    views: { 1: 'Todas', 2: 'Não lidas' } as Record<number, string>,
    read: 'Lida',
    unread: 'Não lida',
    readError: 'Ocorreu um erro ao tentar marcar a notificação como lida.',
    loadError: 'Ocorreu um erro no carregamento da página. Por favor, tente novamente.',
    reload: 'Tentar novamente',
    pageSize: 'Itens por página',
    pager: 'Páginas',
    badge: unreadBadgeLabel,
  },
  matrix: {
    title: 'Notificações',
    notification: 'Notificação',
    mandatory: 'Canal obrigatório',
    disabled: 'Canal desabilitado para o perfil de acesso',
    empty:
      'Nenhuma notificação configurável: todas são obrigatórias, nenhuma está habilitada para o perfil de acesso ou nenhum canal está habilitado.',
  },
  /** Browser notifications (channel 3) on this browser, under the own profile's matrix. */
  browserPush: {
    ask: 'Para receber as notificações do navegador aqui, permita-as neste navegador.',
    enable: 'Ativar neste navegador',
    pending: 'Aguardando a permissão do navegador…',
    subscribed: 'Notificações do navegador ativadas neste navegador.',
    denied:
      'O navegador bloqueou as notificações deste site. Permita-as nas configurações do site para recebê-las.',
    unsupported: 'Este navegador não recebe notificações do navegador.',
    failed: 'Não foi possível ativar as notificações neste navegador. Tente novamente.',
    retry: 'Tentar novamente',
  },
  /** Under "Anexar links de referência": where e-mail links point (PUBLIC_URL). */
  links: {
    to: (url: string) => `Os e-mails levam um link para o registro em ${url}.`,
    none: 'O servidor não tem endereço público (PUBLIC_URL): os e-mails nomeiam o registro, mas sem link. Peça ao responsável pelo servidor para configurá-lo.',
    error: 'Não foi possível verificar o endereço público dos links.',
  },
  channelName: (channelId: number, description?: string) =>
    channelId === 1
      ? 'Aplicação'
      : channelId === 2
        ? 'E-mail'
        : (description ?? (channelId === 3 ? 'Notificação do navegador' : `Canal ${channelId}`)),
} as const;
