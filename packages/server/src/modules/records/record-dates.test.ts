import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toIsoDate } from '@talkbase/domain/fields/civil-date';
import { civilDateIn } from '@talkbase/domain/fields/zoned-time';
import { as, createPerson, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { createCrm, createTalk, valuesOf } from '../../test/records.ts';
import type { ApiTalk } from './record-presenter.ts';

// Issue 39 item 6: records know when they were opened — "default: now" on date and date-time
// attributes, and who created and changed a record, and when, as columns of filters, order, export.

let t: TestApp;
let admin: string;
let adminId: number;
beforeEach(async () => {
  t = await createTestApp();
  ({ token: admin, accountId: adminId } = await login(t.app));
  await createCrm(t.app, admin);
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});

const get = async (id: number, token = admin) =>
  (await t.app.inject(as(token, { method: 'GET', url: `/api/talk/chamado/${id}` }))).json<ApiTalk>();
const filter = async (body: Record<string, unknown>, token = admin) =>
  t.app.inject(as(token, { method: 'POST', url: '/api/talk/filter/chamado', payload: body }));
const idsOf = (res: { body: string }) =>
  (JSON.parse(res.body) as { itens: ApiTalk[] }).itens.map((x) => x.talkId);
const setDefault = async (attribute: string, defaultValue: string | null) => {
  const res = await t.app.inject(
    as(admin, {
      method: 'PUT',
      url: `/api/subject/chamado/attribute/${attribute}`,
      payload: { defaultValue },
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
};
const setZone = async (zone: string) =>
  sql`update companies set time_zone = ${zone}, catalog_version = catalog_version + 1 where id = 1`.execute(
    t.db.kysely,
  );
const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(';').map((c) => c.replace(/^"|"$/g, '')));

describe('default value "now"', () => {
  it('gives a new record the instant of its create, and a date the company’s today', async () => {
    await setDefault('abertura', 'now');
    await setDefault('prazo', 'now');
    // A zone whose date is not UTC's at this instant, the clock held still meanwhile.
    const now = new Date();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const zone = now.getUTCHours() >= 12 ? 'Pacific/Kiritimati' : 'Etc/GMT+12';
    await setZone(zone);
    const local = civilDateIn(now, zone);
    expect(local && toIsoDate(local)).not.toBe(now.toISOString().slice(0, 10));

    const id = await createTalk(t.app, admin, 'chamado', { titulo: 'Sem abertura' });
    const talk = await get(id);
    expect(valuesOf(talk)).toMatchObject({
      abertura: now.toISOString(),
      prazo: local ? toIsoDate(local) : '',
    });
    expect(talk.createdAt).toBe(now.toISOString());

    // A value the client sends wins; an explicit null too (the default is for what is not given).
    const given = await createTalk(t.app, admin, 'chamado', {
      titulo: 'Com abertura',
      abertura: '2026-01-02T10:00:00.000Z',
      prazo: null,
    });
    expect(valuesOf(await get(given))).toMatchObject({ abertura: '2026-01-02T10:00:00.000Z', prazo: null });

    // Each create is its own moment.
    const later = new Date(now.getTime() + 5 * 60_000);
    vi.setSystemTime(later);
    const next = await createTalk(t.app, admin, 'chamado', { titulo: 'Depois' });
    expect(valuesOf(await get(next)).abertura).toBe(later.toISOString());
  });

  it('is answered as stored, and an update leaves the value as it is', async () => {
    await setDefault('abertura', 'now');
    const subject = await t.app.inject(as(admin, { method: 'GET', url: '/api/subject/chamado' }));
    const attrs = subject.json<{
      subjectAttributes: { identifier: string; defaultValue: string | null }[];
    }>();
    expect(attrs.subjectAttributes.find((a) => a.identifier === 'abertura')?.defaultValue).toBe('now');

    const id = await createTalk(t.app, admin, 'chamado', { titulo: 'A' });
    const before = await get(id);
    const put = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: `/api/talk/chamado/${id}`,
        payload: {
          version: before.version,
          talkValues: [{ subjectAttributeIdentifier: 'titulo', value: 'B' }],
        },
      }),
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(valuesOf(await get(id)).abertura).toBe(valuesOf(before).abertura);
  });
});

describe('system columns: created and updated, by and at', () => {
  async function twoRecords() {
    // Minutes apart (the sessions' tokens stay valid on the held clock).
    const t0 = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(t0);
    const first = await createTalk(t.app, admin, 'chamado', { titulo: 'Primeiro' });
    const person = await createPerson(t.app, admin, { roomId: 1, displayName: 'Joana Atendente' });
    const joana = await login(t.app, person.email, person.password);
    vi.setSystemTime(at(2));
    const second = await createTalk(t.app, joana.token, 'chamado', { titulo: 'Segundo' });
    // The first one changed last, by Joana.
    vi.setSystemTime(at(4));
    const version = (await get(first)).version;
    const put = await t.app.inject(
      as(joana.token, {
        method: 'PUT',
        url: `/api/talk/chamado/${first}`,
        payload: {
          version,
          talkValues: [{ subjectAttributeIdentifier: 'titulo', value: 'Primeiro, alterado' }],
        },
      }),
    );
    expect(put.statusCode, put.body).toBe(200);
    vi.useRealTimers();
    return { first, second, joana, at };
  }

  it('answers who created and changed each record, by name', async () => {
    const { first, second, joana, at } = await twoRecords();
    expect(await get(first)).toMatchObject({
      createdBy: adminId,
      createdByName: 'Administrador',
      updatedBy: joana.accountId,
      updatedByName: 'Joana Atendente',
      createdAt: at(0).toISOString(),
      updatedAt: at(4).toISOString(),
    });
    expect(await get(second)).toMatchObject({ createdBy: joana.accountId, createdByName: 'Joana Atendente' });

    // The grid's page names them too, and a name changed since shows at once, there and in a read.
    const renamed = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: `/api/account/${joana.accountId}`,
        payload: { displayName: 'Joana Souza' },
      }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const page = await filter({ filterJson: { attribute: 'id', operator: 'in', value: [first, second] } });
    expect(page.statusCode, page.body).toBe(200);
    const byId = new Map(page.json<{ itens: ApiTalk[] }>().itens.map((x) => [x.talkId, x]));
    expect(byId.get(first)).toMatchObject({ createdByName: 'Administrador', updatedByName: 'Joana Souza' });
    expect(byId.get(second)).toMatchObject({ createdByName: 'Joana Souza', updatedByName: 'Joana Souza' });
    expect(await get(first)).toMatchObject({ updatedByName: 'Joana Souza' });
  });

  it('filters and orders by created_at, created_by, updated_at and updated_by', async () => {
    const { first, second, joana, at } = await twoRecords();
    const rule = (attribute: string, operator: string, value?: unknown) =>
      filter({ filterJson: { attribute, operator, value } });

    const createdAfter = await rule('created_at', 'greater', at(1).toISOString());
    expect(createdAfter.statusCode, createdAfter.body).toBe(200);
    expect(idsOf(createdAfter)).toEqual([second]);
    expect(idsOf(await rule('created_by', 'equal', adminId))).toEqual([first]);
    expect(idsOf(await rule('updated_by', 'equal', joana.accountId)).sort()).toEqual([first, second].sort());
    expect(idsOf(await rule('updated_at', 'between', [at(3).toISOString(), at(5).toISOString()]))).toEqual([
      first,
    ]);
    // In a group, and by the names the grid shows them with nothing else.
    const group = await filter({
      filterJson: {
        condition: 'E',
        rules: [
          { attribute: 'created_by', operator: 'equal', value: joana.accountId },
          { attribute: 'created_at', operator: 'less', value: at(3).toISOString() },
        ],
      },
    });
    expect(idsOf(group)).toEqual([second]);
    // A bad value is a 400, not a server error.
    expect((await rule('created_at', 'greater', 'ontem')).statusCode).toBe(400);

    const byUpdate = await filter({ order: { attribute: 'updated_at', direction: 'desc' } });
    expect(byUpdate.statusCode, byUpdate.body).toBe(200);
    expect(idsOf(byUpdate)).toEqual([first, second]);
    expect(idsOf(await filter({ order: { attribute: 'updated_at', direction: 'asc' } }))).toEqual([
      second,
      first,
    ]);
    expect(idsOf(await filter({ order: { attribute: 'created_at', direction: 'desc' } }))).toEqual([
      second,
      first,
    ]);
  });

  it('exports them as "Criado em", "Criado por", "Alterado em", "Alterado por"', async () => {
    const { first, at } = await twoRecords();
    const all = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/talk/export/chamado',
        payload: { columns: 'all', systemColumns: ['created_at', 'created_by', 'updated_at', 'updated_by'] },
      }),
    );
    expect(all.statusCode, all.body).toBe(200);
    const rows = csvRows(all.body);
    const header = rows[0] ?? [];
    for (const name of ['Criado em', 'Criado por', 'Alterado em', 'Alterado por'])
      expect(header).toContain(name);
    // The version stays last (an import reads it there); the id first.
    expect(header[0]).toBe('ID');
    expect(header.at(-1)).toBe('Versão do registro');
    const row = rows.find((r) => r[0] === String(first)) ?? [];
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('Criado por')).toBe('Administrador');
    expect(cell('Alterado por')).toBe('Joana Atendente');
    // In the company's time zone (São Paulo, -03:00).
    const sp = new Date(at(0).getTime() - 3 * 3_600_000).toISOString();
    const [y, m, d] = sp.slice(0, 10).split('-');
    expect(cell('Criado em')).toContain(`${d ?? ''}/${m ?? ''}/${y ?? ''} ${sp.slice(11, 16)}`);

    // Not asked for: the file keeps the columns it always had.
    const plain = await t.app.inject(
      as(admin, { method: 'POST', url: '/api/talk/export/chamado', payload: { columns: 'all' } }),
    );
    expect(csvRows(plain.body)[0]).not.toContain('Criado em');

    // The grid's columns plus the system columns it shows.
    const grid = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/talk/export/chamado',
        payload: { systemColumns: ['created_by'], order: { attribute: 'created_at', direction: 'asc' } },
      }),
    );
    expect(grid.statusCode, grid.body).toBe(200);
    const gridRows = csvRows(grid.body);
    expect(gridRows[0]).toContain('Criado por');
    expect(gridRows[0]).not.toContain('Criado em');
    expect(gridRows[1]?.[(gridRows[0] ?? []).indexOf('Criado por')]).toBe('Administrador');
  });
});
