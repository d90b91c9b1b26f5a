import { describe, expect, it, vi } from 'vitest';
import { certificateMessages } from '@talkbase/domain/contracts/certificates';
import { createRoom, updateRoom } from '../../test/actors.ts';
import { as, createPerson, errorsOf, login } from '../../test/harness.ts';
import { createTalk } from '../../test/records.ts';
import { issuePerson } from '../../test/pki.ts';
import {
  CPF,
  admin,
  agent,
  ca,
  chamadoId,
  grid,
  runCheck,
  status,
  t,
  useCertificateApp,
} from './certificate-test-setup.ts';

useCertificateApp();

describe('the gate on subjects that require the certificate', () => {
  it('refuses the talk and context calls of chamado until a valid check, and not those of cliente', async () => {
    const user = await agent();
    const refused = await grid(user.token);
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused)[0]?.message).toBe(certificateMessages.notGiven);
    const context = await t.app.inject(
      as(user.token, { method: 'GET', url: '/api/context/web/grid/chamado' }),
    );
    expect(context.statusCode).toBe(403);
    expect(errorsOf(context)[0]?.message).toBe(certificateMessages.notGiven);
    const create = await t.app.inject(
      as(user.token, {
        method: 'POST',
        url: '/api/talk/chamado',
        payload: { subject: 'chamado', talkValues: [] },
      }),
    );
    expect(create.statusCode).toBe(403);
    // The record's other scenarios and the lists read from the subject are closed as well.
    for (const url of ['/api/talk/chamado/1', '/api/talk/chamado/1/timeline', '/api/talk/chamado?page=1']) {
      const res = await t.app.inject(as(user.token, { method: 'GET', url }));
      expect(res.statusCode, url).toBe(403);
    }

    const cliente = await t.app.inject(
      as(user.token, { method: 'POST', url: '/api/talk/filter/cliente/', payload: { page: 1 } }),
    );
    expect(cliente.statusCode, cliente.body).toBe(200);
    // The subjects list of the side menu still shows chamado: the gate opens on the check.
    const subjects = await t.app.inject(as(user.token, { method: 'GET', url: '/api/context/subjects' }));
    expect(subjects.body).toContain('chamado');

    await runCheck(user.token, await issuePerson(ca, { name: 'MARIA DA SILVA', cpf: CPF }));
    const opened = await grid(user.token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<{ totalResults: number }>().totalResults).toBe(1);
    const ctx = await t.app.inject(as(user.token, { method: 'GET', url: '/api/context/web/grid/chamado' }));
    expect(ctx.statusCode, ctx.body).toBe(200);
  });

  it('keeps a valid check for 24 hours, then asks again', async () => {
    const user = await agent();
    await runCheck(user.token, await issuePerson(ca, { name: 'MARIA DA SILVA', cpf: CPF }));
    const checkedAt = Date.now();

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(checkedAt + 24 * 60 * 60 * 1000 - 60_000);
    const nearlyADay = (await login(t.app, user.email, user.password)).token;
    expect((await grid(nearlyADay)).statusCode).toBe(200);

    vi.setSystemTime(checkedAt + 24 * 60 * 60 * 1000 + 60_000);
    const nextDay = (await login(t.app, user.email, user.password)).token;
    const refused = await grid(nextDay);
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused)[0]?.message).toBe(certificateMessages.notGiven);
    expect((await status(nextDay)).valid).toBe(false);
  });

  it('follows the room: a subject taken off its list opens without a check', async () => {
    const room2 = {
      roomName: 'Atendimento sem certificado',
      permissions: { subjects: [{ resourceId: chamadoId, actions: ['read' as const] }] },
    };
    const other = await createRoom(t.app, admin, { ...room2, requireDigitalSignature: [chamadoId] });
    const person = await createPerson(t.app, admin, { roomId: other });
    const { token } = await login(t.app, person.email, person.password);
    expect((await grid(token)).statusCode).toBe(403);
    await updateRoom(t.app, admin, other, { ...room2, requireDigitalSignature: [] });
    expect((await grid(token)).statusCode).toBe(200);
    expect((await status(token)).requireDigitalSignature).toEqual([]);
  });

  it('keeps a subject the room may not read answering 404, certificate or not', async () => {
    const user = await agent();
    const res = await t.app.inject(
      as(user.token, { method: 'POST', url: '/api/talk/filter/filtro/', payload: { page: 1 } }),
    );
    expect(res.statusCode).toBe(404);
  });

  it('closes a gated subject reached from another one: no name of its record, no answer on its existence', async () => {
    const visit = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/subject',
        payload: {
          identifier: 'visita',
          name: 'Visita',
          attributes: [
            { identifier: 'titulo', name: 'Título', componentId: 1, isRequired: true },
            { identifier: 'chamado', name: 'Chamado', componentId: 4, relatedSubject: 'chamado' },
          ],
        },
      }),
    );
    expect(visit.statusCode, visit.body).toBe(201);
    const visitaId = visit.json<{ subjectId: number }>().subjectId;
    const gated = await createRoom(t.app, admin, {
      roomName: 'Visitas com certificado',
      permissions: {
        subjects: [
          { resourceId: chamadoId, actions: ['read'] },
          { resourceId: visitaId, actions: ['read', 'create'] },
        ],
      },
      requireDigitalSignature: [chamadoId],
    });
    const person = await createPerson(t.app, admin, { roomId: gated });
    const { token } = await login(t.app, person.email, person.password);
    const talkId = await createTalk(t.app, admin, 'visita', { titulo: 'Visita técnica', chamado: 1 });

    const read = await t.app.inject(as(token, { method: 'GET', url: `/api/talk/visita/${String(talkId)}` }));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.body).not.toContain('Primeiro chamado');
    // A reference to a record of the gated subject answers the same whether the record exists or not.
    const create = (chamado: number) =>
      t.app.inject(
        as(token, {
          method: 'POST',
          url: '/api/talk/visita',
          payload: {
            talkValues: [
              { subjectAttributeIdentifier: 'titulo', value: 'Outra' },
              { subjectAttributeIdentifier: 'chamado', value: chamado },
            ],
          },
        }),
      );
    const existing = await create(1);
    const missing = await create(987654);
    expect(existing.statusCode).toBe(missing.statusCode);
    expect(existing.json()).toEqual(missing.json());
  });
});
