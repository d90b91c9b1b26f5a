import type { SubjectAction } from './subject-meta.ts';

/** The talk calls' messages (pt-BR), for users and API clients alike. */
export const talkMessages = {
  talkNotFound: 'Registro não encontrado.',
  unknownAttribute: 'Atributo desconhecido neste assunto.',
  notEditable: (name: string) => `O campo ${name} não pode ser alterado.`,
  taken: (name: string) => `${name} já está sendo usado`,
  relatedMissing: (name: string) => `O registro escolhido em ${name} não existe.`,
  stale:
    'Este registro foi alterado por outra pessoa depois que você o abriu. Recarregue-o e tente novamente.',
  notAllowed: (action: SubjectAction, subject: string) => {
    const verbs: Record<SubjectAction, string> = {
      read: 'ver',
      create: 'incluir',
      update: 'alterar',
      delete: 'excluir',
      deactivate: 'ativar ou desativar',
    };
    return `Você não tem permissão para ${verbs[action]} registros de ${subject}.`;
  },
  attributeNotAllowed: (name: string) => `Você não tem permissão para alterar o campo ${name}.`,
  hasRelated: 'Alguns dos registros que você tentou excluir possuem outros registros relacionados.',
  filterNeverDeactivates: 'Filtros salvos não podem ser desativados.',
};
