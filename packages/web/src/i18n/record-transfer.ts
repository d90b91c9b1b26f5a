/** Texts of CSV export and import from the records grid (issue 17), pt-BR. */
export const transferText = {
  exportButton: 'Exportar',
  exportView: 'Exportar a visão da grade (CSV)',
  exportAll: 'Exportar todos os campos (CSV)',
  exporting: 'Exportando…',
  exportError: 'Não foi possível exportar. Por favor, tente novamente.',
  importButton: 'Importar',
  title: 'Importar registros de CSV',
  close: 'Fechar',
  back: 'Voltar',
  next: 'Continuar',
  steps: {
    file: 'Arquivo',
    mapping: 'Colunas',
    preview: 'Prévia',
    result: 'Importação',
  },
  file: {
    label: 'Arquivo CSV',
    placeholder: 'Escolha um arquivo .csv',
    help: 'Separador ";" (ou ","), decimais com vírgula, datas dd/mm/aaaa, UTF-8. A primeira linha traz os nomes das colunas.',
    reading: 'Lendo o arquivo…',
  },
  mapping: {
    intro:
      'Escolha o campo que cada coluna do arquivo preenche. Colunas com o nome de um campo já vêm escolhidas.',
    column: 'Coluna do arquivo',
    attribute: 'Campo',
    ignore: 'Não importar',
    ignorePlaceholder: 'Não importar',
    required: (names: string) => `Campos obrigatórios sem coluna: ${names}.`,
    recordId: 'ID do registro (altera o registro)',
    recordVersion: 'Versão do registro',
  },
  preview: {
    summary: (total: number, bad: number) =>
      `${total.toLocaleString('pt-BR')} ${total === 1 ? 'linha' : 'linhas'} no arquivo; ${bad.toLocaleString('pt-BR')} com erro.`,
    kinds: (creates: number, updates: number, unchanged: number) =>
      [
        `${creates.toLocaleString('pt-BR')} ${creates === 1 ? 'registro novo' : 'registros novos'}`,
        `${updates.toLocaleString('pt-BR')} ${updates === 1 ? 'registro alterado' : 'registros alterados'} pelo ID`,
        `${unchanged.toLocaleString('pt-BR')} sem alteração`,
      ].join(', ') + '.',
    firstRows: 'Primeiras linhas',
    line: 'Linha',
    errors: 'Erros',
    errorList: 'Linhas com erro',
    noErrors: 'Nenhum erro encontrado.',
    rowOk: 'OK',
    moreErrors: (n: number) => `… e mais ${n.toLocaleString('pt-BR')} erros (veja o relatório ao final).`,
    mode: 'Como importar',
    modeAll: 'Importar tudo ou nada',
    modeAllHelp: 'Se alguma linha tiver erro, nenhum registro é importado.',
    modeSkip: 'Ignorar linhas com erro',
    modeSkipHelp: 'As linhas corretas são importadas; as com erro ficam no relatório.',
    start: 'Importar',
  },
  result: {
    running: 'Importando…',
    progress: (done: number, total: number) =>
      `${done.toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')} linhas processadas`,
    done: 'Importação concluída',
    failed: 'Importação não realizada',
    imported: (n: number) =>
      `${n.toLocaleString('pt-BR')} ${n === 1 ? 'registro importado' : 'registros importados'}`,
    importedOrChanged: (n: number) =>
      `${n.toLocaleString('pt-BR')} ${n === 1 ? 'registro incluído ou alterado' : 'registros incluídos ou alterados'}`,
    skipped: (n: number) =>
      `${n.toLocaleString('pt-BR')} ${n === 1 ? 'linha ignorada' : 'linhas ignoradas'} por erro`,
    report: 'Baixar o relatório de erros',
    loadError: 'Não foi possível acompanhar a importação. Por favor, tente novamente.',
  },
  genericError: 'Ocorreu um erro. Por favor, tente novamente.',
};
