import type { LightMyRequestResponse } from 'fastify';
import { civilDateIn } from '@talkbase/domain/fields/zoned-time';
import { toIsoDate } from '@talkbase/domain/fields/civil-date';
import { as, login, type TestApp } from '../../test/harness.ts';
import { DEMO_USERS } from '../demo/demo-seed.ts';
import type { ApiTalk } from '../records/record-presenter.ts';

/** The demo workspace as the ticket tests use it: tokens, status ids by name, lookup ids. */
export interface TicketWorld {
  admin: string;
  agent: string;
  customer: string;
  status: Map<string, number>;
  statusName: (id: unknown) => string | null;
  /** The customer's own company, and another one. */
  ownClient: number;
  otherClient: number;
  priority: number;
  ticketType: number;
  software: number;
  category: number;
  subcategory: number;
}

type Page = { itens: ApiTalk[] };

export const today = (): string =>
  toIsoDate(civilDateIn(new Date(), 'America/Sao_Paulo') ?? { year: 2026, month: 1, day: 1 });

export function dayFromToday(days: number): string {
  const d = new Date(`${today()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const valueOf = (talk: ApiTalk, identifier: string): unknown =>
  talk.talkValues.find((v) => v.subjectAttributeIdentifier === identifier)?.value ?? null;

async function firstIds(t: TestApp, token: string, subject: string): Promise<ApiTalk[]> {
  const res = await t.app.inject(
    as(token, { method: 'POST', url: `/api/talk/filter/${subject}`, payload: { fetch: 100 } }),
  );
  if (res.statusCode !== 200) throw new Error(`${subject}: ${res.body}`);
  return res.json<Page>().itens;
}

export async function ticketWorld(t: TestApp): Promise<TicketWorld> {
  const admin = (await login(t.app)).token;
  const agent = (await login(t.app, DEMO_USERS.agent.email, DEMO_USERS.agent.password)).token;
  const customer = (await login(t.app, DEMO_USERS.customer.email, DEMO_USERS.customer.password)).token;
  const status = new Map(
    (await firstIds(t, admin, 'situacao')).map((s) => [String(valueOf(s, 'nome')), s.talkId] as const),
  );
  const names = new Map([...status].map(([name, id]) => [id, name]));
  const own = (await firstIds(t, customer, 'cliente'))[0]?.talkId ?? 0;
  const other = (await firstIds(t, admin, 'cliente')).find((c) => c.talkId !== own)?.talkId ?? 0;
  const sub = (await firstIds(t, admin, 'subcategoria'))[0];
  const category = Number(sub ? valueOf(sub, 'categoria') : 0);
  const cat = (await firstIds(t, admin, 'categoria')).find((c) => c.talkId === category);
  return {
    admin,
    agent,
    customer,
    status,
    statusName: (id) => (typeof id === 'number' ? (names.get(id) ?? null) : null),
    ownClient: own,
    otherClient: other,
    priority: (await firstIds(t, admin, 'prioridade'))[0]?.talkId ?? 0,
    ticketType: (await firstIds(t, admin, 'tipochamado'))[0]?.talkId ?? 0,
    software: Number(cat ? valueOf(cat, 'software') : 0),
    category,
    subcategory: sub?.talkId ?? 0,
  };
}

const talkValues = (values: Record<string, unknown>) =>
  Object.entries(values).map(([subjectAttributeIdentifier, value]) => ({
    subjectAttributeIdentifier,
    value,
  }));

export function postTicket(t: TestApp, token: string, values: Record<string, unknown>) {
  return t.app.inject(
    as(token, { method: 'POST', url: '/api/talk/chamado', payload: { talkValues: talkValues(values) } }),
  );
}

export async function createTicket(
  t: TestApp,
  token: string,
  values: Record<string, unknown>,
): Promise<number> {
  const res = await postTicket(t, token, values);
  if (res.statusCode !== 201) throw new Error(`ticket: ${res.statusCode} ${res.body}`);
  return res.json<{ resourceId: number }>().resourceId;
}

export async function getTicket(t: TestApp, token: string, id: number): Promise<ApiTalk> {
  const res = await t.app.inject(as(token, { method: 'GET', url: `/api/talk/chamado/${id}` }));
  if (res.statusCode !== 200) throw new Error(`get ticket: ${res.statusCode} ${res.body}`);
  return res.json<ApiTalk>();
}

export async function putTicket(
  t: TestApp,
  token: string,
  id: number,
  values: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  const { version } = await getTicket(t, token, id);
  return t.app.inject(
    as(token, {
      method: 'PUT',
      url: `/api/talk/chamado/${id}`,
      payload: { version, talkValues: talkValues(values) },
    }),
  );
}

/** A ticket an attendant may edit as it is: every classification field filled, status 'Aberto'. */
export function completeTicket(w: TicketWorld, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    titulo: 'Erro ao emitir nota',
    cliente: w.ownClient,
    solicitante: 'Ana Silva',
    situacao: w.status.get('Aberto'),
    prioridade: w.priority,
    tipo: w.ticketType,
    software: w.software,
    categoria: w.category,
    subcategoria: w.subcategory,
    ...extra,
  };
}
