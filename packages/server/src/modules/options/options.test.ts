import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { as, createPerson, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { createCrm, createTalk } from '../../test/records.ts';

let t: TestApp;
let admin: string;
let clienteAttr: number;
beforeEach(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  await createCrm(t.app, admin);
  const chamado = (
    await t.app.inject(as(admin, { method: 'GET', url: '/api/subject/chamado' }))
  ).json<Subject>();
  clienteAttr = chamado.subjectAttributes.find((a) => a.identifier === 'cliente')?.subjectAttributeId ?? 0;
});
afterEach(async () => {
  await t.close();
});

type Options = { itens: { id: number; name: string }[]; totalResults: number; currentPage: number };
const options = async (query: string, token = admin) =>
  t.app.inject(as(token, { method: 'GET', url: `/api/SubjectAttribute/related/${clienteAttr}?${query}` }));

describe('related options', () => {
  it('pages 50 at a time, ordered by name, with the true total', async () => {
    for (let i = 0; i < 60; i++)
      await createTalk(t.app, admin, 'cliente', { nome: `Cliente ${String(i).padStart(2, '0')}` });
    const first = (await options('page=1')).json<Options>();
    expect(first.itens).toHaveLength(50);
    expect(first.totalResults).toBe(60);
    expect(first.itens[0]?.name).toBe('Cliente 00');
    const second = (await options('page=2')).json<Options>();
    expect(second.itens.map((i) => i.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Cliente ${50 + i}`),
    );
  });

  it('matches when every word of the term matches, ignoring accents and case', async () => {
    await createTalk(t.app, admin, 'cliente', { nome: 'São Paulo Futebol' });
    await createTalk(t.app, admin, 'cliente', { nome: 'Paulo Transportes' });
    await createTalk(t.app, admin, 'cliente', { nome: 'Sao Jose Industria' });
    expect((await options('term=paulo%20SAO')).json<Options>().itens.map((i) => i.name)).toEqual([
      'São Paulo Futebol',
    ]);
    expect((await options('term=sao')).json<Options>().totalResults).toBe(2);
    expect((await options('term=inexistente')).json<Options>()).toMatchObject({ itens: [], totalResults: 0 });
  });

  it('narrows by extra identifier=value parameters, and leaves deactivated records out', async () => {
    await createTalk(t.app, admin, 'cliente', { nome: 'Alfa', cnpj: '11.222.333/0001-81' });
    const beta = await createTalk(t.app, admin, 'cliente', { nome: 'Beta' });
    expect((await options('cnpj=11.222.333%2F0001-81')).json<Options>().itens.map((i) => i.name)).toEqual([
      'Alfa',
    ]);
    await t.app.inject(
      as(admin, { method: 'POST', url: '/api/talk/batchDeactivate/cliente', payload: { talkIds: [beta] } }),
    );
    expect((await options('')).json<Options>().itens.map((i) => i.name)).toEqual(['Alfa']);
  });

  it('offers nothing to an account whose room may not read the subject', async () => {
    await createTalk(t.app, admin, 'cliente', { nome: 'Secreto' });
    const person = await createPerson(t.app, admin);
    const customer = (await login(t.app, person.email, person.password)).token;
    expect((await options('', customer)).statusCode).toBe(404);
    expect(
      (await t.app.inject(as(admin, { method: 'GET', url: '/api/SubjectAttribute/related/99999' })))
        .statusCode,
    ).toBe(404);
  });
});

describe('saved filters', () => {
  it('lists a subject’s saved filters and applies only its own', async () => {
    const tree = { condition: 'E', rules: [{ attribute: 'titulo', operator: 'contains', value: 'rede' }] };
    const mine = await createTalk(t.app, admin, 'filtro', { nome: 'Rede', filtro: tree, assunto: 'chamado' });
    const other = await createTalk(t.app, admin, 'filtro', {
      nome: 'Clientes A',
      filtro: { attribute: 'nome', operator: 'begins_with', value: 'a' },
      assunto: 'cliente',
    });
    const list = await t.app.inject(
      as(admin, { method: 'GET', url: '/api/Filter/chamado?origin=grid&page=1&fetch=1000' }),
    );
    expect(list.json()).toEqual({
      itens: [{ filterId: mine, filterName: 'Rede' }],
      totalResults: 1,
      currentPage: 1,
    });
    const wrong = await t.app.inject(
      as(admin, { method: 'POST', url: '/api/talk/filter/chamado', payload: { filterIds: [other] } }),
    );
    expect(wrong.statusCode).toBe(400);
  });
});
