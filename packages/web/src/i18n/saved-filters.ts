/** Saved filters (records of `filtro`): their form, and the grid's 'Filtrar' and 'Salvar filtro'. */

/** 'Nome do filtro' (000 §2 filter modal): required, at most 100 characters. */
export const SAVED_FILTER_NAME_MAX = 100;

export const savedFiltersText = {
  form: {
    title: 'Filtro',
    close: 'Fechar',
    subject: 'Assunto',
    saved: 'Filtros disponíveis',
    savedPlaceholder: 'Começar de um filtro salvo',
    name: 'Nome do filtro',
    tree: 'Filtro',
    loadError: 'Não foi possível carregar o filtro salvo.',
    save: 'Salvar',
    cancel: 'Cancelar',
  },
  messages: {
    nameRequired: 'Campo obrigatório.',
    nameTooLong: `Máximo de ${SAVED_FILTER_NAME_MAX} caracteres.`,
    subjectRequired: 'Selecione o assunto do filtro.',
    treeRequired: 'Monte o filtro.',
  },
  load: {
    notFound: 'Filtro não encontrado.',
    loadError: 'Não foi possível carregar o filtro.',
    reload: 'Tentar novamente',
    noSubjects: 'Nenhum assunto que você possa ler: não há o que filtrar.',
  },
  noSubject: 'Escolha o assunto para montar o filtro.',
  created: 'Filtro salvo.',
  updated: 'Filtro atualizado.',
  stale:
    'Este filtro foi alterado por outra pessoa enquanto você editava. Recarregue para ver a versão atual.',
  saveError: 'Não foi possível salvar o filtro.',
  grid: {
    build: 'Filtrar',
    buildActive: (n: number) => (n === 1 ? 'Filtrar (1 regra)' : `Filtrar (${n} regras)`),
    buildTitle: 'Filtrar registros',
    apply: 'Aplicar',
    clear: 'Limpar filtro',
    save: 'Salvar filtro',
    saveTitle: 'Salvar filtro',
    saveHint:
      'O filtro da grade (as regras montadas em “Filtrar” e os filtros salvos escolhidos) vira um filtro salvo deste assunto.',
    nothingToSave: 'Monte um filtro em “Filtrar” ou escolha filtros salvos antes de salvar.',
    edit: 'Editar filtro salvo',
    editTitle: (name: string) => `Editar filtro: ${name}`,
    noSaved: 'Nenhum filtro salvo para este assunto.',
    loadingSaved: 'Carregando filtros salvos…',
    loadingModal: 'Carregando…',
    savedError: 'Não foi possível carregar os filtros salvos.',
  },
};
