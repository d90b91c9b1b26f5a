import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createCrm, createTalk } from '../../test/records.ts';

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
});
afterEach(async () => {
  await t.close();
});

describe('schema management', () => {
  it('has the built-in filtro subject from the first start', async () => {
    const res = await t.app.inject(as(admin, { method: 'GET', url: '/api/subject/filtro' }));
    expect(res.statusCode).toBe(200);
    const s = res.json<Subject>();
    expect(s.isBuiltIn).toBe(true);
    expect(s.subjectAttributes.map((a) => [a.identifier, a.componentId])).toEqual([
      ['nome', 1],
      ['filtro', 12],
      ['assunto', 1],
    ]);
    const remove = await t.app.inject(as(admin, { method: 'DELETE', url: '/api/subject/filtro' }));
    expect(remove.statusCode).toBe(422);
  });

  it('creates subjects as tables whose records take typed values', async () => {
    await createCrm(t.app, admin);
    const list = await t.app.inject(
      as(admin, { method: 'GET', url: '/api/subject?page=1&fetch=10&term=cli' }),
    );
    expect(list.json<{ itens: Subject[]; totalResults: number }>()).toMatchObject({
      totalResults: 1,
      currentPage: 1,
      itens: [{ subjectIdentifier: 'cliente' }],
    });

    const chamado = (
      await t.app.inject(as(admin, { method: 'GET', url: '/api/subject/CHAMADO' }))
    ).json<Subject>();
    const cliente = chamado.subjectAttributes.find((a) => a.identifier === 'cliente');
    expect(cliente?.relatedSubject).toMatchObject({ subjectIdentifier: 'cliente', subjectName: 'Cliente' });
    const id = await createTalk(t.app, admin, 'cliente', { nome: 'ACME', cnpj: '11.222.333/0001-81' });
    expect(id).toBeGreaterThan(0);

    const referring = await t.app.inject(
      as(admin, { method: 'GET', url: '/api/subject/related/other/cliente' }),
    );
    expect(referring.json()).toEqual([
      expect.objectContaining({
        subjectAttributeIdentifier: 'cliente',
        relatedSubject: expect.objectContaining({ subjectIdentifier: 'chamado' }) as unknown,
      }),
    ]);
  });

  it('refuses duplicates, unknown components and missing related subjects', async () => {
    await createCrm(t.app, admin);
    const dup = await t.app.inject(
      as(admin, { method: 'POST', url: '/api/subject', payload: { identifier: 'cliente', name: 'Outro' } }),
    );
    expect(dup.statusCode).toBe(422);
    expect(errorsOf(dup)[0]).toEqual({
      message: 'Já existe um assunto com o identificador cliente.',
      field: 'identifier',
    });

    const bad = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/subject',
        payload: {
          identifier: 'x',
          name: 'X',
          attributes: [{ identifier: 'a', name: 'A', componentId: 999 }],
        },
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)[0]).toEqual({
      message: 'Tipo de componente desconhecido.',
      field: 'attributes.0.componentId',
    });

    const noRelated = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/subject',
        payload: { identifier: 'y', name: 'Y', attributes: [{ identifier: 'c', name: 'C', componentId: 4 }] },
      }),
    );
    expect(noRelated.statusCode).toBe(422);
    // Nothing of the refused subject was left behind.
    expect((await t.app.inject(as(admin, { method: 'GET', url: '/api/subject/y' }))).statusCode).toBe(404);

    const badIdentifier = await t.app.inject(
      as(admin, { method: 'POST', url: '/api/subject', payload: { identifier: 'Drop Table;', name: 'Z' } }),
    );
    expect(badIdentifier.statusCode).toBe(400);
  });

  it('adds, changes and removes attributes', async () => {
    await createCrm(t.app, admin);
    const added = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/subject/cliente/attribute',
        payload: { identifier: 'cidade', name: 'Cidade', componentId: 1 },
      }),
    );
    expect(added.statusCode).toBe(201);
    await createTalk(t.app, admin, 'cliente', { nome: 'Beta', cidade: 'Recife' });

    const renamed = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: '/api/subject/cliente/attribute/cidade',
        payload: { name: 'Município', isOrderable: true },
      }),
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<Subject>().subjectAttributes.find((a) => a.identifier === 'cidade')).toMatchObject({
      name: 'Município',
      isOrderable: true,
    });

    const removed = await t.app.inject(
      as(admin, { method: 'DELETE', url: '/api/subject/cliente/attribute/cidade' }),
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json<Subject>().subjectAttributes.map((a) => a.identifier)).toEqual(['nome', 'cnpj']);
  });

  it('reads a record read before an attribute was added or removed, with the subject as it is now', async () => {
    // On PostgreSQL a record's read is a statement each connection prepares once (db/prepared.ts):
    // a new column must give the read a new text, never a plan of the old row's shape.
    await createCrm(t.app, admin);
    const id = await createTalk(t.app, admin, 'cliente', { nome: 'Gama', cnpj: '11.222.333/0001-81' });
    const read = async () => {
      const res = await t.app.inject(as(admin, { method: 'GET', url: `/api/talk/cliente/${id}` }));
      expect(res.statusCode).toBe(200);
      return Object.fromEntries(
        res
          .json<{ talkValues: { subjectAttributeIdentifier: string; value: unknown }[] }>()
          .talkValues.map((v) => [v.subjectAttributeIdentifier, v.value]),
      );
    };
    for (let i = 0; i < 3; i++) expect(await read()).toEqual({ nome: 'Gama', cnpj: '11.222.333/0001-81' });

    const added = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/subject/cliente/attribute',
        payload: { identifier: 'cidade', name: 'Cidade', componentId: 1 },
      }),
    );
    expect(added.statusCode).toBe(201);
    expect(await read()).toEqual({ nome: 'Gama', cnpj: '11.222.333/0001-81', cidade: null });
    const version = (await t.app.inject(as(admin, { method: 'GET', url: `/api/talk/cliente/${id}` }))).json<{
      version: number;
    }>().version;
    const edited = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: `/api/talk/cliente/${id}`,
        payload: { version, talkValues: [{ subjectAttributeIdentifier: 'cidade', value: 'Recife' }] },
      }),
    );
    expect(edited.statusCode).toBe(200);
    expect(await read()).toEqual({ nome: 'Gama', cnpj: '11.222.333/0001-81', cidade: 'Recife' });

    const removed = await t.app.inject(
      as(admin, { method: 'DELETE', url: '/api/subject/cliente/attribute/cnpj' }),
    );
    expect(removed.statusCode).toBe(200);
    expect(await read()).toEqual({ nome: 'Gama', cidade: 'Recife' });
  });

  it('will not remove a subject other subjects point to', async () => {
    await createCrm(t.app, admin);
    const res = await t.app.inject(as(admin, { method: 'DELETE', url: '/api/subject/cliente' }));
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)[0]?.message).toBe('Este assunto é referenciado por: Chamado (Cliente).');
    expect(
      (await t.app.inject(as(admin, { method: 'DELETE', url: '/api/subject/chamado' }))).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject(as(admin, { method: 'DELETE', url: '/api/subject/cliente' }))).statusCode,
    ).toBe(204);
  });

  it('is for administrators only', async () => {
    const person = await createPerson(t.app, admin);
    const customer = (await login(t.app, person.email, person.password)).token;
    const res = await t.app.inject(
      as(customer, { method: 'POST', url: '/api/subject', payload: { identifier: 'x', name: 'X' } }),
    );
    expect(res.statusCode).toBe(403);
  });
});
