import { describe, expect, it } from 'vitest';
import type { AggregateResponse } from '@talkbase/domain/contracts/aggregates';
import type { Dashboard, DashboardSummary, DashboardWidget } from '@talkbase/domain/contracts/dashboards';
import { as, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { DEMO_USERS } from '../demo/demo-seed.ts';

/**
 * The demo's "Suporte" dashboard: published to the support and customer rooms, each widget answered
 * for whoever looks at it — a customer's counts only its own company's tickets.
 */

const answer = async (t: TestApp, token: string, w: DashboardWidget) => {
  const res = await t.app.inject(
    as(token, {
      method: 'POST',
      url: `/api/talk/aggregate/${w.subject}`,
      payload: {
        filterIds: w.filterId === null ? [] : [w.filterId],
        ...(w.filterJson ? { filterJson: w.filterJson } : {}),
        groupBy: w.groupBy,
        measures: [w.measure],
        ...(w.top ? { top: w.top } : {}),
      },
    }),
  );
  expect(res.statusCode, `${w.title}: ${res.body}`).toBe(200);
  return res.json<AggregateResponse>();
};

const gridTotal = async (t: TestApp, token: string, filterJson: unknown) =>
  (
    await t.app.inject(
      as(token, { method: 'POST', url: '/api/talk/filter/chamado', payload: { fetch: 1, filterJson } }),
    )
  ).json<{ totalResults: number }>().totalResults;

describe('the demo "Suporte" dashboard', () => {
  it('is shown to agents and customers, and a customer’s widgets count only its own tickets', async () => {
    const t = await createTestApp({ SEED: 'demo' });
    try {
      const admin = (await login(t.app)).token;
      const agent = (await login(t.app, DEMO_USERS.agent.email, DEMO_USERS.agent.password)).token;
      const customer = (await login(t.app, DEMO_USERS.customer.email, DEMO_USERS.customer.password)).token;
      const list = (await t.app.inject(as(customer, { method: 'GET', url: '/api/dashboard' }))).json<
        DashboardSummary[]
      >();
      const suporte = list.find((d) => d.name === 'Suporte');
      expect(suporte).toMatchObject({ ownerId: null, canEdit: false });
      const dashboard = (
        await t.app.inject(
          as(agent, { method: 'GET', url: `/api/dashboard/${String(suporte?.dashboardId)}` }),
        )
      ).json<Dashboard>();
      expect(dashboard.widgets.map((w) => `${w.kind} ${w.title}`)).toEqual([
        'number Chamados abertos',
        'number Idade média (dias)',
        'bar Por status',
        'pie Abertos por prioridade',
        'line Criados por dia (30 dias)',
        'table Principais clientes',
      ]);

      for (const w of dashboard.widgets) {
        const all = await answer(t, admin, w);
        const mine = await answer(t, customer, w);
        if (w.measure.fn === 'count') {
          expect(all.total[0], w.title).toBe(await gridTotal(t, admin, w.filterJson));
          expect(mine.total[0], w.title).toBe(await gridTotal(t, customer, w.filterJson));
          expect(mine.total[0] ?? 0, w.title).toBeLessThan(all.total[0] ?? 0);
        }
      }
      const byStatus = dashboard.widgets.find((w) => w.key === 'status');
      if (!byStatus) throw new Error('no status widget');
      expect((await answer(t, admin, byStatus)).total).toEqual([300]);
      const customers = dashboard.widgets.find((w) => w.key === 'clientes');
      if (!customers) throw new Error('no customers widget');
      expect((await answer(t, admin, customers)).groups).toHaveLength(10);
      // One company for the customer: its own.
      expect((await answer(t, customer, customers)).groups).toHaveLength(1);
      const age = dashboard.widgets.find((w) => w.key === 'idade');
      if (!age) throw new Error('no age widget');
      const average = (await answer(t, admin, age)).total[0] ?? 0;
      // Tickets were opened over the last 120 days.
      expect(average).toBeGreaterThan(1);
      expect(average).toBeLessThan(121);
    } finally {
      await t.close();
    }
  }, 120_000);
});
