import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createCrm, createTalk } from '../../test/records.ts';

let t: TestApp;
let admin: string;
let chamado: Subject;
let cliente: Subject;
const attr = (s: Subject, id: string) =>
  s.subjectAttributes.find((a) => a.identifier === id)?.subjectAttributeId ?? 0;

beforeEach(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  await createCrm(t.app, admin);
  chamado = (await t.app.inject(as(admin, { method: 'GET', url: '/api/subject/chamado' }))).json<Subject>();
  cliente = (await t.app.inject(as(admin, { method: 'GET', url: '/api/subject/cliente' }))).json<Subject>();
});
afterEach(async () => {
  await t.close();
});

/** A support room: reads and edits tickets of priority below 3, reads the priority but may not change it, sees one client. */
async function supportRoom(acme: number): Promise<number> {
  const res = await t.app.inject(
    as(admin, {
      method: 'POST',
      url: '/api/room',
      payload: {
        roomName: 'Atendimento',
        displayName: 'Suporte',
        color: '#336699',
        permissions: {
          subjects: [
            {
              resourceId: chamado.subjectId,
              actions: ['read', 'create', { actionIdentifier: 'UPDATE' }],
              permissions: [{ resourceId: attr(chamado, 'prioridade'), actions: ['read', 'create'] }],
              filter: { attribute: 'prioridade', operator: 'less', value: 3 },
            },
            { resourceId: cliente.subjectId, actions: ['read'] },
          ],
        },
        sharedTalks: [{ subjectIdentifier: 'cliente', name: 'Só a ACME', talks: [{ id: acme }] }],
      },
    }),
  );
  expect(res.statusCode).toBe(201);
  return res.json<{ roomId: number }>().roomId;
}

describe('rooms', () => {
  it('saves and reads back a room with its matrices and delimitations', async () => {
    const acme = await createTalk(t.app, admin, 'cliente', { nome: 'ACME' });
    const roomId = await supportRoom(acme);
    const room = (await t.app.inject(as(admin, { method: 'GET', url: `/api/room/${roomId}` }))).json<
      Record<string, unknown>
    >();
    expect(room).toMatchObject({
      roomName: 'Atendimento',
      displayName: 'Suporte',
      color: '#336699',
      sharedTalks: [{ subjectIdentifier: 'cliente', talks: [{ id: acme }] }],
    });
    const list = (await t.app.inject(as(admin, { method: 'GET', url: '/Api/ROOM?page=1&fetch=10' }))).json<{
      itens: { roomName: string }[];
      totalResults: number;
    }>();
    expect(list.itens.map((r) => r.roomName)).toEqual(['Administrador', 'Atendimento', 'Clientes']);
    expect(
      (await t.app.inject(as(admin, { method: 'GET', url: '/api/room/action' }))).json<unknown[]>(),
    ).toContainEqual(expect.objectContaining({ resourceTypeActionId: 29, actionName: 'Interagir' }));
  });

  it('enforces the room on every talk call: rows outside the delimitation do not exist', async () => {
    const acme = await createTalk(t.app, admin, 'cliente', { nome: 'ACME' });
    await createTalk(t.app, admin, 'cliente', { nome: 'Outra Empresa' });
    const low = await createTalk(t.app, admin, 'chamado', { titulo: 'Rede lenta', prioridade: 1 });
    const high = await createTalk(t.app, admin, 'chamado', { titulo: 'Rede caiu', prioridade: 5 });
    const roomId = await supportRoom(acme);
    const person = await createPerson(t.app, admin, { roomId });
    const agent = (await login(t.app, person.email, person.password)).token;

    const page = (
      await t.app.inject(
        as(agent, { method: 'POST', url: '/api/talk/filter/chamado', payload: { term: 'rede' } }),
      )
    ).json<{ itens: { talkId: number }[]; totalResults: number }>();
    expect(page.totalResults).toBe(1);
    expect(page.itens.map((i) => i.talkId)).toEqual([low]);
    expect(
      (await t.app.inject(as(agent, { method: 'GET', url: `/api/talk/chamado/${high}` }))).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject(
          as(agent, {
            method: 'PUT',
            url: `/api/talk/chamado/${high}`,
            payload: { talkValues: [{ subjectAttributeIdentifier: 'titulo', value: 'x' }] },
          }),
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject(as(agent, { method: 'GET', url: `/api/talk/chamado/${high}/timeline` })))
        .statusCode,
    ).toBe(404);

    // The options list of Cliente offers only the delimited client.
    const opts = (
      await t.app.inject(
        as(agent, { method: 'GET', url: `/api/SubjectAttribute/related/${attr(chamado, 'cliente')}` }),
      )
    ).json<{ itens: { name: string }[] }>();
    expect(opts.itens.map((o) => o.name)).toEqual(['ACME']);

    const edit = await t.app.inject(
      as(agent, {
        method: 'PUT',
        url: `/api/talk/chamado/${low}`,
        payload: {
          talkValues: [
            { subjectAttributeIdentifier: 'titulo', value: 'Rede muito lenta' },
            { subjectAttributeIdentifier: 'prioridade', value: 1 },
          ],
        },
      }),
    );
    expect(edit.statusCode).toBe(200);
    const raise = await t.app.inject(
      as(agent, {
        method: 'PUT',
        url: `/api/talk/chamado/${low}`,
        payload: { talkValues: [{ subjectAttributeIdentifier: 'prioridade', value: 2 }] },
      }),
    );
    expect(raise.statusCode).toBe(403);
    expect(errorsOf(raise)).toEqual([
      { message: 'Você não tem permissão para alterar o campo Prioridade.', field: 'prioridade' },
    ]);

    // A reference to a record outside the delimitation keeps its id but is not named.
    const other = (
      await t.app.inject(
        as(admin, { method: 'POST', url: '/api/talk/filter/cliente', payload: { term: 'outra' } }),
      )
    ).json<{ itens: { talkId: number }[] }>().itens[0]?.talkId;
    const mixed = await createTalk(t.app, admin, 'chamado', {
      titulo: 'Cliente de fora',
      prioridade: 1,
      cliente: other,
    });
    const seen = (await t.app.inject(as(agent, { method: 'GET', url: `/api/talk/chamado/${mixed}` }))).json<{
      talkValues: { subjectAttributeIdentifier: string; value: unknown; displayValue?: unknown }[];
    }>();
    expect(seen.talkValues.find((v) => v.subjectAttributeIdentifier === 'cliente')).toMatchObject({
      value: other,
      displayValue: null,
    });

    const del = await t.app.inject(
      as(agent, { method: 'DELETE', url: '/api/talk/chamado', payload: { talkIds: [low] } }),
    );
    expect(del.statusCode).toBe(403);
    expect(errorsOf(del)[0]?.message).toBe('Você não tem permissão para excluir registros de Chamado.');
    const deactivate = await t.app.inject(
      as(agent, { method: 'POST', url: '/api/talk/batchDeactivate/chamado', payload: { talkIds: [low] } }),
    );
    expect(deactivate.statusCode).toBe(403);
  });

  it('lists the resources a room can be given: subjects with their attributes, for administrators', async () => {
    const res = await t.app.inject(as(admin, { method: 'GET', url: '/api/room/resource' }));
    expect(res.statusCode).toBe(200);
    const { Subjects } = res.json<{
      Subjects: { resourceId: number; subjectIdentifier: string; attributes: { resourceId: number }[] }[];
    }>();
    expect(Subjects.map((s) => s.subjectIdentifier).sort()).toEqual(['chamado', 'cliente', 'filtro']);
    expect(
      Subjects.find((s) => s.subjectIdentifier === 'chamado')?.attributes.map((a) => a.resourceId),
    ).toEqual(chamado.subjectAttributes.map((a) => a.subjectAttributeId));
    const person = await createPerson(t.app, admin, {});
    const user = (await login(t.app, person.email, person.password)).token;
    expect((await t.app.inject(as(user, { method: 'GET', url: '/api/room/resource' }))).statusCode).toBe(403);
  });

  it('refuses to delete built-in rooms and rooms with users, and names unknown subjects', async () => {
    expect((await t.app.inject(as(admin, { method: 'DELETE', url: '/api/room/1196' }))).statusCode).toBe(422);
    const roomId = await supportRoom(await createTalk(t.app, admin, 'cliente', { nome: 'ACME' }));
    await createPerson(t.app, admin, { roomId });
    const inUse = await t.app.inject(as(admin, { method: 'DELETE', url: `/api/room/${roomId}` }));
    expect(errorsOf(inUse)[0]?.message).toBe(
      'Há usuários neste perfil de acesso; mova-os antes de excluí-lo.',
    );
    const bad = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/room',
        payload: { roomName: 'X', permissions: { subjects: [{ resourceId: 99999, actions: ['read'] }] } },
      }),
    );
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)).toEqual([
      { message: 'Assunto não encontrado.', field: 'permissions.subjects.0.resourceId' },
    ]);
    const empty = await t.app.inject(
      as(admin, { method: 'POST', url: '/api/room', payload: { roomName: '' } }),
    );
    expect(errorsOf(empty)).toEqual([{ message: 'Campo obrigatório.', field: 'roomName' }]);
  });
});
