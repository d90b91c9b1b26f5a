/** Texts of the designer editors (time window, join object, report columns, delimitations), in pt-BR. Spec texts are verbatim. */
export const fieldsDesignersText = {
  reportColumns: {
    addColumn: 'Adicionar coluna', // spec
    preview: 'Pré-visualização', // spec
    atLeastOneColumn: 'Adicione pelo menos uma coluna', // spec
    noAttribute: 'Nenhum atributo selecionado', // spec
    confirmRemove: 'Você deseja realmente remover essa coluna?', // spec
    column: (n: number) => `Coluna ${n}`,
    name: 'Nome da coluna',
    nameRequired: 'Informe o nome da coluna',
    width: 'Largura',
    backgroundColor: 'Cor de fundo',
    fontColor: 'Cor da fonte',
    eyeDropper: 'Copiar uma cor da tela',
    values: 'Valores',
    value: (n: number) => `Valor ${n}`,
    valueHint: 'Digite ${ para escolher um atributo.',
    grouped: 'Agrupar valores',
    addValue: 'Adicionar valor',
    removeValue: (n: number) => `Remover o valor ${n}`,
    removeColumn: (name: string) => `Remover a coluna ${name}`,
    dragColumn: (name: string) => `Arrastar a coluna ${name} para reordenar`,
    pickerLabel: 'Escolha um atributo',
    pickerSearch: 'Buscar por atributo, assunto ou identificador',
    pickerEmpty: 'Nenhum atributo encontrado',
    pickerLoading: 'Carregando atributos…',
    pasteBlocked: 'Não é possível colar neste campo: digite ${ para escolher um atributo.',
    previewTitle: 'Pré-visualização',
    previewCorner: 'Número da linha',
    removeTitle: 'Remover coluna',
    confirm: 'Remover',
    cancel: 'Cancelar',
    close: 'Fechar',
    untitled: 'Sem nome',
  },
  timeWindow: {
    title: 'Janela de Disponibilidade', // spec
    open: 'Escolher janela',
    backToSlots: 'Voltar para as datas disponíveis', // spec
    contingency: 'Modo contingência',
    contingencyHint: 'Informe livremente a data e o horário.',
    contingencyDate: 'Data e horário de contingência',
    chooseLoadFirst: 'Selecionie uma carga antes', // spec (sic)
    noSlots: 'Nenhum horario disponível', // spec (sic)
    contact: (phone: string) => `Dúvidas? Entre em contato pelo telefone ${phone}.`,
    previousWeek: 'Semana anterior',
    nextWeek: 'Próxima semana',
    slot: (day: string, time: string) => `${day} às ${time}`,
    places: (n: number) => (n === 1 ? '1 vaga' : `${n} vagas`),
    full: 'Esgotado',
    save: 'Salvar',
    cancel: 'Cancelar',
    loading: 'Carregando horários…',
    loadError: 'Não foi possível carregar os horários disponíveis. Tente novamente.',
    empty: 'Nenhuma janela escolhida',
    contingencyValue: (when: string) => `${when} (contingência)`,
    noticeTitle: 'Atenção',
    notice:
      'A janela escolhida cai fora do horário de expediente do setor de cadastro (sábado após as 11h, domingo, segunda-feira ou dia seguinte a feriado antes das 7h, ou feriado). Os documentos da carga devem ser entregues ao setor de cadastro até as 11h de sábado.',
    noticeOk: 'Entendi',
    clear: 'Limpar',
  },
  joinObject: {
    from: 'Cargas',
    to: 'Transportadora',
    addFrom: 'Adicionar',
    newFrom: 'Nova carga',
    searchFrom: 'Buscar carga',
    removeFrom: (label: string) => `Remover ${label}`,
    emptyFrom: 'Nenhuma carga vinculada',
  },
  delimitations: {
    title: 'Delimitar visualização', // spec
    intro: 'Defina abaixo as visualizações para esse perfil de usuário', // spec
    empty: 'Nenhuma delimitação vinculada a esse perfil de usuário', // spec
    chooseSubject: 'Escolha um assunto para continuar', // spec
    chooseItem: 'Escolha pelo menos um item para continuar', // spec
    confirmRemove: 'Deseja realmente excluir esta delimitação?', // spec
    confirmRemoveItem: 'Deseja realmente excluir este ítem da delimitação?', // spec
    add: 'Adicionar delimitação',
    subject: 'Assunto',
    name: 'Nome da delimitação',
    items: 'Itens visíveis',
    searchItems: 'Buscar itens',
    noItems: 'Nenhum item encontrado',
    removeDelimitation: (name: string) => `Excluir a delimitação ${name}`,
    removeItem: (name: string) => `Excluir o item ${name}`,
    itemFallback: (id: number) => `Registro #${id}`,
    subjectTaken: 'Este assunto já possui uma delimitação; edite a existente.',
    delimitation: (n: number) => `Delimitação ${n}`,
    save: 'Salvar',
    cancel: 'Cancelar',
    confirm: 'Excluir',
    removeTitle: 'Excluir delimitação',
    removeItemTitle: 'Excluir item',
  },
} as const;
