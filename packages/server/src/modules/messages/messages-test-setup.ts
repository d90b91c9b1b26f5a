import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { CUSTOMER_ROOM_ID } from '@talkbase/domain/contracts/account';
import { createRoom, updateRoom } from '../../test/actors.ts';
import { as, createPerson, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { otherCompanyToken } from '../../test/other-company.ts';
import { createCrm, createTalk } from '../../test/records.ts';
import { subjectIds } from '../templates/template-test-helpers.ts';

/**
 * The cast of the conversation tests, built through the API as an administrator would:
 * - two attendants (agent1, agent2) in a room that works every chamado;
 * - a customer and a colleague of it in room 1196, delimited to the chamados of the client ACME;
 * - a finance person in a room connected to the attendants' ('Interagir') that cannot read chamados;
 * - the administrator of another company.
 * Tickets: `acmeTicket` (the customer's) and `globexTicket` (another client's).
 */
export interface Cast {
  t: TestApp;
  chamadoId: number;
  acmeTicket: number;
  globexTicket: number;
  tokens: Record<'admin' | 'agent1' | 'agent2' | 'customer' | 'customer2' | 'finance' | 'other', string>;
  ids: Record<'admin' | 'agent1' | 'agent2' | 'customer' | 'customer2' | 'finance', number>;
}

export async function createCast(): Promise<Cast> {
  const t = await createTestApp();
  const admin = await login(t.app);
  await createCrm(t.app, admin.token);
  const acme = await createTalk(t.app, admin.token, 'cliente', { nome: 'ACME' });
  const globex = await createTalk(t.app, admin.token, 'cliente', { nome: 'Globex' });
  const acmeTicket = await createTalk(t.app, admin.token, 'chamado', {
    titulo: 'Impressora parada',
    cliente: acme,
  });
  const globexTicket = await createTalk(t.app, admin.token, 'chamado', {
    titulo: 'Rede lenta',
    cliente: globex,
  });
  const chamado = await subjectIds(t.app, admin.token, 'chamado');
  const cliente = await subjectIds(t.app, admin.token, 'cliente');

  const agentRoom = await createRoom(t.app, admin.token, {
    roomName: 'Atendimento',
    permissions: {
      subjects: [
        { resourceId: chamado.id, actions: ['read', 'create', 'update'] },
        { resourceId: cliente.id, actions: ['read'] },
      ],
    },
  });
  const financeRoom = await createRoom(t.app, admin.token, {
    roomName: 'Financeiro',
    permissions: { subjects: [{ resourceId: cliente.id, actions: ['read'] }] },
    connectedRooms: [{ roomToId: agentRoom }],
  });
  await updateRoom(t.app, admin.token, CUSTOMER_ROOM_ID, {
    roomName: 'Clientes',
    permissions: {
      subjects: [
        {
          resourceId: chamado.id,
          actions: ['read', 'create', 'update'],
          filter: { attribute: 'cliente', operator: 'equal', value: acme },
        },
        { resourceId: cliente.id, actions: ['read'] },
      ],
    },
    sharedTalks: [{ subjectIdentifier: 'cliente', name: 'Só a ACME', talks: [{ id: acme }] }],
  });
  const person = async (roomId: number, displayName: string) => {
    const p = await createPerson(t.app, admin.token, { roomId, displayName, firstName: displayName });
    return { id: p.accountId, token: (await login(t.app, p.email, p.password)).token };
  };
  const agent1 = await person(agentRoom, 'Ana');
  const agent2 = await person(agentRoom, 'Bruno');
  const customer = await person(CUSTOMER_ROOM_ID, 'Carlos');
  const customer2 = await person(CUSTOMER_ROOM_ID, 'Clara');
  const finance = await person(financeRoom, 'Fábio');
  return {
    t,
    chamadoId: chamado.id,
    acmeTicket,
    globexTicket,
    tokens: {
      admin: admin.token,
      agent1: agent1.token,
      agent2: agent2.token,
      customer: customer.token,
      customer2: customer2.token,
      finance: finance.token,
      other: await otherCompanyToken(t),
    },
    ids: {
      admin: admin.accountId,
      agent1: agent1.id,
      agent2: agent2.id,
      customer: customer.id,
      customer2: customer2.id,
      finance: finance.id,
    },
  };
}

export const messagesUrl = (talkId: number, subject = 'chamado') => `/api/talk/${subject}/${talkId}/messages`;

export async function post(
  app: FastifyInstance,
  token: string,
  talkId: number,
  payload: Record<string, unknown>,
) {
  return app.inject(as(token, { method: 'POST', url: messagesUrl(talkId), payload }));
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export interface OpenSocket {
  ws: WebSocket;
  messages: { event: string; data: unknown }[];
}

export function connect(base: string, token: string): Promise<OpenSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}/websocket?access_token=${token}`);
    const messages: OpenSocket['messages'] = [];
    ws.on('message', (data: Buffer) =>
      messages.push(JSON.parse(data.toString('utf8')) as OpenSocket['messages'][number]),
    );
    ws.on('open', () => resolve({ ws, messages }));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode ?? 0}`)));
    ws.on('error', reject);
  });
}

export const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};
