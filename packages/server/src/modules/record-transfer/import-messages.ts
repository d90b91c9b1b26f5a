/** Every user text of a CSV import (the route, the check and the run). */
export const importMessages = {
  notCsv: (line: number | undefined) =>
    line ? `O arquivo não é um CSV válido (linha ${line}).` : 'O arquivo não é um CSV válido.',
  empty: 'O arquivo está vazio: a primeira linha deve trazer os nomes das colunas.',
  noFile: 'Envie o arquivo CSV no campo "file".',
  tooLarge: (mb: number) => `O arquivo é grande demais: o limite é de ${mb} MB.`,
  tooManyRows: (n: number) => `O arquivo tem linhas demais: o limite é de ${n.toLocaleString('pt-BR')}.`,
  tooManyColumns: (n: number) => `O arquivo tem colunas demais: o limite é de ${n.toLocaleString('pt-BR')}.`,
  busy: (n: number) =>
    `Você já tem ${n} importações em andamento: aguarde uma delas terminar para começar outra.`,
  badMapping: 'O mapeamento de colunas deve ser um objeto JSON de coluna para identificador de campo.',
  unknownTarget: (header: string, target: string) =>
    `A coluna ${header} aponta para um campo que não existe neste assunto: ${target}.`,
  fileTarget: (header: string) =>
    `A coluna ${header} aponta para um campo de arquivos, que não é importado por CSV.`,
  twice: (name: string) => `Mais de uma coluna aponta para o campo ${name}.`,
  nothingMapped: 'Nenhuma coluna do arquivo corresponde a um campo deste assunto.',
  badMode: 'O modo deve ser "all" (tudo ou nada) ou "skip" (ignorar linhas com erro).',
  columnCount: (n: number, expected: number) => `A linha tem ${n} colunas; o cabeçalho tem ${expected}.`,
  duplicateInFile: (name: string, line: number) => `${name} repete o valor da linha ${line} do arquivo.`,
  importNotFound: 'Importação não encontrada.',
  idInvalid: 'O ID deve ser o número de um registro, como na coluna ID da exportação.',
  idTwice: (id: number, line: number) => `O registro ${id} já aparece na linha ${line} do arquivo.`,
  idNotFound: (id: number) => `O registro ${id} não existe ou você não tem permissão para alterá-lo.`,
  versionMissing: (id: number) =>
    `Para alterar o registro ${id}, o arquivo precisa da coluna "Versão do registro" com a versão exportada: exporte de novo com a coluna de id.`,
  versionInvalid: 'A versão do registro deve ser um número inteiro, como na exportação.',
  stale: (id: number, version: number) =>
    `O registro ${id} foi alterado depois da exportação (está na versão ${version}): exporte de novo e refaça a alteração.`,
  staleDuringImport: (id: number) =>
    `O registro ${id} foi alterado por outra pessoa durante a importação: exporte de novo e refaça a alteração.`,
  allFailed: (n: number) =>
    `Nenhum registro foi importado: ${n === 1 ? '1 linha tem erro' : `${n} linhas têm erros`} e o modo é tudo ou nada.`,
  rolledBack:
    'Nenhum registro foi importado: uma linha foi recusada durante a importação e o modo é tudo ou nada.',
  interrupted: 'A importação foi interrompida.',
  stalled: (imported: number) =>
    `A importação foi interrompida (o servidor parou durante ela): ${
      imported === 1
        ? '1 registro foi importado'
        : `${imported.toLocaleString('pt-BR')} registros foram importados`
    } antes da interrupção. Confira-os antes de importar o restante.`,
};
