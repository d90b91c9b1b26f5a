import type { DashboardWidgetInput } from '@talkbase/domain/contracts/dashboards';
import { dashboardWriteSchema } from '@talkbase/domain/contracts/dashboards';
import type { AuthContext } from '../../access/identity.ts';
import type { DashboardsService } from './dashboards.service.ts';

/**
 * The demo workspace's "Suporte" dashboard (issue 38 item 4), published to the rooms that read
 * tickets. Its widgets use filter trees rather than saved filters: customers may not read `filtro`,
 * and each viewer's own access decides what every widget counts (a customer, its company's only).
 * "Open" is every status but the closing ones; "created" is the ticket's opening (`abertura`).
 */
/** The demo's closing statuses (as modules/tickets/demo-tickets.ts closes a ticket). */
const CLOSED = new Set([
  'Concluído, aguardando confirmação do cliente',
  'Concluído',
  'Finalizado',
  'Cancelado',
  'Proposta comercial recusada',
]);

export async function seedDemoDashboard(
  dashboards: DashboardsService,
  admin: AuthContext,
  demo: { roomIds: number[]; statuses: { name: string; id: number }[] },
): Promise<number> {
  const closed = demo.statuses.filter((s) => CLOSED.has(s.name)).map((s) => s.id);
  const open = { attribute: 'situacao', operator: 'not_in', value: closed };
  const openTree = { condition: 'E', rules: [open] };
  const widget = (w: Omit<DashboardWidgetInput, 'subject'>): DashboardWidgetInput => ({
    subject: 'chamado',
    ...w,
  });
  const widgets: DashboardWidgetInput[] = [
    widget({
      key: 'abertos',
      title: 'Chamados abertos',
      kind: 'number',
      filterJson: openTree,
      width: 3,
      height: 3,
    }),
    widget({
      key: 'idade',
      title: 'Idade média (dias)',
      kind: 'number',
      filterJson: openTree,
      measure: { fn: 'avg', attribute: 'ageDays.abertura' },
      width: 3,
      height: 3,
    }),
    widget({
      key: 'status',
      title: 'Por status',
      kind: 'bar',
      groupBy: [{ attribute: 'situacao' }],
      width: 6,
    }),
    widget({
      key: 'prioridade',
      title: 'Abertos por prioridade',
      kind: 'pie',
      filterJson: openTree,
      groupBy: [{ attribute: 'prioridade' }],
      width: 4,
    }),
    widget({
      key: 'por-dia',
      title: 'Criados por dia (30 dias)',
      kind: 'line',
      filterJson: { condition: 'E', rules: [{ attribute: 'abertura', operator: 'last_n_days', value: 30 }] },
      groupBy: [{ attribute: 'abertura', bucket: 'day' }],
      width: 8,
    }),
    widget({
      key: 'clientes',
      title: 'Principais clientes',
      kind: 'table',
      groupBy: [{ attribute: 'cliente' }],
      top: 10,
      width: 12,
      height: 4,
    }),
  ];
  const created = await dashboards.create(
    admin,
    dashboardWriteSchema.parse({ name: 'Suporte', roomIds: demo.roomIds, widgets }),
  );
  return created.dashboardId;
}
