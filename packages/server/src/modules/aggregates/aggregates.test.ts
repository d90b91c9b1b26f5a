import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_ROOM_ID } from '@talkbase/domain/contracts/account';
import type { AggregateResponse } from '@talkbase/domain/contracts/aggregates';
import { createRoom, updateRoom } from '../../test/actors.ts';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createTalk } from '../../test/records.ts';
import { subjectIds } from '../templates/template-test-helpers.ts';
import { ATTRIBUTE_NO_ACTION } from '../../access/access-policy.ts';
import { setRoomAttributeActions } from '../../access/permissions.repository.ts';

/**
 * Aggregates (issue 38 item 1) through the API, on the database the suite runs on: the same rows
 * as the grid for the same filters, groups by every kind of key, measures, and the access policy
 * (a customer counts only its own tickets; an attribute a room may not read is refused).
 */

let t: TestApp;
let admin: string;
let agent: string;
let customer: string;
let ids: Record<string, number> = {};

const aggregate = (token: string, body: Record<string, unknown>, subject = 'ocorrencia') =>
  t.app.inject(as(token, { method: 'POST', url: `/api/talk/aggregate/${subject}`, payload: body }));
const ok = async (token: string, body: Record<string, unknown>, subject = 'ocorrencia') => {
  const res = await aggregate(token, body, subject);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AggregateResponse>();
};
const gridTotal = async (token: string, body: Record<string, unknown>) => {
  const res = await t.app.inject(
    as(token, { method: 'POST', url: '/api/talk/filter/ocorrencia', payload: body }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ totalResults: number }>().totalResults;
};
/** Each group as `label[/label]: value[, value]`, in the answer's order. */
const rows = (r: AggregateResponse) => r.groups.map((g) => `${g.labels.join('/')}: ${g.values.join(', ')}`);

const ticket = (v: Record<string, unknown>) => ({
  talkValues: Object.entries(v).map(([k, value]) => ({ subjectAttributeIdentifier: k, value })),
});

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  const subjects = [
    {
      identifier: 'situacao',
      name: 'Situação',
      attributes: [{ identifier: 'nome', name: 'Nome', componentId: 1 }],
    },
    {
      identifier: 'cliente',
      name: 'Cliente',
      attributes: [{ identifier: 'nome', name: 'Nome', componentId: 1 }],
    },
    {
      identifier: 'ocorrencia',
      name: 'Ocorrência',
      attributes: [
        { identifier: 'titulo', name: 'Título', componentId: 1, isRequired: true, isOrderable: true },
        {
          identifier: 'cliente',
          name: 'Cliente',
          componentId: 4,
          relatedSubject: 'cliente',
          isOrderable: true,
        },
        {
          identifier: 'situacao',
          name: 'Situação',
          componentId: 4,
          relatedSubject: 'situacao',
          isOrderable: true,
        },
        { identifier: 'urgente', name: 'Urgente', componentId: 10 },
        { identifier: 'horas', name: 'Horas', componentId: 3 },
        { identifier: 'valor', name: 'Valor', componentId: 5 },
        { identifier: 'prazo', name: 'Prazo', componentId: 32 },
        { identifier: 'abertura', name: 'Abertura', componentId: 11 },
        { identifier: 'segredo', name: 'Segredo', componentId: 3 },
        { identifier: 'etiquetas', name: 'Etiquetas', componentId: 1, isMultipleValues: true },
      ],
    },
  ];
  for (const payload of subjects) {
    const res = await t.app.inject(as(admin, { method: 'POST', url: '/api/subject', payload }));
    expect(res.statusCode, res.body).toBe(201);
  }
  ids = {
    aberto: await createTalk(t.app, admin, 'situacao', { nome: 'Aberto' }),
    fechado: await createTalk(t.app, admin, 'situacao', { nome: 'Fechado' }),
    acme: await createTalk(t.app, admin, 'cliente', { nome: 'ACME' }),
    beta: await createTalk(t.app, admin, 'cliente', { nome: 'Beta' }),
  };
  // Six tickets: ACME has three (two open), Beta two, one has no customer. Sums and dates known.
  const tickets = [
    {
      titulo: 'Um',
      cliente: ids.acme,
      situacao: ids.aberto,
      urgente: true,
      horas: 2,
      valor: 10.5,
      prazo: '2026-03-01',
      abertura: '2026-03-02T02:30:00Z',
      segredo: 7,
    },
    {
      titulo: 'Dois',
      cliente: ids.acme,
      situacao: ids.aberto,
      urgente: false,
      horas: 4,
      valor: 20,
      prazo: '2026-03-02',
      abertura: '2026-03-02T03:30:00Z',
      segredo: 7,
    },
    {
      titulo: 'Três',
      cliente: ids.acme,
      situacao: ids.fechado,
      horas: 6,
      prazo: '2026-04-15',
      abertura: '2018-01-15T02:30:00Z',
    },
    {
      titulo: 'Quatro',
      cliente: ids.beta,
      situacao: ids.aberto,
      urgente: true,
      valor: 5,
      prazo: '2026-02-28',
    },
    { titulo: 'Cinco', cliente: ids.beta, situacao: ids.fechado, urgente: false, horas: 1 },
    { titulo: 'Seis', situacao: ids.fechado, horas: 3 },
  ];
  const res = await t.app.inject(
    as(admin, { method: 'POST', url: '/api/talk/ocorrencia/many', payload: { talks: tickets.map(ticket) } }),
  );
  expect(res.statusCode, res.body).toBe(201);

  const chamado = await subjectIds(t.app, admin, 'ocorrencia');
  const cliente = await subjectIds(t.app, admin, 'cliente');
  const situacao = await subjectIds(t.app, admin, 'situacao');
  const read = [
    { resourceId: cliente.id, actions: ['read' as const] },
    { resourceId: situacao.id, actions: ['read' as const] },
  ];
  const roomId = await createRoom(t.app, admin, {
    roomName: 'Atendimento',
    permissions: { subjects: [{ resourceId: chamado.id, actions: ['read'] }, ...read] },
  });
  await setRoomAttributeActions(t.db.kysely, 1, roomId, chamado.attr.segredo ?? 0, [ATTRIBUTE_NO_ACTION]);
  const person = await createPerson(t.app, admin, { roomId });
  agent = (await login(t.app, person.email, person.password)).token;
  // Customers see the tickets of ACME only (their room's delimitation).
  await updateRoom(t.app, admin, CUSTOMER_ROOM_ID, {
    roomName: 'Clientes',
    permissions: {
      subjects: [
        {
          resourceId: chamado.id,
          actions: ['read'],
          filter: { condition: 'E', rules: [{ attribute: 'cliente', operator: 'equal', value: ids.acme }] },
        },
        ...read,
      ],
    },
  });
  const buyer = await createPerson(t.app, admin, { roomId: CUSTOMER_ROOM_ID });
  customer = (await login(t.app, buyer.email, buyer.password)).token;
});

afterAll(async () => {
  await t.close();
});

describe('POST /api/talk/aggregate/{subject}', () => {
  it('counts the rows the grid shows for the same filters', async () => {
    const filters = [
      {},
      { filterJson: { condition: 'E', rules: [{ attribute: 'horas', operator: 'greater', value: 2 }] } },
      { term: 'Dois' },
      { isActive: false },
    ];
    for (const f of filters) {
      const r = await ok(admin, f);
      expect(r.total, JSON.stringify(f)).toEqual([await gridTotal(admin, f)]);
      expect(r.groups).toEqual([{ keys: [], labels: [], values: r.total }]);
    }
    expect((await ok(admin, {})).total).toEqual([6]);
  });

  it('groups by a select (option names, no value last), a yes/no and a reference', async () => {
    const bySituacao = await ok(admin, { groupBy: [{ attribute: 'situacao' }] });
    expect(bySituacao.groups.map((g) => g.keys)).toEqual([[ids.aberto], [ids.fechado]]);
    expect(rows(bySituacao)).toEqual(['Aberto: 3', 'Fechado: 3']);
    expect(bySituacao.truncated).toBe(false);

    expect(rows(await ok(admin, { groupBy: [{ attribute: 'urgente' }] }))).toEqual([
      'Não: 2',
      'Sim: 2',
      '(vazio): 2',
    ]);
    const two = await ok(admin, { groupBy: [{ attribute: 'cliente' }, { attribute: 'situacao' }] });
    expect(rows(two)).toEqual([
      'ACME/Aberto: 2',
      'ACME/Fechado: 1',
      'Beta/Aberto: 1',
      'Beta/Fechado: 1',
      '(vazio)/Fechado: 1',
    ]);
    expect(two.total).toEqual([6]);
    // Who created them: account ids, named.
    const byCreator = await ok(admin, { groupBy: [{ attribute: 'createdBy' }] });
    expect(byCreator.groups).toHaveLength(1);
    expect(byCreator.groups[0]?.values).toEqual([6]);
    expect(byCreator.groups[0]?.labels[0]).not.toMatch(/^#/);
  });

  it('measures sums, averages, minima and maxima, per group and in total', async () => {
    const r = await ok(admin, {
      groupBy: [{ attribute: 'cliente' }],
      measures: [
        { fn: 'count' },
        { fn: 'sum', attribute: 'horas' },
        { fn: 'avg', attribute: 'valor' },
        { fn: 'min', attribute: 'horas' },
        { fn: 'max', attribute: 'valor' },
      ],
    });
    expect(rows(r)).toEqual(['ACME: 3, 12, 15.25, 2, 20', 'Beta: 2, 1, 5, 1, 5', '(vazio): 1, 3, , 3, ']);
    expect(r.total).toEqual([6, 16, 35.5 / 3, 1, 20]);
    const age = await ok(admin, { measures: [{ fn: 'avg', attribute: 'ageDays' }] });
    expect(age.total[0]).toBeGreaterThanOrEqual(0);
    expect(age.total[0]).toBeLessThan(0.1);
    // Since a date-time of the record: 'abertura' of 2018 is years old.
    const opened = await ok(admin, {
      measures: [
        { fn: 'min', attribute: 'ageDays.abertura' },
        { fn: 'max', attribute: 'ageDays.abertura' },
      ],
    });
    expect(opened.total[0]).toBeGreaterThan(200);
    expect(opened.total[1]).toBeGreaterThan(365 * 8);
    const notDateTime = await aggregate(admin, { measures: [{ fn: 'avg', attribute: 'ageDays.prazo' }] });
    expect(errorsOf(notDateTime)).toEqual([
      { message: 'Não é possível somar ou calcular médias do campo Prazo.', field: 'measures' },
    ]);
  });

  it('buckets dates and date-times by day, week (from Monday) and month in the company time zone', async () => {
    const keysOf = async (attribute: string, bucket: string) =>
      (await ok(admin, { groupBy: [{ attribute, bucket }] })).groups.map(
        (g) => `${String(g.keys[0])}: ${String(g.values[0])}`,
      );
    // 02:30 UTC on 2 March is 23:30 on 1 March (a Sunday) in São Paulo; in January 2018 the city
    // kept summer time (UTC−2), so 02:30 UTC was 00:30 on the 15th.
    expect(await keysOf('abertura', 'day')).toEqual([
      '2018-01-15: 1',
      '2026-03-01: 1',
      '2026-03-02: 1',
      'null: 3',
    ]);
    expect(await keysOf('abertura', 'week')).toEqual([
      '2018-01-15: 1',
      '2026-02-23: 1',
      '2026-03-02: 1',
      'null: 3',
    ]);
    expect(await keysOf('abertura', 'month')).toEqual(['2018-01-01: 1', '2026-03-01: 2', 'null: 3']);
    expect(await keysOf('prazo', 'week')).toEqual([
      '2026-02-23: 2',
      '2026-03-02: 1',
      '2026-04-13: 1',
      'null: 2',
    ]);
    const months = await ok(admin, { groupBy: [{ attribute: 'prazo', bucket: 'month' }] });
    expect(rows(months)).toEqual(['fev. de 2026: 1', 'mar. de 2026: 2', 'abr. de 2026: 1', '(vazio): 2']);
    const days = await ok(admin, { groupBy: [{ attribute: 'createdAt', bucket: 'day' }] });
    expect(days.groups).toHaveLength(1);
    expect(days.groups[0]?.labels[0]).toMatch(/^\d\d\/\d\d\/\d{4}$/);
  });

  it('a customer counts only its own tickets', async () => {
    const mine = await ok(customer, { groupBy: [{ attribute: 'situacao' }] });
    expect(rows(mine)).toEqual(['Aberto: 2', 'Fechado: 1']);
    expect(mine.total).toEqual([3]);
    expect((await ok(customer, { groupBy: [{ attribute: 'cliente' }] })).groups.map((g) => g.keys)).toEqual([
      [ids.acme],
    ]);
    expect((await ok(customer, {})).total).toEqual([await gridTotal(customer, {})]);
  });

  it('refuses an attribute the account may not read, as one that does not exist', async () => {
    expect((await ok(admin, { measures: [{ fn: 'sum', attribute: 'segredo' }] })).total).toEqual([14]);
    for (const body of [
      { groupBy: [{ attribute: 'segredo' }] },
      { measures: [{ fn: 'sum', attribute: 'segredo' }] },
      { groupBy: [{ attribute: 'naoexiste' }] },
    ]) {
      const res = await aggregate(agent, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorsOf(res)[0]?.message).toMatch(/^Campo desconhecido ou sem acesso: (segredo|naoexiste)\.$/);
    }
    // Nor may it filter by it: the grid's rule.
    const filtered = await aggregate(agent, {
      filterJson: { attribute: 'segredo', operator: 'equal', value: 7 },
    });
    expect(filtered.statusCode).toBe(400);
    // And a subject it may not read does not exist for it.
    expect((await aggregate(customer, {}, 'naoexiste')).statusCode).toBe(404);
  });

  it('refuses what cannot be grouped or measured, and more than two keys', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { groupBy: [{ attribute: 'titulo' }, { attribute: 'cliente' }, { attribute: 'urgente' }] },
        'Agrupe por no máximo 2 campos.',
      ],
      [
        { measures: [{ fn: 'sum', attribute: 'titulo' }] },
        'Não é possível somar ou calcular médias do campo Título.',
      ],
      [
        { measures: [{ fn: 'avg', attribute: 'cliente' }] },
        'Não é possível somar ou calcular médias do campo Cliente.',
      ],
      [
        { groupBy: [{ attribute: 'horas', bucket: 'day' }] },
        'Agrupar por dia, semana ou mês exige um campo de data: Horas.',
      ],
      [{ groupBy: [{ attribute: 'etiquetas' }] }, 'Não é possível agrupar pelo campo Etiquetas.'],
      [{ measures: [] }, 'Escolha pelo menos uma medida.'],
    ];
    for (const [body, message] of cases) {
      const res = await aggregate(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorsOf(res).map((e) => e.message)).toContain(message);
    }
  });

  it('answers at most 1,000 groups, saying so, with totals over every row; top N by the measure', async () => {
    const batch = (from: number) =>
      Array.from({ length: 200 }, (_, i) =>
        ticket({ titulo: `Lote ${String(from + i)}`, horas: 100 + from + i }),
      );
    for (let from = 0; from < 1200; from += 200) {
      const res = await t.app.inject(
        as(admin, { method: 'POST', url: '/api/talk/ocorrencia/many', payload: { talks: batch(from) } }),
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    const r = await ok(admin, { groupBy: [{ attribute: 'horas' }] });
    expect(r.groups).toHaveLength(1000);
    expect(r.truncated).toBe(true);
    expect(r.total).toEqual([1206]);
    expect(r.groups[0]?.keys).toEqual([1]);

    const top = await ok(admin, { groupBy: [{ attribute: 'cliente' }], top: 2 });
    expect(rows(top)).toEqual(['(vazio): 1201', 'ACME: 3']);
    expect(top.truncated).toBe(true);
    expect(top.total).toEqual([1206]);
  });

  it('answers again after a write: a cached answer goes with the subject’s change', async () => {
    const before = (await ok(admin, { groupBy: [{ attribute: 'situacao' }] })).total[0] ?? 0;
    const again = await ok(admin, { groupBy: [{ attribute: 'situacao' }] });
    expect(again.total).toEqual([before]);
    expect((await ok(admin, {})).total).toEqual([before]);
    await createTalk(t.app, admin, 'ocorrencia', { titulo: 'Mais um', situacao: ids.aberto });
    const after = await ok(admin, { groupBy: [{ attribute: 'situacao' }] });
    expect(after.total).toEqual([before + 1]);
    expect(after.groups[0]?.values[0]).toBe((again.groups[0]?.values[0] ?? 0) + 1);
    expect((await ok(admin, {})).total).toEqual([before + 1]);
  });
});
