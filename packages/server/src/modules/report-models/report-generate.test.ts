import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportModel } from '@talkbase/domain/contracts/report-models';
import { ATTRIBUTE_NO_ACTION } from '../../access/access-policy.ts';
import { setRoomAttributeActions } from '../../access/permissions.repository.ts';
import { createRoom } from '../../test/actors.ts';
import { as, createPerson, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { createTalk } from '../../test/records.ts';
import { subjectIds } from '../templates/template-test-helpers.ts';

/**
 * The report a "file on demand" attribute makes from the record's report model and saved filter
 * (issue 34 item 3): a real .xlsx, read back with exceljs (and once through LibreOffice), with the
 * rows the filter selects that the account may read and only the values it may read.
 */

let t: TestApp;
let admin: string;
let agent: string;
type Ids = { id: number; attr: Record<string, number> };
let chamado: Ids;
let cliente: Ids;
let painel: Ids;
let acme: number;
const talks: Record<string, number> = {};
let filterId: number;

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject(as(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) }));

const column = (
  name: string,
  values: (string | [string, boolean])[],
  width = 25,
  bg = '#ffffff',
  font = '#000000',
) => ({
  columnIdentifier: 100000,
  configs: [
    { configIdentifier: 'name', value: name },
    { configIdentifier: 'width', value: width },
    { configIdentifier: 'backgroundColor', value: bg },
    { configIdentifier: 'fontColor', value: font },
  ],
  attributes: values.map((v) =>
    typeof v === 'string' ? { value: v, isGrouped: false } : { value: v[0], isGrouped: v[1] },
  ),
});

async function createModel(body: object): Promise<number> {
  const res = await call(admin, 'POST', '/api/report/model', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ReportModel>().templateId;
}

/** A painel record naming the model and filter; answers the generated file. */
async function generate(token: string, model: number, filter: number | null) {
  const talkId = await createTalk(t.app, admin, 'painel', {
    nome: `Painel ${model}`,
    modelo: model,
    ...(filter === null ? {} : { filtro: filter }),
  });
  return call(token, 'GET', `/api/value/filegenerate/painel/${talkId}/${painel.attr.arquivo}`);
}

async function sheetOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    rows.push(Array.from({ length: sheet.columnCount }, (_, i) => row.getCell(i + 1).text));
  });
  return { sheet, rows };
}

let titlesModel: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  for (const payload of [
    {
      identifier: 'cliente',
      name: 'Cliente',
      attributes: [
        { identifier: 'nome', name: 'Nome', componentId: 1, isOrderable: true },
        { identifier: 'codigo', name: 'Código', componentId: 1 },
      ],
    },
    {
      identifier: 'chamado',
      name: 'Chamado',
      attributes: [
        { identifier: 'titulo', name: 'Título', componentId: 1, isRequired: true, isOrderable: true },
        { identifier: 'cliente', name: 'Cliente', componentId: 4, relatedSubject: 'cliente' },
        { identifier: 'prioridade', name: 'Prioridade', componentId: 3, isOrderable: true },
        { identifier: 'segredo', name: 'Segredo', componentId: 1 },
      ],
    },
    {
      identifier: 'painel',
      name: 'Painel',
      attributes: [
        { identifier: 'nome', name: 'Nome', componentId: 1 },
        { identifier: 'modelo', name: 'Modelo', componentId: 20 },
        { identifier: 'filtro', name: 'Filtro', componentId: 16 },
        { identifier: 'arquivo', name: 'Relatório', componentId: 34 },
      ],
    },
  ]) {
    const res = await call(admin, 'POST', '/api/subject', payload);
    expect(res.statusCode, res.body).toBe(201);
  }
  chamado = await subjectIds(t.app, admin, 'chamado');
  cliente = await subjectIds(t.app, admin, 'cliente');
  painel = await subjectIds(t.app, admin, 'painel');

  acme = await createTalk(t.app, admin, 'cliente', { nome: 'ACME', codigo: 'SEGREDO-ACME' });
  const beta = await createTalk(t.app, admin, 'cliente', { nome: 'Beta', codigo: 'B2' });
  talks.rede = await createTalk(t.app, admin, 'chamado', {
    titulo: 'Pedido: rede lenta',
    cliente: acme,
    prioridade: 1,
    segredo: 'Xilofone',
  });
  talks.impressora = await createTalk(t.app, admin, 'chamado', {
    titulo: 'Pedido: impressora',
    cliente: beta,
    prioridade: 2,
    segredo: 'Quasar',
  });
  talks.outro = await createTalk(t.app, admin, 'chamado', { titulo: 'Dúvida', cliente: acme, prioridade: 3 });
  talks.formula = await createTalk(t.app, admin, 'chamado', {
    titulo: 'Pedido: =HYPERLINK("x")',
    prioridade: 4,
  });

  const saved = await call(admin, 'POST', '/api/talk/filtro', {
    talkValues: [
      { subjectAttributeIdentifier: 'nome', value: 'Pedidos' },
      { subjectAttributeIdentifier: 'assunto', value: 'chamado' },
      {
        subjectAttributeIdentifier: 'filtro',
        value: { attribute: 'titulo', operator: 'contains', value: 'Pedido' },
      },
    ],
  });
  expect(saved.statusCode, saved.body).toBe(201);
  filterId = saved.json<{ resourceId: number }>().resourceId;

  titlesModel = await createModel({
    templateName: 'Chamados por cliente',
    subjects: ['chamado'],
    relatedSubjects: [
      {
        relatedSubjectId: cliente.id,
        relationshipSubjectAttributeId: chamado.attr.cliente,
        relationshipOwnerSubjectId: chamado.id,
        order: 0,
      },
    ],
    columns: [
      column('Título', ['${chamado.titulo}'], 60, '#ffeeaa', '#112233'),
      column('Cliente', ['${cliente.nome} (${cliente.codigo})']),
      column('Prioridade', ['${chamado.prioridade}'], 30),
      column('Segredo', ['${chamado.segredo}']),
    ],
  });

  // An agent that reads painel, chamado (without segredo, and only the talk "rede"), cliente
  // (without codigo) and the saved filters.
  const roomId = await createRoom(t.app, admin, {
    roomName: 'Relatórios',
    permissions: {
      subjects: [
        { resourceId: painel.id, actions: ['read'] },
        { resourceId: chamado.id, actions: ['read'] },
        { resourceId: cliente.id, actions: ['read'] },
        { resourceId: (await subjectIds(t.app, admin, 'filtro')).id, actions: ['read'] },
      ],
    },
  });
  await setRoomAttributeActions(t.db.kysely, 1, roomId, chamado.attr.segredo ?? 0, [ATTRIBUTE_NO_ACTION]);
  await setRoomAttributeActions(t.db.kysely, 1, roomId, cliente.attr.codigo ?? 0, [ATTRIBUTE_NO_ACTION]);
  await t.db.kysely
    .insertInto('room_subject_scopes')
    .values({
      company_id: 1,
      room_id: roomId,
      subject_id: chamado.id,
      filter: null,
      talk_ids: JSON.stringify([talks.rede, talks.outro]),
      name: null,
    })
    .execute();
  const person = await createPerson(t.app, admin, { roomId });
  agent = (await login(t.app, person.email, person.password)).token;
});
afterAll(async () => {
  await t.close();
});

describe('report from a report model (filegenerate)', () => {
  it('writes the rows the saved filter selects, with the columns of the model', async () => {
    const res = await generate(admin, titlesModel, filterId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toContain('Chamados por cliente.xlsx');
    const { sheet, rows } = await sheetOf(res.rawPayload);
    expect(sheet.name).toBe('Chamados por cliente');
    expect(rows).toEqual([
      ['Título', 'Cliente', 'Prioridade', 'Segredo'],
      ['Pedido: rede lenta', 'ACME (SEGREDO-ACME)', '1', 'Xilofone'],
      ['Pedido: impressora', 'Beta (B2)', '2', 'Quasar'],
      // No related record: the line is empty, not " ()"; a formula stays text.
      ['Pedido: =HYPERLINK("x")', '', '4', ''],
    ]);
    expect(sheet.getCell('A2').formula).toBeUndefined();
    expect(sheet.getColumn(1).width).toBe(60);
    expect(sheet.getColumn(3).width).toBe(30);
    const title = sheet.getCell('A2');
    expect(title.fill).toMatchObject({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFEEAA' } });
    expect(title.font.color).toEqual({ argb: 'FF112233' });
    expect(sheet.getCell('A1').font.bold).toBe(true);
  });

  it('without a filter, lists every active record of the model subject', async () => {
    const res = await generate(admin, titlesModel, null);
    const { rows } = await sheetOf(res.rawPayload);
    expect(rows.map((r) => r[0])).toEqual([
      'Título',
      'Pedido: rede lenta',
      'Pedido: impressora',
      'Dúvida',
      'Pedido: =HYPERLINK("x")',
    ]);
  });

  it('gives an account only its rows and none of its hidden values', async () => {
    const res = await generate(agent, titlesModel, filterId);
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await sheetOf(res.rawPayload);
    // Only "rede" is both in the filter and in the delimitation; segredo and codigo are hidden.
    expect(rows).toEqual([
      ['Título', 'Cliente', 'Prioridade', 'Segredo'],
      ['Pedido: rede lenta', 'ACME ()', '1', ''],
    ]);
    expect(res.rawPayload.includes('Xilofone')).toBe(false);
    expect(res.rawPayload.includes('SEGREDO-ACME')).toBe(false);
    expect(res.rawPayload.includes('impressora')).toBe(false);
  });

  it('joins grouped values of the records that point to the main one', async () => {
    const model = await createModel({
      templateName: 'Clientes e chamados',
      subjects: ['cliente'],
      relatedSubjects: [
        {
          relatedSubjectId: chamado.id,
          relationshipSubjectAttributeId: chamado.attr.cliente,
          relationshipOwnerSubjectId: cliente.id,
          order: 0,
        },
      ],
      columns: [
        column('Cliente', ['${cliente.nome}']),
        column('Chamados', [['${chamado.titulo} (${chamado.prioridade})', true]], 80),
      ],
    });
    const { rows } = await sheetOf((await generate(admin, model, null)).rawPayload);
    expect(rows).toEqual([
      ['Cliente', 'Chamados'],
      ['ACME', 'Pedido: rede lenta (1)\nDúvida (3)'],
      ['Beta', 'Pedido: impressora (2)'],
    ]);
    // The agent's delimitation keeps "rede" and "outro" only.
    const mine = await sheetOf((await generate(agent, model, null)).rawPayload);
    expect(mine.rows[2]).toEqual(['Beta', '']);
  });

  it('answers 422 for a model that no longer exists and 400 for a filter of another subject', async () => {
    const gone = await generate(admin, 999_999, null);
    expect(gone.statusCode).toBe(422);
    expect(gone.json()).toEqual({
      errors: [
        {
          message: 'O modelo de relatório escolhido não existe mais ou você não tem acesso a ele.',
          field: 'modelo',
        },
      ],
    });
    const clientes = await createModel({
      templateName: 'Só clientes',
      subjects: ['cliente'],
      columns: [column('Nome', ['${cliente.nome}'])],
    });
    expect((await generate(admin, clientes, filterId)).statusCode).toBe(400);
  });

  it("shows a reference as the related record's name", async () => {
    const model = await createModel({
      templateName: 'Referências',
      subjects: ['chamado'],
      columns: [column('Título', ['${chamado.titulo}']), column('Cliente', ['${chamado.cliente}'])],
    });
    const { rows } = await sheetOf((await generate(admin, model, filterId)).rawPayload);
    expect(rows.slice(1, 3)).toEqual([
      ['Pedido: rede lenta', 'ACME'],
      ['Pedido: impressora', 'Beta'],
    ]);
  });

  it('pages through many records by id, none lost or repeated', async () => {
    const talks = Array.from({ length: 130 }, (_, i) => ({
      talkValues: [
        { subjectAttributeIdentifier: 'titulo', value: `Pedido em lote ${String(i).padStart(3, '0')}` },
        { subjectAttributeIdentifier: 'prioridade', value: i },
      ],
    }));
    const res = await call(admin, 'POST', '/api/talk/chamado/many', { talks });
    expect(res.statusCode, res.body).toBe(201);
    const { rows } = await sheetOf((await generate(admin, titlesModel, filterId)).rawPayload);
    const batch = rows.filter((r) => r[0]?.startsWith('Pedido em lote'));
    expect(batch.map((r) => r[2])).toEqual(Array.from({ length: 130 }, (_, i) => String(i)));
    expect(rows).toHaveLength(1 + 3 + 130);
  });

  it('opens in LibreOffice with the values', { timeout: 120_000 }, async () => {
    const res = await generate(admin, titlesModel, filterId);
    const dir = await mkdtemp(path.join(tmpdir(), 'talkbase-report-'));
    try {
      const file = path.join(dir, 'relatorio.xlsx');
      await writeFile(file, res.rawPayload);
      await promisify(execFile)(
        'soffice',
        [
          `-env:UserInstallation=file://${dir}/profile`,
          '--headless',
          '--convert-to',
          'csv:Text - txt - csv (StarCalc):44,34,76',
          '--outdir',
          dir,
          file,
        ],
        { timeout: 110_000 },
      );
      const csv = await readFile(path.join(dir, 'relatorio.csv'), 'utf8');
      const lines = csv.trim().split(/\r?\n/);
      expect(lines[0]).toBe('Título,Cliente,Prioridade,Segredo');
      expect(lines[1]).toBe('Pedido: rede lenta,ACME (SEGREDO-ACME),1,Xilofone');
      expect(lines[3]).toBe('"Pedido: =HYPERLINK(""x"")",,4,');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
