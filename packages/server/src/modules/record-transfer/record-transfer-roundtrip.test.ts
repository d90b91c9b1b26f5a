import { parse } from 'csv-parse/sync';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toIsoDate } from '@talkbase/domain/fields/civil-date';
import { civilDateIn } from '@talkbase/domain/fields/zoned-time';
import { writeCsv } from '../../http/csv.ts';
import { createRoom } from '../../test/actors.ts';
import { as, createPerson, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { createTalk, valuesOf } from '../../test/records.ts';
import { createTemplate, subjectIds } from '../templates/template-test-helpers.ts';
import type { ApiTalk } from '../records/record-presenter.ts';
import { TalksService } from '../records/records.service.ts';

/**
 * Export, edit in a spreadsheet, import (issue 39, item 12) on a real server and database: an
 * export with the id column carries the record's id and version; a file with the ID column changes
 * those records (only the cells that differ from what the export wrote, at the version the file
 * was exported at) instead of creating new ones; bad, repeated, unknown and unreachable ids, stale
 * rows and rows without a version are row errors the dry run shows; the export's file is named by
 * the company's date.
 */

let t: TestApp;
let admin: string;
let gamaOld: number;
let gamaNew: number;
let a: number;
let b: number;
let c: number;

const call = (token: string, opts: InjectOptions) => t.app.inject(as(token, opts));

function importCsv(token: string, csv: string, fields: Record<string, string>, subject = 'contrato') {
  const boundary = '----talkbase' + Math.random().toString(16).slice(2);
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contratos.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`,
    `--${boundary}--\r\n`,
  );
  return call(token, {
    method: 'POST',
    url: `/api/talk/import/${subject}`,
    payload: Buffer.from(parts.join(''), 'utf8'),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

interface Preview {
  columns: { header: string; attribute: string | null; attributeName: string | null }[];
  errors: { row: number; column: string; value: string; message: string }[];
  total: number;
  errorRows: number;
  creates: number;
  updates: number;
  unchanged: number;
}

async function dryRun(token: string, csv: string, fields: Record<string, string> = {}): Promise<Preview> {
  const res = await importCsv(token, csv, { ...fields, dryRun: 'true' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Preview>();
}

type Progress = { status: string; imported: number; failed: number; skipped: number; message: string | null };
async function imported(token: string, csv: string, mode: 'all' | 'skip'): Promise<Progress> {
  const started = await importCsv(token, csv, { mode });
  expect(started.statusCode, started.body).toBe(202);
  const { importId } = started.json<{ importId: number }>();
  for (;;) {
    const res = await call(token, { method: 'GET', url: `/api/talk/import/${importId}` });
    const p = res.json<Progress>();
    if (p.status !== 'running') return p;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const exportCsv = (token: string, body: Record<string, unknown> = {}) =>
  call(token, { method: 'POST', url: '/api/talk/export/contrato', payload: body });

const table = (csv: string): string[][] => parse(csv, { delimiter: ';', bom: true });
/** A spreadsheet's save: the server's own pt-BR CSV writer, with the BOM. */
const file = (rows: string[][]) => `\uFEFF${writeCsv(rows)}`;

async function contratos(): Promise<ApiTalk[]> {
  const res = await call(admin, {
    method: 'POST',
    url: '/api/talk/filter/contrato',
    payload: { fetch: 100 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ itens: ApiTalk[] }>().itens;
}
const byId = (list: ApiTalk[], id: number) => list.find((x) => x.talkId === id) as ApiTalk;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  for (const payload of [
    {
      identifier: 'cliente',
      name: 'Cliente',
      attributes: [{ identifier: 'nome', name: 'Nome', componentId: 1, isRequired: true }],
    },
    {
      identifier: 'contrato',
      name: 'Contrato',
      attributes: [
        { identifier: 'titulo', name: 'Título', componentId: 1, isRequired: true },
        { identifier: 'cliente', name: 'Cliente', componentId: 4, relatedSubject: 'cliente' },
        { identifier: 'valor', name: 'Valor', componentId: 5 },
        { identifier: 'inicio', name: 'Início', componentId: 11 },
        { identifier: 'codigo', name: 'Código', componentId: 1, isNaturalKey: true },
      ],
    },
  ]) {
    const res = await call(admin, { method: 'POST', url: '/api/subject', payload });
    expect(res.statusCode, res.body).toBe(201);
  }
  // Two customers of one name: a reference by name alone would pick the older one.
  gamaOld = await createTalk(t.app, admin, 'cliente', { nome: 'Gama' });
  gamaNew = await createTalk(t.app, admin, 'cliente', { nome: 'Gama' });
  await createTalk(t.app, admin, 'cliente', { nome: 'Delta' });
  // A start with seconds, which the export's dd/mm/aaaa hh:mm does not write.
  const inicio = '2026-03-09T13:45:27.000Z';
  a = await createTalk(t.app, admin, 'contrato', {
    titulo: 'Contrato A',
    cliente: gamaNew,
    valor: 10,
    inicio,
    codigo: 'K-1',
  });
  b = await createTalk(t.app, admin, 'contrato', {
    titulo: 'Contrato B',
    cliente: gamaNew,
    valor: 20,
    inicio,
    codigo: 'K-2',
  });
  c = await createTalk(t.app, admin, 'contrato', { titulo: 'Contrato C', valor: 30, codigo: 'K-3' });
});

afterAll(async () => {
  await t.close();
});

describe('export, edit in a spreadsheet, import', () => {
  it('changes the records the ID column names — the edited cells only, at the exported version — and creates the rows without an ID', async () => {
    const exported = await exportCsv(admin, { columns: 'all' });
    expect(exported.statusCode, exported.body).toBe(200);
    const rows = table(exported.body);
    expect(rows[0]).toEqual(['ID', 'Título', 'Cliente', 'Valor', 'Início', 'Código', 'Versão do registro']);
    const row = (id: number) => rows.find((r) => r[0] === String(id)) as string[];
    expect(row(a)).toEqual([String(a), 'Contrato A', 'Gama', '10,00', '09/03/2026 10:45', 'K-1', '1']);

    // In the spreadsheet: A's value edited, C's title edited, a new row without an ID.
    row(a)[3] = '15,50';
    row(c)[1] = 'Contrato C revisto';
    rows.push(['', 'Contrato D', 'Delta', '1,00', '', 'K-4', '']);
    // Meanwhile someone changes C in the form.
    const meanwhile = await call(admin, {
      method: 'PUT',
      url: `/api/talk/contrato/${c}`,
      payload: { version: 1, talkValues: [{ subjectAttributeIdentifier: 'valor', value: 31 }] },
    });
    expect(meanwhile.statusCode, meanwhile.body).toBe(200);
    const csv = file(rows);

    // The dry run: one change (A), one create (D), B as it is, C refused as stale.
    const preview = await dryRun(admin, csv);
    expect(preview.columns[0]).toEqual({ header: 'ID', attribute: '@id', attributeName: 'ID do registro' });
    expect(preview.columns.at(-1)).toEqual({
      header: 'Versão do registro',
      attribute: '@version',
      attributeName: 'Versão do registro',
    });
    const lineOf = (id: number) => rows.findIndex((r) => r[0] === String(id)) + 1;
    expect(preview.errors).toEqual([
      {
        row: lineOf(c),
        column: 'Versão do registro',
        value: '1',
        message: `O registro ${c} foi alterado depois da exportação (está na versão 2): exporte de novo e refaça a alteração.`,
      },
    ]);
    expect(preview).toMatchObject({ total: 4, errorRows: 1, creates: 1, updates: 1, unchanged: 1 });

    const done = await imported(admin, csv, 'skip');
    expect(done).toMatchObject({ status: 'done', imported: 2, failed: 1, skipped: 1 });
    const after = await contratos();
    // Changed, not duplicated: the three records and the new one.
    expect(after).toHaveLength(4);
    expect(after.filter((x) => valuesOf(x).titulo === 'Contrato A')).toHaveLength(1);
    expect(byId(after, a).version).toBe(2);
    expect(valuesOf(byId(after, a))).toMatchObject({
      valor: 15.5,
      // Not moved: the reference by a shared name, and the start's seconds.
      cliente: gamaNew,
      inicio: '2026-03-09T13:45:27.000Z',
      codigo: 'K-1',
    });
    // B as it was (not even written), C as the form left it.
    expect(byId(after, b).version).toBe(1);
    expect(byId(after, c).version).toBe(2);
    expect(valuesOf(byId(after, c))).toMatchObject({ titulo: 'Contrato C', valor: 31 });
    const d = after.find((x) => valuesOf(x).codigo === 'K-4');
    expect(d && valuesOf(d)).toMatchObject({ titulo: 'Contrato D', valor: 1 });
    // A's change is one event naming the value changed, as a change in the form is.
    const events = await t.db.kysely
      .selectFrom('outbox_events')
      .select('payload')
      .where('kind', '=', 'talk.updated')
      .where('talk_id', '=', a)
      .execute();
    expect(events.map((e) => (JSON.parse(e.payload) as { changed: string[] }).changed)).toEqual([['valor']]);
    expect(gamaOld).not.toBe(gamaNew);
  });

  it('bad, repeated, unknown ids and a change without the version are row errors; all or nothing then changes nothing', async () => {
    const current = await contratos();
    const version = (id: number) => String(byId(current, id).version);
    const csv = file([
      ['ID', 'Título', 'Versão do registro'],
      ['abc', 'X', '1'],
      [String(b), 'Contrato B alterado', version(b)],
      [String(b), 'Contrato B de novo', version(b)],
      ['999999', 'Ninguém', '1'],
      [String(a), 'Contrato A alterado', 'dois'],
      [String(c), 'Contrato C', ''],
    ]);
    const preview = await dryRun(admin, csv);
    expect(preview.errors).toEqual([
      {
        row: 2,
        column: 'ID',
        value: 'abc',
        message: 'O ID deve ser o número de um registro, como na coluna ID da exportação.',
      },
      {
        row: 4,
        column: 'ID',
        value: String(b),
        message: `O registro ${b} já aparece na linha 3 do arquivo.`,
      },
      {
        row: 5,
        column: 'ID',
        value: '999999',
        message: 'O registro 999999 não existe ou você não tem permissão para alterá-lo.',
      },
      {
        row: 6,
        column: 'Versão do registro',
        value: 'dois',
        message: 'A versão do registro deve ser um número inteiro, como na exportação.',
      },
    ]);
    // C's row changes nothing (its title is the record's): no version needed.
    expect(preview).toMatchObject({ errorRows: 4, creates: 0, updates: 1, unchanged: 1 });

    // All or nothing: B's good change is not made either.
    const all = await imported(admin, csv, 'all');
    expect(all).toMatchObject({ status: 'failed', imported: 0, failed: 4 });
    expect(valuesOf(byId(await contratos(), b)).titulo).toBe('Contrato B');

    // A file with the ID column and no version column: a change is refused, no change is fine.
    const noVersion = await dryRun(
      admin,
      file([
        ['ID', 'Título'],
        [String(b), 'Contrato B alterado'],
        [String(c), 'Contrato C'],
      ]),
    );
    expect(noVersion.errors).toEqual([
      {
        row: 2,
        column: '',
        value: '',
        message: `Para alterar o registro ${b}, o arquivo precisa da coluna "Versão do registro" com a versão exportada: exporte de novo com a coluna de id.`,
      },
    ]);
    expect(noVersion).toMatchObject({ unchanged: 1, updates: 0 });

    // All or nothing with good rows: the creates and the changes are all made.
    const good = await imported(
      admin,
      file([
        ['ID', 'Título', 'Código', 'Versão do registro'],
        [String(b), 'Contrato B alterado', 'K-2', version(b)],
        ['', 'Contrato E', 'K-5', ''],
      ]),
      'all',
    );
    expect(good).toMatchObject({ status: 'done', imported: 2, failed: 0 });
    const after = await contratos();
    expect(valuesOf(byId(after, b)).titulo).toBe('Contrato B alterado');
    expect(after.some((x) => valuesOf(x).codigo === 'K-5')).toBe(true);
  });

  it('a record changed between the check and its batch is refused then, named by its id', async () => {
    const before = byId(await contratos(), c);
    // Someone saves C in the form just before the import's batch is written.
    vi.spyOn(TalksService.prototype, 'updateMany').mockImplementationOnce(async function (
      this: TalksService,
      ...args: Parameters<TalksService['updateMany']>
    ) {
      const saved = await call(admin, {
        method: 'PUT',
        url: `/api/talk/contrato/${c}`,
        payload: {
          version: before.version,
          talkValues: [{ subjectAttributeIdentifier: 'valor', value: 33 }],
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      // The spy's next call is the service's own (a one-time implementation).
      return this.updateMany(...args);
    });
    const csv = file([
      ['ID', 'Título', 'Versão do registro'],
      [String(c), 'Contrato C pela planilha', String(before.version)],
    ]);
    const started = await importCsv(admin, csv, { mode: 'skip' });
    expect(started.statusCode, started.body).toBe(202);
    const { importId } = started.json<{ importId: number }>();
    let progress: Progress;
    for (;;) {
      progress = (await call(admin, { method: 'GET', url: `/api/talk/import/${importId}` })).json<Progress>();
      if (progress.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(progress).toMatchObject({ status: 'done', imported: 0, failed: 1 });
    const report = await call(admin, { method: 'GET', url: `/api/talk/import/${importId}/errors` });
    expect(table(report.body)[1]).toEqual([
      '2',
      'ID',
      String(c),
      `O registro ${c} foi alterado por outra pessoa durante a importação: exporte de novo e refaça a alteração.`,
    ]);
    // The form's change stays.
    expect(valuesOf(byId(await contratos(), c))).toMatchObject({
      titulo: valuesOf(before).titulo,
      valor: 33,
    });
  });

  it('who may change: update without create changes by ID within its row filter; create without update creates only', async () => {
    const { id: contratoId } = await subjectIds(t.app, admin, 'contrato');
    const { id: clienteId } = await subjectIds(t.app, admin, 'cliente');
    const room = await createRoom(t.app, admin, {
      roomName: 'Revisão de contratos da Gama',
      permissions: {
        subjects: [
          {
            resourceId: contratoId,
            actions: ['read', 'update'],
            filter: { condition: 'E', rules: [{ attribute: 'cliente', operator: 'equal', value: gamaNew }] },
          },
          { resourceId: clienteId, actions: ['read'] },
        ],
      },
    });
    const reviewer = await createPerson(t.app, admin, { roomId: room });
    const updater = (await login(t.app, reviewer.email, reviewer.password)).token;
    const current = await contratos();
    const version = (id: number) => String(byId(current, id).version);

    // Without the ID column a file only creates: refused as before.
    const creates = await importCsv(updater, file([['Título'], ['Novo']]), { dryRun: 'true' });
    expect(creates.statusCode).toBe(403);
    expect(creates.json<{ errors: { message: string }[] }>().errors[0]?.message).toBe(
      'Você não tem permissão para incluir registros de Contrato.',
    );
    const preview = await dryRun(
      updater,
      file([
        ['ID', 'Título', 'Versão do registro'],
        [String(a), 'Contrato A revisto', version(a)],
        [String(c), 'Contrato C revisto', version(c)],
        ['', 'Contrato novo', ''],
      ]),
    );
    expect(preview.errors).toEqual([
      {
        row: 3,
        column: 'ID',
        value: String(c),
        message: `O registro ${c} não existe ou você não tem permissão para alterá-lo.`,
      },
      {
        row: 4,
        column: 'ID',
        value: '',
        message: 'Você não tem permissão para incluir registros de Contrato.',
      },
    ]);
    expect(preview).toMatchObject({ updates: 1, creates: 0 });

    // An account that creates but does not change: a changed row is refused, an unchanged one is not.
    const writerRoom = await createRoom(t.app, admin, {
      roomName: 'Inclusão de contratos',
      permissions: {
        subjects: [
          { resourceId: contratoId, actions: ['read', 'create'] },
          { resourceId: clienteId, actions: ['read'] },
        ],
      },
    });
    const writer = await createPerson(t.app, admin, { roomId: writerRoom });
    const creator = (await login(t.app, writer.email, writer.password)).token;
    const mixed = await dryRun(
      creator,
      file([
        ['ID', 'Título', 'Versão do registro'],
        [String(a), 'Contrato A revisto', version(a)],
        [String(c), 'Contrato C', version(c)],
        ['', 'Contrato F', ''],
      ]),
    );
    expect(mixed.errors).toEqual([
      {
        row: 2,
        column: 'ID',
        value: String(a),
        message: 'Você não tem permissão para alterar registros de Contrato.',
      },
    ]);
    expect(mixed).toMatchObject({ creates: 1, updates: 0, unchanged: 1 });
  });

  it("a template without the id column exports neither the id nor the version; the file is named by the company's date", async () => {
    const { id: subjectId, attr } = await subjectIds(t.app, admin, 'contrato');
    const template = await createTemplate(t.app, admin, {
      templateName: 'Contratos sem id',
      subjectId,
      scenario: 'grid',
      templateType: 'CustomTemplate',
      showTalkIdOnGrid: false,
      templateAreas: [{ subjectAttributeId: attr.titulo, order: 1 }],
    });
    const plain = await exportCsv(admin, { templateId: template.templateId });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(table(plain.body)[0]).toEqual(['Título']);
    // The grid's default (no template) shows the id, and so does its export.
    expect(table((await exportCsv(admin)).body)[0]?.[0]).toBe('ID');

    // A zone whose date is not UTC's at this instant (the clock held still meanwhile).
    const now = new Date();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const zone = now.getUTCHours() >= 12 ? 'Pacific/Kiritimati' : 'Etc/GMT+12';
    const local = civilDateIn(now, zone);
    expect(local && toIsoDate(local)).not.toBe(now.toISOString().slice(0, 10));
    await sql`update companies set time_zone = ${zone}, catalog_version = catalog_version + 1 where id = 1`.execute(
      t.db.kysely,
    );
    try {
      const named = await exportCsv(admin);
      expect(String(named.headers['content-disposition'])).toContain(
        `contrato-${local ? toIsoDate(local) : ''}.csv`,
      );
    } finally {
      vi.useRealTimers();
      await sql`update companies set time_zone = 'America/Sao_Paulo', catalog_version = catalog_version + 1 where id = 1`.execute(
        t.db.kysely,
      );
    }
  });
});
