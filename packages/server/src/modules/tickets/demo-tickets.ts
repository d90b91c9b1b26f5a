import { normalizeStatus } from '@talkbase/domain/tickets/ticket-rules';
import type { SubjectMeta } from '../../records/subject-meta.ts';

/**
 * The demo's ticket statuses (000 §5 names the closing ones: cancelled, completed, finalized,
 * completed awaiting customer confirmation, commercial proposal refused).
 */
export const DEMO_TICKET_STATUSES = [
  'Aberto',
  'Em análise',
  'Em desenvolvimento',
  'Aguardando cliente',
  'Aguardando desenvolvimento',
  'Concluído, aguardando confirmação do cliente',
  'Concluído',
  'Finalizado',
  'Cancelado',
  'Proposta comercial recusada',
] as const;

const CLOSING = new Set(
  [
    'Concluído, aguardando confirmação do cliente',
    'Concluído',
    'Finalizado',
    'Cancelado',
    'Proposta comercial recusada',
  ].map(normalizeStatus),
);
const DIAGNOSES: [string, string, string][] = [
  [
    'Erro de configuração',
    'Parâmetro fiscal do estado estava desatualizado no cadastro da filial.',
    'Configuração',
  ],
  [
    'Falha de infraestrutura',
    'Servidor de banco de dados sem espaço em disco durante o fechamento.',
    'Infraestrutura',
  ],
  [
    'Defeito no sistema',
    'Rotina de cálculo arredondava o imposto antes de somar os itens.',
    'Desenvolvimento',
  ],
  ['Uso incorreto', 'Usuário emitia a nota antes de concluir o cadastro do cliente.', 'Cliente'],
];

/**
 * The values a seeded ticket needs so that its status's rules hold when it is created: the
 * diagnosis of a closed ticket, the step forecast of an 'em …' one, a ticket forecast from today
 * on for 'aguardando desenvolvimento'.
 */
export function demoTicketStage(status: string, i: number, now: number): Record<string, unknown> {
  const day = 86_400_000;
  const name = normalizeStatus(status);
  const out: Record<string, unknown> = {};
  if (CLOSING.has(name)) {
    const [diagnosis, details, offender] = DIAGNOSES[i % DIAGNOSES.length] ?? DIAGNOSES[0] ?? ['', '', ''];
    Object.assign(out, { diagnostico: diagnosis, detalhesdiagnostico: details, ofensor: offender });
    out.conclusao = 'Solução aplicada e validada com o solicitante.';
  }
  if (/^em( |$)/.test(name)) out.previsaoetapa = new Date(now + (1 + (i % 5)) * day).toISOString();
  if (name === 'aguardando desenvolvimento')
    out.previsaochamado = new Date(now + (5 + (i % 20)) * day).toISOString().slice(0, 10);
  return out;
}

/** What customers (room 1196) may write on a ticket: open it saying what and for whom; later, its text, files and, when asked, its status. */
const CUSTOMER_CREATES = new Set([
  'titulo',
  'cliente',
  'solicitante',
  'descricao',
  'tipo',
  'software',
  'categoria',
  'subcategoria',
  'anexos',
]);
const CUSTOMER_UPDATES = new Set(['situacao', 'descricao', 'anexos']);
const CUSTOMER_CLEARS = new Set(['descricao', 'anexos']);

/** The customers' per-attribute permissions on tickets: every attribute readable, few writable. */
export function customerTicketPermissions(
  ticket: SubjectMeta,
): { resourceId: number; actions: ('read' | 'create' | 'update' | 'delete')[] }[] {
  return ticket.attributes.map((a) => ({
    resourceId: a.id,
    actions: [
      'read' as const,
      ...(CUSTOMER_CREATES.has(a.identifier) ? (['create'] as const) : []),
      ...(CUSTOMER_UPDATES.has(a.identifier) ? (['update'] as const) : []),
      ...(CUSTOMER_CLEARS.has(a.identifier) ? (['delete'] as const) : []),
    ],
  }));
}
