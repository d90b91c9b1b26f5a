import { screenTitles } from './screen-titles.ts';

/** Texts of the global search: the top bar's box and the results screen (000 §2 "search"). */
export const searchText = {
  title: screenTitles.search,
  tabTitle: (term: string) => (term ? `Busca: ${term}` : 'Busca'),
  /** 000 §2: the modal that shows a result. */
  modalTitle: 'Resultado da Busca',
  closeModal: 'Fechar',
  box: {
    label: 'Buscar em todos os registros',
    placeholder: 'Buscar',
    tooltip: (keys: string) => `Buscar em todos os registros (${keys})`,
  },
  form: {
    label: 'Termo da busca',
    submit: 'Buscar',
  },
  noTerm: 'Digite um termo para buscar em todos os registros.',
  empty: (term: string) => `Nenhum resultado encontrado para "${term}".`,
  loadError: 'Ocorreu um erro ao buscar. Por favor, tente novamente.',
  reload: 'Tentar novamente',
  total: (n: number) => (n === 1 ? '1 resultado' : `${n.toLocaleString('pt-BR')} resultados`),
  pageSize: 'Resultados por página',
  pages: 'Páginas',
  contextError: 'Não foi possível abrir este registro.',
  narrowedTo: 'Busca limitada a',
};
