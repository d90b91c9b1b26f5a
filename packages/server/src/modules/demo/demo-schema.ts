import type { AttributeInput, SubjectInput } from '@talkbase/domain/contracts/subjects';

/**
 * The demo workspace's record types: tickets (chamado) and tasks (tarefa) with the attributes their
 * rules need (spec 000 §5, 002 §3), their lookup subjects, and `campos` with one attribute of every
 * component type.
 */
const a = (
  identifier: string,
  name: string,
  componentId: number | string,
  extra: Partial<AttributeInput> = {},
): AttributeInput => ({
  identifier,
  name,
  componentId,
  ...extra,
});
const lookup = (
  identifier: string,
  name: string,
  icon: string,
  more: AttributeInput[] = [],
): SubjectInput => ({
  identifier,
  name,
  icon,
  attributes: [
    a('nome', 'Nome', 1, {
      isRequired: true,
      isOrderable: true,
      isNaturalKey: more.length === 0,
      length: 120,
    }),
    ...more,
  ],
});

export const DEMO_SUBJECTS: SubjectInput[] = [
  lookup('situacao', 'Situação do chamado', 'flag'),
  lookup('prioridade', 'Prioridade', 'priority_high'),
  lookup('tipochamado', 'Tipo de chamado', 'category'),
  lookup('statustarefa', 'Situação da tarefa', 'pending_actions'),
  lookup('software', 'Software', 'apps'),
  lookup('categoria', 'Categoria', 'folder', [
    a('software', 'Software', 4, { relatedSubject: 'software', isRequired: true }),
  ]),
  lookup('subcategoria', 'Subcategoria', 'folder_open', [
    a('categoria', 'Categoria', 4, { relatedSubject: 'categoria', isRequired: true }),
  ]),
  {
    identifier: 'cliente',
    name: 'Cliente',
    icon: 'business',
    attributes: [
      a('nome', 'Razão social', 1, { isRequired: true, isOrderable: true, length: 150 }),
      a('cnpj', 'CNPJ', 'Identificacao', { isNaturalKey: true }),
      a('telefone', 'Telefone', 6),
      a('email', 'E-mail', 13),
      a('cidade', 'Cidade', 1, { isOrderable: true }),
      a('uf', 'UF', 1, { length: 2, isOrderable: true }),
    ],
  },
  {
    identifier: 'chamado',
    name: 'Chamado',
    icon: 'support_agent',
    attributes: [
      a('titulo', 'Título', 1, {
        isRequired: true,
        isOrderable: true,
        length: 150,
        componentConfigs: { minWords: 2 },
      }),
      a('cliente', 'Cliente', 4, { relatedSubject: 'cliente', isOrderable: true }),
      a('solicitante', 'Solicitante', 1),
      a('telefone', 'Telefone', 6),
      a('situacao', 'Situação', 4, { relatedSubject: 'situacao', isOrderable: true }),
      a('prioridade', 'Prioridade', 4, { relatedSubject: 'prioridade', isOrderable: true }),
      a('tipo', 'Tipo de chamado', 4, { relatedSubject: 'tipochamado' }),
      a('software', 'Software', 4, { relatedSubject: 'software' }),
      // The options follow the ticket's software and category (the rules' dependency chain).
      a('categoria', 'Categoria', 4, {
        relatedSubject: 'categoria',
        componentConfigs: { params: { software: '${software}' } },
      }),
      a('subcategoria', 'Subcategoria', 4, {
        relatedSubject: 'subcategoria',
        componentConfigs: { params: { categoria: '${categoria}' } },
      }),
      a('descricao', 'Descrição', 26, { length: 4000 }),
      // A new ticket is opened at the moment it is created (issue 39): the default value "now".
      a('abertura', 'Abertura', 11, { isOrderable: true, defaultValue: 'now' }),
      a('previsaoetapa', 'Previsão da etapa', 11, { isOrderable: true }),
      a('previsaochamado', 'Previsão do chamado', 32, { isOrderable: true }),
      a('diagnostico', 'Diagnóstico', 1),
      a('detalhesdiagnostico', 'Detalhes do diagnóstico', 26, { length: 4000 }),
      a('ofensor', 'Ofensor', 1),
      a('conclusao', 'Conclusão', 26, { length: 4000 }),
      a('motivoalteracao', 'Motivo da alteração', 26),
      a('retrabalho', 'Retrabalho', 10),
      a('chamadoretrabalho', 'Chamado de retrabalho', 3),
      a('anexos', 'Anexos', 22),
    ],
  },
  {
    identifier: 'tarefa',
    name: 'Tarefa',
    icon: 'task_alt',
    attributes: [
      a('assunto', 'Assunto', 1, { isRequired: true, isOrderable: true, length: 150 }),
      // Moved only by the task calls (start, pause, finish): read-only in forms and grids.
      a('statustarefa', 'Situação', 4, {
        relatedSubject: 'statustarefa',
        isOrderable: true,
        isEditable: false,
      }),
      a('chamado', 'Chamado', 4, { relatedSubject: 'chamado' }),
      a('previsaodeinicio', 'Previsão de início', 11, { isOrderable: true }),
      a('previsaodetermino', 'Previsão de término', 11, { isOrderable: true }),
      a('duracaoestimada', 'Duração estimada', 19),
      a('duracaototal', 'Duração total', 19, { isEditable: false }),
      a('motivodeatrasodoprazo', 'Motivo de atraso do prazo', 26),
      a('motivodeatrasodaestimativa', 'Motivo de atraso da estimativa', 26),
    ],
  },
  {
    identifier: 'campos',
    name: 'Campos de exemplo',
    icon: 'dynamic_form',
    attributes: [
      a('texto', 'Texto', 1, { isRequired: true, isOrderable: true, componentConfigs: { minChars: 3 } }),
      a('identificacao', 'CNPJ/CPF', 2),
      a('numero', 'Número', 3, { isOrderable: true }),
      a('selecao', 'Seleção (cliente)', 4, { relatedSubject: 'cliente' }),
      a('medida', 'Medida', 5, { componentConfigs: { precision: 3 } }),
      a('telefone', 'Telefone', 6),
      a('simnao', 'Sim/Não', 10),
      a('datahora', 'Data e hora', 11, { componentConfigs: { weekends: true } }),
      a('filtro', 'Filtro', 12),
      a('email', 'E-mail', 13),
      a('arvore', 'Árvore (categoria)', 14, { relatedSubject: 'categoria' }),
      a('colunas', 'Colunas do modelo', 15),
      a('selecaofiltro', 'Filtro salvo', 16, { relatedSubject: 'filtro' }),
      a('emails', 'E-mails', 17),
      a('agenda', 'Frequência', 18),
      a('hora', 'Hora', 19),
      a('modelo', 'Modelo', 20, { relatedSubject: 'software' }),
      a('arquivo', 'Arquivos', 22),
      a('peso', 'Peso', 23),
      a('volume', 'Volume', 24),
      a('valor', 'Valor', 25, { componentConfigs: { precision: 2, thousandsSeparator: true } }),
      a('observacoes', 'Observações', 26),
      a('ativo', 'Ativo', 27),
      a('janela', 'Janela de disponibilidade', 28),
      a('transportadora', 'Transportadora', 29),
      a('textolivre', 'Texto livre', 30),
      a('placa', 'Placa', 31),
      a('data', 'Data', 32, { componentConfigs: { nationalHolidays: true } }),
      a('emailsmultiplos', 'E-mails (vários)', 33),
      a('arquivosobdemanda', 'Arquivo sob demanda', 34),
    ],
  },
];
