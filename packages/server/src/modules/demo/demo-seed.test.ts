import { describe, expect, it } from 'vitest';
import { as, createTestApp, login } from '../../test/harness.ts';
import { DEMO_USERS } from './demo-seed.ts';

type Page = {
  totalResults: number;
  itens: { talkValues: { subjectAttributeIdentifier: string; value: unknown }[] }[];
};

describe('demo workspace (SEED=demo)', () => {
  it('creates the subjects, records and demo users, each seeing what its room allows', async () => {
    const t = await createTestApp({ SEED: 'demo' });
    try {
      const admin = (await login(t.app)).token;
      const subjects = (
        await t.app.inject(as(admin, { method: 'GET', url: '/api/subject?fetch=100' }))
      ).json<{ itens: { subjectIdentifier: string }[] }>();
      expect(subjects.itens.map((s) => s.subjectIdentifier)).toEqual(
        expect.arrayContaining([
          'chamado',
          'tarefa',
          'cliente',
          'software',
          'categoria',
          'subcategoria',
          'campos',
          'filtro',
        ]),
      );
      const campos = (await t.app.inject(as(admin, { method: 'GET', url: '/api/subject/campos' }))).json<{
        subjectAttributes: { componentId: number }[];
      }>();
      expect(new Set(campos.subjectAttributes.map((a) => a.componentId)).size).toBe(30);

      const all = (
        await t.app.inject(
          as(admin, { method: 'POST', url: '/api/talk/filter/chamado', payload: { fetch: 1 } }),
        )
      ).json<Page>();
      expect(all.totalResults).toBe(300);

      const agent = (await login(t.app, DEMO_USERS.agent.email, DEMO_USERS.agent.password)).token;
      // The tickets' grid offers saved filters to the support room.
      const filters = (await t.app.inject(as(agent, { method: 'GET', url: '/api/Filter/chamado' }))).json<{
        itens: { filterName: string }[];
      }>();
      expect(filters.itens.map((f) => f.filterName)).toEqual(['Abertos', 'Prioridade urgente']);
      expect(
        (
          await t.app.inject(
            as(agent, { method: 'POST', url: '/api/talk/filter/chamado', payload: { fetch: 1 } }),
          )
        ).json<Page>().totalResults,
      ).toBe(300);
      expect(
        (
          await t.app.inject(
            as(agent, { method: 'POST', url: '/api/subject', payload: { identifier: 'x', name: 'X' } }),
          )
        ).statusCode,
      ).toBe(403);

      const customer = (await login(t.app, DEMO_USERS.customer.email, DEMO_USERS.customer.password)).token;
      const mine = (
        await t.app.inject(
          as(customer, { method: 'POST', url: '/api/talk/filter/chamado', payload: { fetch: 500 } }),
        )
      ).json<Page>();
      expect(mine.totalResults).toBeGreaterThan(0);
      expect(mine.totalResults).toBeLessThan(300);
      const clientIds = new Set(
        mine.itens.map((i) => i.talkValues.find((v) => v.subjectAttributeIdentifier === 'cliente')?.value),
      );
      expect(clientIds.size).toBe(1);
      expect(
        (await t.app.inject(as(customer, { method: 'POST', url: '/api/talk/filter/tarefa', payload: {} })))
          .statusCode,
      ).toBe(404);
    } finally {
      await t.close();
    }
  }, 120_000);
});
