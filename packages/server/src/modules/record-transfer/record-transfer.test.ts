import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTRIBUTE_NO_ACTION } from '../../access/access-policy.ts';
import { setRoomAttributeActions } from '../../access/permissions.repository.ts';
import { createRoom } from '../../test/actors.ts';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createTalk, valuesOf } from '../../test/records.ts';
import { subjectIds } from '../templates/template-test-helpers.ts';
import type { ApiTalk } from '../records/record-presenter.ts';
import { IMPORT_STALE_MS } from './import.service.ts';

/**
 * CSV export and import (issue 17) on a real server and database: the pt-BR format both ways
 * (BOM, ';', quoting, decimals, dates, references by name), the access policy on export (rows of a
 * delimitation, hidden attributes never written), the preview's errors, skip vs all or nothing, the
 * error report, permissions, and bad files.
 */

let t: TestApp;
let admin: string;
let agent: string;
let reader: string;
let acme: number;
/** The pedidos made first: P-1 (ACME's) and P-2. */
let p1: number;
let p2: number;

const call = (token: string, opts: InjectOptions) => t.app.inject(as(token, opts));

function multipart(fields: Record<string, string>, file?: { name: string; content: string | Buffer }) {
  const boundary = '----talkbase' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, 'utf8'),
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const importCsv = (
  token: string,
  subject: string,
  csv: string | Buffer,
  fields: Record<string, string> = {},
) =>
  call(token, {
    method: 'POST',
    url: `/api/talk/import/${subject}`,
    ...multipart(fields, { name: 'dados.csv', content: csv }),
  });

const exportCsv = (token: string, subject: string, body: Record<string, unknown> = {}) =>
  call(token, { method: 'POST', url: `/api/talk/export/${subject}`, payload: body });

type Progress = {
  status: string;
  total: number;
  done: number;
  imported: number;
  skipped: number;
  failed: number;
  message: string | null;
};
async function finished(token: string, importId: number): Promise<Progress> {
  for (;;) {
    const res = await call(token, { method: 'GET', url: `/api/talk/import/${importId}` });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<Progress>();
    if (p.status !== 'running') return p;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function listAll(token: string, subject: string): Promise<ApiTalk[]> {
  const res = await call(token, {
    method: 'POST',
    url: `/api/talk/filter/${subject}`,
    payload: { fetch: 500 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ itens: ApiTalk[] }>().itens;
}

const lines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
/** An export's lines without the record's own columns (ID first, "Versão do registro" last). */
const rowsOf = (csv: string) =>
  lines(csv).map((line) => line.replace(/^(ID|\d+);/, '').replace(/;(Versão do registro|\d+)$/, ''));

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  for (const payload of [
    {
      identifier: 'cliente',
      name: 'Cliente',
      attributes: [
        { identifier: 'nome', name: 'Nome', componentId: 1, isRequired: true, isOrderable: true },
        { identifier: 'cnpj', name: 'CNPJ', componentId: 'Identificacao', isNaturalKey: true },
      ],
    },
    {
      identifier: 'pedido',
      name: 'Pedido',
      attributes: [
        {
          identifier: 'titulo',
          name: 'Título',
          componentId: 1,
          isRequired: true,
          isOrderable: true,
          length: 120,
        },
        { identifier: 'cliente', name: 'Cliente', componentId: 4, relatedSubject: 'cliente' },
        { identifier: 'valor', name: 'Valor', componentId: 5, isOrderable: true },
        { identifier: 'quantidade', name: 'Quantidade', componentId: 3, isOrderable: true },
        { identifier: 'entrega', name: 'Entrega', componentId: 32, isOrderable: true },
        { identifier: 'abertura', name: 'Abertura', componentId: 11 },
        { identifier: 'urgente', name: 'Urgente', componentId: 10 },
        { identifier: 'emails', name: 'E-mails', componentId: 13, isMultipleValues: true },
        { identifier: 'segredo', name: 'Segredo', componentId: 1 },
        { identifier: 'codigo', name: 'Código', componentId: 1, isNaturalKey: true },
      ],
    },
  ]) {
    const res = await call(admin, { method: 'POST', url: '/api/subject', payload });
    expect(res.statusCode, res.body).toBe(201);
  }
  const pedido = await subjectIds(t.app, admin, 'pedido');
  const cliente = await subjectIds(t.app, admin, 'cliente');
  acme = await createTalk(t.app, admin, 'cliente', { nome: 'ACME; "Matriz"' });
  await createTalk(t.app, admin, 'cliente', { nome: 'Beta' });

  // The agent reads ACME's pedidos only, never 'segredo', and may not create.
  const agentRoom = await createRoom(t.app, admin, {
    roomName: 'Leitura ACME',
    permissions: {
      subjects: [
        {
          resourceId: pedido.id,
          actions: ['read'],
          filter: { condition: 'E', rules: [{ attribute: 'cliente', operator: 'equal', value: acme }] },
        },
        { resourceId: cliente.id, actions: ['read'] },
      ],
    },
  });
  await setRoomAttributeActions(t.db.kysely, 1, agentRoom, pedido.attr.segredo ?? 0, [ATTRIBUTE_NO_ACTION]);
  const person = await createPerson(t.app, admin, { roomId: agentRoom });
  agent = (await login(t.app, person.email, person.password)).token;
  // Another account that may create pedidos: it must not read the administrator's imports.
  const writerRoom = await createRoom(t.app, admin, {
    roomName: 'Inclusão',
    permissions: {
      subjects: [
        { resourceId: pedido.id, actions: ['read', 'create'] },
        { resourceId: cliente.id, actions: ['read'] },
      ],
    },
  });
  const writer = await createPerson(t.app, admin, { roomId: writerRoom });
  reader = (await login(t.app, writer.email, writer.password)).token;

  p1 = await createTalk(t.app, admin, 'pedido', {
    titulo: 'Linha; com "aspas"\ne quebra',
    cliente: acme,
    valor: 1234.5,
    quantidade: 3,
    entrega: '2026-03-09',
    abertura: '2026-03-09T13:45:00.000Z',
    urgente: true,
    emails: ['a@exemplo.com.br', 'b@exemplo.com.br'],
    segredo: 'senha-do-cofre',
    codigo: 'P-1',
  });
  p2 = await createTalk(t.app, admin, 'pedido', {
    titulo: 'Ação sem cliente',
    valor: 0.07,
    urgente: false,
    codigo: 'P-2',
    segredo: 'outro segredo',
  });
});

afterAll(async () => {
  await t.close();
});

describe('export', () => {
  it('writes pt-BR CSV: BOM, ";", quoting, decimals with ",", dd/mm/aaaa, Sim/Não, reference names', async () => {
    const res = await exportCsv(admin, 'pedido', {
      columns: 'all',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toMatch(/pedido-\d{4}-\d{2}-\d{2}\.csv/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.body.replace(/^\uFEFF/, '');
    // Every field: the record's id first and its version last, so the file imports back as changes.
    expect(text.split('\r\n')[0]).toBe(
      'ID;Título;Cliente;Valor;Quantidade;Entrega;Abertura;Urgente;E-mails;Segredo;Código;Versão do registro',
    );
    expect(text).toContain(
      `${p1};"Linha; com ""aspas""\ne quebra";"ACME; ""Matriz""";1234,50;3;09/03/2026;09/03/2026 10:45;Sim;a@exemplo.com.br | b@exemplo.com.br;senha-do-cofre;P-1;1\r\n`,
    );
    expect(text).toContain(`${p2};Ação sem cliente;;0,07;;;;Não;;outro segredo;P-2;1\r\n`);
  });

  it('follows the filter call: filter, term, order; template columns by default', async () => {
    const filtered = await exportCsv(admin, 'pedido', {
      columns: 'all',
      filterJson: { attribute: 'urgente', operator: 'equal', value: false },
    });
    expect(rowsOf(filtered.body)).toHaveLength(2);
    expect(rowsOf(filtered.body)[1]).toMatch(/^Ação sem cliente;/);
    const term = await exportCsv(admin, 'pedido', { columns: 'all', term: 'acao' });
    expect(rowsOf(term.body)).toHaveLength(2);
    const ordered = await exportCsv(admin, 'pedido', {
      columns: 'all',
      order: { attribute: 'valor', direction: 'asc' },
    });
    expect(rowsOf(ordered.body)[1]).toMatch(/^Ação sem cliente;/);
    const bad = await exportCsv(admin, 'pedido', { order: { attribute: 'abertura' } });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)[0]?.message).toBe('Não é possível ordenar por Abertura.');
    // The grid's saved filters (talks of 'filtro') are AND-ed in, as in the filter call.
    const saved = await createTalk(t.app, admin, 'filtro', {
      nome: 'Urgentes',
      assunto: 'pedido',
      filtro: { attribute: 'urgente', operator: 'equal', value: true },
    });
    const listed = await call(admin, {
      method: 'POST',
      url: '/api/talk/filter/pedido',
      payload: { filterIds: [saved] },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ totalResults: number }>().totalResults).toBe(1);
    const bySaved = await exportCsv(admin, 'pedido', { columns: 'all', filterIds: [saved] });
    expect(rowsOf(bySaved.body)).toHaveLength(2);
    expect(rowsOf(bySaved.body)[1]).toMatch(/^"Linha; com/);
    // A related list's export (talkParent): the records pointing to that client only.
    const { attr } = await subjectIds(t.app, admin, 'pedido');
    const children = await exportCsv(admin, 'pedido', {
      columns: 'all',
      talkParent: { subjectAttributeId: attr.cliente, talkId: acme },
    });
    expect(children.statusCode, children.body).toBe(200);
    expect(rowsOf(children.body)).toHaveLength(2);
    expect(rowsOf(children.body)[1]).toMatch(/^"Linha; com/);
    const notReference = await exportCsv(admin, 'pedido', {
      talkParent: { subjectAttributeId: attr.valor, talkId: acme },
    });
    expect(notReference.statusCode).toBe(400);
    expect(errorsOf(notReference)[0]?.message).toBe('talkParent inválido.');
    const missing = await exportCsv(admin, 'pedido', { filterIds: [999_999] });
    expect(missing.statusCode).toBe(400);
    expect(errorsOf(missing)[0]?.message).toBe('Filtro salvo não encontrado.');
    // No template: every non-internal attribute, the grid's default.
    const grid = await exportCsv(admin, 'pedido');
    expect(rowsOf(grid.body)[0]).toBe(
      'Título;Cliente;Valor;Quantidade;Entrega;Abertura;Urgente;E-mails;Segredo;Código',
    );
  });

  it('keeps to the delimitation and never writes a hidden attribute', async () => {
    const res = await exportCsv(agent, 'pedido', { columns: 'all' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = rowsOf(res.body);
    expect(rows[0]).toBe('Título;Cliente;Valor;Quantidade;Entrega;Abertura;Urgente;E-mails;Código');
    expect(rows).toHaveLength(2);
    expect(res.body).not.toContain('senha-do-cofre');
    expect(res.body).not.toContain('Ação sem cliente');
  });

  it('keyset paging writes every row once over many pages, by default and with an order with ties and empty values', async () => {
    const talks = Array.from({ length: 200 }, (_, i) => ({
      talkValues: [
        { subjectAttributeIdentifier: 'titulo', value: `Lote ${i}` },
        { subjectAttributeIdentifier: 'quantidade', value: i % 3 === 0 ? null : i % 7 },
      ],
    }));
    // 1,200 rows in the subject 'lote' (its own subject, so other tests keep their counts).
    const res = await call(admin, {
      method: 'POST',
      url: '/api/subject',
      payload: {
        identifier: 'lote',
        name: 'Lote',
        attributes: [
          { identifier: 'titulo', name: 'Título', componentId: 1, isRequired: true },
          { identifier: 'quantidade', name: 'Quantidade', componentId: 3, isOrderable: true },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    for (let k = 0; k < 6; k++) {
      const many = await call(admin, {
        method: 'POST',
        url: '/api/talk/lote/many',
        payload: {
          talks: talks.map((x) => ({
            talkValues: [
              { ...x.talkValues[0], value: `${String(x.talkValues[0]?.value)}-${k}` },
              x.talkValues[1],
            ],
          })),
        },
      });
      expect(many.statusCode, many.body).toBe(201);
    }
    // Without an order: the newest first, by id, every row once.
    const newest = rowsOf((await exportCsv(admin, 'lote', {})).body).slice(1);
    expect(newest).toHaveLength(1200);
    expect(new Set(newest).size).toBe(1200);
    expect(newest[0]?.startsWith('Lote 199-5;')).toBe(true);
    expect(newest.at(-1)?.startsWith('Lote 0-0;')).toBe(true);
    for (const direction of ['asc', 'desc'] as const) {
      const out = await exportCsv(admin, 'lote', { order: { attribute: 'quantidade', direction } });
      const rows = rowsOf(out.body).slice(1);
      expect(rows).toHaveLength(1200);
      expect(new Set(rows).size).toBe(1200);
      const q = rows.map((r) => r.split(';')[1] ?? '');
      const nums = q.map((x) => (x === '' ? -1 : Number(x)));
      const sorted = [...nums].sort((a, b) => (direction === 'asc' ? a - b : b - a));
      expect(nums).toEqual(sorted);
    }
  });

  it('needs read on the subject: a subject the account may not read does not exist for it', async () => {
    const other = await exportCsv(agent, 'lote');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toHaveProperty('errors');
  });
});

describe('import', () => {
  it('round trip: an exported file imports back with the same values (every kind, BOM, quoting)', async () => {
    const exported = await exportCsv(admin, 'pedido', {
      columns: 'all',
    });
    // Natural keys must change for the copy: 'Código' goes to new values; the record's own columns
    // are mapped to nothing, so the rows create records instead of changing these.
    const copy = exported.body.replace(';P-1;1\r\n', ';C-1;1\r\n').replace(';P-2;1\r\n', ';C-2;1\r\n');
    const noIds = { mapping: JSON.stringify({ ID: null, 'Versão do registro': null }) };
    const preview = await importCsv(admin, 'pedido', copy, { dryRun: 'true', ...noIds });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json<{
      columns: { header: string; attribute: string | null }[];
      rows: unknown[];
      errors: unknown[];
      total: number;
    }>();
    expect(p.errors).toEqual([]);
    expect(p.total).toBe(2);
    expect(p.columns.map((c) => c.attribute)).toEqual([
      null,
      'titulo',
      'cliente',
      'valor',
      'quantidade',
      'entrega',
      'abertura',
      'urgente',
      'emails',
      'segredo',
      'codigo',
      null,
    ]);
    const before = await listAll(admin, 'pedido');
    const started = await importCsv(admin, 'pedido', copy, { mode: 'all', ...noIds });
    expect(started.statusCode, started.body).toBe(202);
    const done = await finished(admin, started.json<{ importId: number }>().importId);
    expect(done).toMatchObject({ status: 'done', total: 2, done: 2, imported: 2, failed: 0 });
    const after = await listAll(admin, 'pedido');
    expect(after).toHaveLength(before.length + 2);
    const strip = (talk: ApiTalk) => {
      const v = valuesOf(talk);
      delete v.codigo;
      return v;
    };
    const byTitle = (a: ApiTalk, b: ApiTalk) =>
      String(valuesOf(a).titulo).localeCompare(String(valuesOf(b).titulo));
    const originals = before.filter((x) => ['P-1', 'P-2'].includes(String(valuesOf(x).codigo))).sort(byTitle);
    const copies = after.filter((x) => ['C-1', 'C-2'].includes(String(valuesOf(x).codigo))).sort(byTitle);
    expect(copies.map(strip)).toEqual(originals.map(strip));
    expect(valuesOf(copies[1] as ApiTalk)).toMatchObject({
      valor: 1234.5,
      entrega: '2026-03-09',
      cliente: acme,
      urgente: true,
    });
  });

  it('dry run names each bad row, column, value and message (the rules of a create)', async () => {
    const csv = [
      'Título;Cliente;Valor;Entrega;Urgente;Código;Coluna extra',
      'Bom;Beta;10,5;01/02/2026;Sim;D-1;x',
      ';Beta;1;01/02/2026;Não;D-2;x',
      'Data ruim;Beta;1;31/02/2026;Não;D-3;x',
      'Valor ruim;Ninguém;abc;;talvez;D-4;x',
      'Repetido;;;;;D-1;x',
      'Já existe;;;;;P-1;x',
    ].join('\r\n');
    const res = await importCsv(admin, 'pedido', csv, { dryRun: '1' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      errors: { row: number; column: string; value: string; message: string }[];
      columns: { header: string; attribute: string | null }[];
      rows: { row: number; values: string[] }[];
    }>();
    expect(body.columns.at(-1)).toEqual({ header: 'Coluna extra', attribute: null, attributeName: null });
    expect(body.rows[0]).toEqual({
      row: 2,
      values: ['Bom', 'Beta', '10,5', '01/02/2026', 'Sim', 'D-1', 'x'],
    });
    expect(body.errors).toEqual([
      { row: 3, column: 'Título', value: '', message: 'O campo Título é obrigatório' },
      {
        row: 4,
        column: 'Entrega',
        value: '31/02/2026',
        message: 'O campo Entrega deve ser uma data válida (dd/mm/aaaa).',
      },
      { row: 5, column: 'Valor', value: 'abc', message: 'O campo Valor deve ser um número.' },
      { row: 5, column: 'Urgente', value: 'talvez', message: 'O campo Urgente deve ser Sim ou Não.' },
      { row: 5, column: 'Cliente', value: 'Ninguém', message: 'O registro escolhido em Cliente não existe.' },
      { row: 6, column: 'Código', value: 'D-1', message: 'Código repete o valor da linha 2 do arquivo.' },
      { row: 7, column: 'Código', value: 'P-1', message: 'Código já está sendo usado' },
    ]);
    // A dry run writes nothing.
    const list = await listAll(admin, 'pedido');
    expect(list.some((x) => valuesOf(x).codigo === 'D-1')).toBe(false);
  });

  it('skip imports the good rows and reports the bad; all or nothing imports none', async () => {
    const csv = ['titulo;valor;codigo', 'S1;1,00;S-1', 'S2;xx;S-2', 'S3;3;S-3'].join('\n');
    const all = await importCsv(admin, 'pedido', csv, { mode: 'all' });
    expect(all.statusCode, all.body).toBe(202);
    const allDone = await finished(admin, all.json<{ importId: number }>().importId);
    expect(allDone).toMatchObject({ status: 'failed', imported: 0, failed: 1 });
    expect(allDone.message).toBe('Nenhum registro foi importado: 1 linha tem erro e o modo é tudo ou nada.');
    expect((await listAll(admin, 'pedido')).some((x) => valuesOf(x).codigo === 'S-1')).toBe(false);

    const skip = await importCsv(admin, 'pedido', csv, { mode: 'skip' });
    const { importId } = skip.json<{ importId: number }>();
    const skipDone = await finished(admin, importId);
    expect(skipDone).toMatchObject({ status: 'done', total: 3, done: 3, imported: 2, skipped: 1, failed: 1 });
    const codes = (await listAll(admin, 'pedido')).map((x) => valuesOf(x).codigo);
    expect(codes).toEqual(expect.arrayContaining(['S-1', 'S-3']));
    expect(codes).not.toContain('S-2');
    // Its end is an event of the stream, as every import's (issue 33).
    const ends = await t.db.kysely
      .selectFrom('outbox_events')
      .select('payload')
      .where('kind', '=', 'import.finished')
      .execute();
    expect(ends.map((e) => JSON.parse(e.payload) as object)).toContainEqual(
      expect.objectContaining({ importId, status: 'done', imported: 2, failed: 1, subject: 'pedido' }),
    );

    const report = await call(admin, { method: 'GET', url: `/api/talk/import/${importId}/errors` });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(lines(report.body)).toEqual([
      'Linha;Coluna;Valor;Mensagem',
      '3;valor;xx;O campo Valor deve ser um número.',
    ]);

    // Only the importing account, or an administrator, reads an import.
    const other = await call(reader, { method: 'GET', url: `/api/talk/import/${importId}` });
    expect(other.statusCode).toBe(404);
    expect(errorsOf(other)[0]?.message).toBe('Importação não encontrada.');
    expect(
      (await call(reader, { method: 'GET', url: `/api/talk/import/${importId}/errors` })).statusCode,
    ).toBe(404);
  });

  it('an import left running by a server that stopped is answered as interrupted, with what it imported', async () => {
    const csv = ['titulo;codigo', 'P1;P-1', 'P2;P-2'].join('\n');
    const started = await importCsv(admin, 'pedido', csv, { mode: 'skip' });
    const { importId } = started.json<{ importId: number }>();
    await finished(admin, importId);
    // As the row stays when the server dies between two batches: running, its progress silent.
    const silentSince = Date.now() - IMPORT_STALE_MS - 1000;
    await sql`update talk_imports set status = 'running', imported = 1, finished_at = null, updated_at = ${silentSince} where id = ${importId}`.execute(
      t.db.kysely,
    );
    const res = await call(admin, { method: 'GET', url: `/api/talk/import/${importId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Progress>()).toMatchObject({
      status: 'failed',
      imported: 1,
      message:
        'A importação foi interrompida (o servidor parou durante ela): 1 registro foi importado antes da interrupção. Confira-os antes de importar o restante.',
    });
    // One whose progress is recent is still running.
    await sql`update talk_imports set status = 'running', finished_at = null, updated_at = ${Date.now()} where id = ${importId}`.execute(
      t.db.kysely,
    );
    const live = await call(admin, { method: 'GET', url: `/api/talk/import/${importId}` });
    expect(live.json<Progress>().status).toBe('running');
    await sql`update talk_imports set status = 'done' where id = ${importId}`.execute(t.db.kysely);
  });

  it('an account with create on the subject (not an administrator) imports and reads its own import', async () => {
    const csv = ['titulo;codigo', ...Array.from({ length: 5 }, (_, i) => `R${i};R-${i}`)].join('\n');
    const started = await importCsv(reader, 'pedido', csv, { mode: 'skip' });
    expect(started.statusCode, started.body).toBe(202);
    const done = await finished(reader, started.json<{ importId: number }>().importId);
    expect(done).toMatchObject({ status: 'done', imported: 5 });
  });

  it('mapping: explicit targets, ignored columns, and refusals', async () => {
    const csv = 'Nome do pedido;Qtd;Lixo\nMapeado;7;z';
    const ok = await importCsv(admin, 'pedido', csv, {
      dryRun: 'true',
      mapping: JSON.stringify({ 'Nome do pedido': 'titulo', Qtd: 'quantidade', Lixo: null }),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ columns: unknown[] }>().columns).toEqual([
      { header: 'Nome do pedido', attribute: 'titulo', attributeName: 'Título' },
      { header: 'Qtd', attribute: 'quantidade', attributeName: 'Quantidade' },
      { header: 'Lixo', attribute: null, attributeName: null },
    ]);
    const unknown = await importCsv(admin, 'pedido', csv, {
      dryRun: 'true',
      mapping: JSON.stringify({ Qtd: 'nada' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorsOf(unknown)[0]?.message).toBe(
      'A coluna Qtd aponta para um campo que não existe neste assunto: nada.',
    );
    const twice = await importCsv(admin, 'pedido', csv, {
      dryRun: 'true',
      mapping: JSON.stringify({ 'Nome do pedido': 'titulo', Qtd: 'titulo' }),
    });
    expect(errorsOf(twice)[0]?.message).toBe('Mais de uma coluna aponta para o campo Título.');
    const badJson = await importCsv(admin, 'pedido', csv, { dryRun: 'true', mapping: '{nope' });
    expect(badJson.statusCode).toBe(400);
    const none = await importCsv(admin, 'pedido', 'a;b\n1;2', { dryRun: 'true' });
    expect(errorsOf(none)[0]?.message).toBe(
      'Nenhuma coluna do arquivo corresponde a um campo deste assunto.',
    );
  });

  it('bad files and bad forms answer 400 JSON, never a 500', async () => {
    const binary = await importCsv(admin, 'pedido', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff, 0xfe]), {
      dryRun: 'true',
    });
    expect(binary.statusCode).toBe(400);
    expect(errorsOf(binary)[0]?.message).toBe('O arquivo não é um CSV válido.');
    const unclosed = await importCsv(admin, 'pedido', 'titulo;codigo\n"sem fim;X', { dryRun: 'true' });
    expect(unclosed.statusCode).toBe(400);
    expect(errorsOf(unclosed)[0]?.message).toMatch(/^O arquivo não é um CSV válido/);
    const empty = await importCsv(admin, 'pedido', '', { dryRun: 'true' });
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty)[0]?.message).toBe(
      'O arquivo está vazio: a primeira linha deve trazer os nomes das colunas.',
    );
    const noFile = await call(admin, {
      method: 'POST',
      url: '/api/talk/import/pedido',
      ...multipart({ dryRun: 'true' }),
    });
    expect(noFile.statusCode).toBe(400);
    expect(errorsOf(noFile)[0]?.message).toBe('Envie o arquivo CSV no campo "file".');
    const json = await call(admin, { method: 'POST', url: '/api/talk/import/pedido', payload: { a: 1 } });
    expect(json.statusCode).toBe(400);
    const mode = await importCsv(admin, 'pedido', 'titulo\nx', { mode: 'talvez' });
    expect(errorsOf(mode)[0]?.message).toBe(
      'O modo deve ser "all" (tudo ou nada) ou "skip" (ignorar linhas com erro).',
    );
    const columns = await importCsv(admin, 'pedido', 'titulo;codigo\nsó uma', { dryRun: 'true' });
    expect(columns.json<{ errors: unknown[] }>().errors).toEqual([
      { row: 2, column: '', value: '', message: 'A linha tem 1 colunas; o cabeçalho tem 2.' },
    ]);
  });

  it('needs create on the subject', async () => {
    const res = await importCsv(agent, 'pedido', 'titulo\nx', { dryRun: 'true' });
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res)[0]?.message).toBe('Você não tem permissão para incluir registros de Pedido.');
    const unread = await importCsv(agent, 'lote', 'titulo\nx', { dryRun: 'true' });
    expect(unread.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/talk/import/pedido',
      ...multipart({}, { name: 'a.csv', content: 'titulo\nx' }),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
