import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { createRoom } from '../../test/actors.ts';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createCrm, createTalk, valuesOf } from '../../test/records.ts';

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  await createCrm(t.app, admin);
});
afterEach(async () => {
  await t.close();
});

const rede = { condition: 'E', rules: [{ attribute: 'titulo', operator: 'contains', value: 'rede' }] };

const values = (v: Record<string, unknown>) => ({
  talkValues: Object.entries(v).map(([k, value]) => ({ subjectAttributeIdentifier: k, value })),
});
const post = (token: string, v: Record<string, unknown>) =>
  t.app.inject(as(token, { method: 'POST', url: '/api/talk/filtro', payload: values(v) }));
const put = (token: string, id: number, v: Record<string, unknown>) =>
  t.app.inject(as(token, { method: 'PUT', url: `/api/talk/filtro/${id}`, payload: values(v) }));
const listOf = async (subject: string, token = admin) =>
  (await t.app.inject(as(token, { method: 'GET', url: `/api/Filter/${subject}` }))).json<{
    itens: { filterId: number; filterName: string }[];
  }>().itens;

describe('saving a saved filter (a record of filtro)', () => {
  it('needs its subject and a tree, and keeps the subject as its identifier', async () => {
    const noSubject = await post(admin, { nome: 'Rede', filtro: rede });
    expect(noSubject.statusCode).toBe(422);
    expect(errorsOf(noSubject)).toEqual([{ message: 'Selecione o assunto do filtro.', field: 'assunto' }]);

    const noTree = await post(admin, { nome: 'Rede', assunto: 'chamado' });
    expect(noTree.statusCode).toBe(422);
    expect(errorsOf(noTree)).toContainEqual({ message: 'Monte o filtro.', field: 'filtro' });

    const id = await createTalk(t.app, admin, 'filtro', { nome: 'Rede', assunto: 'CHAMADO', filtro: rede });
    expect(await listOf('chamado')).toEqual([{ filterId: id, filterName: 'Rede' }]);
    const talk = (await t.app.inject(as(admin, { method: 'GET', url: `/api/talk/filtro/${id}` }))).json<{
      talkValues: { subjectAttributeIdentifier: string; value: unknown }[];
    }>();
    expect(valuesOf(talk)).toMatchObject({ nome: 'Rede', assunto: 'chamado', filtro: rede });
  });

  it('refuses a subject that does not exist, or the filters themselves', async () => {
    const missing = await post(admin, { nome: 'X', assunto: 'naoexiste', filtro: rede });
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing)).toEqual([{ message: 'Assunto não encontrado.', field: 'assunto' }]);
    const itself = await post(admin, {
      nome: 'X',
      assunto: 'filtro',
      filtro: { attribute: 'nome', operator: 'contains', value: 'a' },
    });
    expect(errorsOf(itself)).toEqual([
      { message: 'Um filtro salvo não pode filtrar outros filtros.', field: 'assunto' },
    ]);
  });

  it('refuses a tree that is not a valid filter of its subject, naming the problem', async () => {
    const unknown = await post(admin, {
      nome: 'X',
      assunto: 'chamado',
      filtro: { attribute: 'nome', operator: 'contains', value: 'a' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(errorsOf(unknown)).toEqual([
      { message: 'Filtro inválido: o atributo nome não existe neste assunto.', field: 'filtro' },
    ]);
    const badOperator = await post(admin, {
      nome: 'X',
      assunto: 'chamado',
      filtro: { attribute: 'urgente', operator: 'contains', value: 'a' },
    });
    expect(errorsOf(badOperator)[0]?.field).toBe('filtro');
    const notATree = await post(admin, { nome: 'X', assunto: 'chamado', filtro: JSON.stringify(rede) });
    expect(errorsOf(notATree)).toEqual([{ message: 'Filtro inválido.', field: 'filtro' }]);
    const missingValue = await post(admin, {
      nome: 'X',
      assunto: 'chamado',
      filtro: { condition: 'E', rules: [{ attribute: 'prioridade', operator: 'greater' }] },
    });
    expect(errorsOf(missingValue)).toEqual([
      { message: 'Filtro inválido: informe o valor para Prioridade.', field: 'filtro' },
    ]);
    expect(await listOf('chamado')).toEqual([]);
  });

  it('checks a change of subject or tree against the filter as it will be, a rename alone passes', async () => {
    const id = await createTalk(t.app, admin, 'filtro', { nome: 'Rede', assunto: 'chamado', filtro: rede });
    // 'titulo' is not an attribute of cliente: moving the filter there alone would break it.
    const moved = await put(admin, id, { assunto: 'cliente' });
    expect(moved.statusCode).toBe(422);
    expect(errorsOf(moved)[0]).toMatchObject({ field: 'filtro' });
    const both = await put(admin, id, {
      assunto: 'cliente',
      filtro: { attribute: 'nome', operator: 'begins_with', value: 'A' },
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(await listOf('chamado')).toEqual([]);
    expect(await listOf('cliente')).toEqual([{ filterId: id, filterName: 'Rede' }]);
    const renamed = await put(admin, id, { nome: 'Clientes A' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const badTree = await put(admin, id, { filtro: { attribute: 'titulo', operator: 'equal', value: 'x' } });
    expect(badTree.statusCode).toBe(422);
    expect(await listOf('cliente')).toEqual([{ filterId: id, filterName: 'Clientes A' }]);
  });

  it('refuses, in a batch too, a subject the account may not read, and attributes hidden from it', async () => {
    const subjectId = async (identifier: string) =>
      (await t.app.inject(as(admin, { method: 'GET', url: `/api/subject/${identifier}` }))).json<Subject>();
    const [filtro, chamado] = [await subjectId('filtro'), await subjectId('chamado')];
    const prioridade = chamado.subjectAttributes.find((a) => a.identifier === 'prioridade');
    const room = await createRoom(t.app, admin, {
      roomName: 'Atendimento',
      permissions: {
        subjects: [
          { resourceId: filtro.subjectId, actions: ['read', 'create', 'update'] },
          {
            resourceId: chamado.subjectId,
            actions: ['read'],
            permissions: [{ resourceId: prioridade?.subjectAttributeId ?? 0, actions: [] }],
          },
        ],
      },
    });
    const person = await createPerson(t.app, admin, { roomId: room });
    const agent = (await login(t.app, person.email, person.password)).token;

    const ofClients = await post(agent, {
      nome: 'Clientes',
      assunto: 'cliente',
      filtro: { attribute: 'nome', operator: 'contains', value: 'a' },
    });
    expect(ofClients.statusCode).toBe(422);
    // The same answer as a subject that does not exist: what it may not read does not exist for it.
    expect(errorsOf(ofClients)).toEqual([{ message: 'Assunto não encontrado.', field: 'assunto' }]);
    const byHidden = await post(agent, {
      nome: 'Prioridade',
      assunto: 'chamado',
      filtro: { attribute: 'prioridade', operator: 'greater', value: 1 },
    });
    expect(errorsOf(byHidden)).toEqual([
      { message: 'Filtro inválido: o atributo prioridade não existe neste assunto.', field: 'filtro' },
    ]);
    expect((await post(agent, { nome: 'Rede', assunto: 'chamado', filtro: rede })).statusCode).toBe(201);

    const batch = await t.app.inject(
      as(agent, {
        method: 'POST',
        url: '/api/talk/filtro/many',
        payload: {
          talks: [
            values({ nome: 'Ok', assunto: 'chamado', filtro: rede }),
            values({ nome: 'Clientes', assunto: 'cliente', filtro: rede }),
          ],
        },
      }),
    );
    expect(batch.statusCode).toBe(422);
    expect(errorsOf(batch)).toContainEqual({ message: 'Assunto não encontrado.', field: 'talks.1.assunto' });
    expect((await listOf('chamado', agent)).map((f) => f.filterName)).toEqual(['Rede']);
  });
});
