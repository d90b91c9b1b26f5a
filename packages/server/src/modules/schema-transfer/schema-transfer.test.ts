import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  SchemaDocument,
  SchemaDocumentInput,
  SchemaImportSummary,
} from '@talkbase/domain/contracts/schema-transfer';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createCrm } from '../../test/records.ts';
import {
  createTemplate,
  defaultTemplateOf,
  getTemplate,
  subjectIds,
} from '../templates/template-test-helpers.ts';

const cli = path.join(import.meta.dirname, '../../cli/schema.ts');

let a: TestApp;
let b: TestApp;
let adminA: string;
let adminB: string;
beforeEach(async () => {
  [a, b] = await Promise.all([createTestApp(), createTestApp()]);
  adminA = (await login(a.app)).token;
  adminB = (await login(b.app)).token;
});
afterEach(async () => {
  await Promise.all([a.close(), b.close()]);
});

async function post(t: TestApp, token: string, url: string, payload: unknown) {
  const res = await t.app.inject(as(token, { method: 'POST', url, payload: payload as object }));
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res;
}

async function exportOf(t: TestApp, token: string): Promise<SchemaDocument> {
  const res = await t.app.inject(as(token, { method: 'GET', url: '/api/subject/schema/export' }));
  expect(res.statusCode).toBe(200);
  return res.json<SchemaDocument>();
}

function importInto(t: TestApp, token: string, doc: unknown) {
  return t.app.inject(
    as(token, { method: 'POST', url: '/api/subject/schema/import', payload: doc as object }),
  );
}

/**
 * Company A: the CRM of the records tests (chamado → cliente), a cycle (empresa ⇄ pessoa, the
 * pointing attribute between two others), a self reference, and templates of every kind: a
 * nested custom grid, two forms naming each other, and the default grid naming the forms.
 */
async function buildSchemaA() {
  await createCrm(a.app, adminA);
  await post(a, adminA, '/api/subject', {
    identifier: 'pessoa',
    name: 'Pessoa',
    icon: 'person',
    attributes: [
      { identifier: 'nome', name: 'Nome', componentId: 1, isRequired: true, length: 80 },
      { identifier: 'gestor', name: 'Gestor', componentId: 4, relatedSubject: 'pessoa' },
    ],
  });
  await post(a, adminA, '/api/subject', {
    identifier: 'empresa',
    name: 'Empresa',
    attributes: [
      { identifier: 'nome', name: 'Nome', componentId: 1, isOrderable: true, tooltip: 'Razão social' },
      { identifier: 'contato', name: 'Contato', componentId: 4, relatedSubject: 'pessoa' },
      {
        identifier: 'cnpj',
        name: 'CNPJ',
        componentId: 'Identificacao',
        isNaturalKey: true,
        description: 'Documento',
        defaultValue: null,
        componentConfigs: { mask: 'cnpj' },
      },
    ],
  });
  await post(a, adminA, '/api/subject/pessoa/attribute', {
    identifier: 'empresa',
    name: 'Empresa',
    componentId: 4,
    relatedSubject: 'empresa',
    isInternal: true,
  });

  const chamado = await subjectIds(a.app, adminA, 'chamado');
  const id = (k: string) => chamado.attr[k] as number;
  const cadastro = await createTemplate(a.app, adminA, {
    templateName: 'Chamado',
    subjectId: chamado.id,
    templateType: 5,
    templateAreas: [
      {
        templateAreaName: 'Dados',
        templateAreasMap: [
          {
            subjectAttributeId: id('titulo'),
            templateAreaConfigs: [{ configIdentifier: 'isrequired', value: true }],
          },
          { subjectAttributeId: id('cliente') },
        ],
      },
    ],
  });
  const edicao = await createTemplate(a.app, adminA, {
    templateName: 'Edição de chamado',
    subjectId: chamado.id,
    templateType: 6,
    relatedTemplateIds: [cadastro.templateId],
    templateAreas: [{ subjectAttributeId: id('titulo') }, { subjectAttributeId: id('prazo') }],
  });
  // The registration form names the edition form created after it: a relation between forms both ways.
  const cadastroNow = await getTemplate(a.app, adminA, cadastro.templateId);
  const put = await a.app.inject(
    as(adminA, {
      method: 'PUT',
      url: `/api/template/${cadastro.templateId}`,
      payload: {
        templateName: cadastroNow.templateName,
        subjectId: chamado.id,
        templateType: 5,
        relatedTemplateIds: [edicao.templateId],
        templateAreas: [
          {
            templateAreaName: 'Dados',
            templateAreasMap: [
              {
                subjectAttributeId: id('titulo'),
                templateAreaConfigs: [{ configIdentifier: 'isrequired', value: true }],
              },
              { subjectAttributeId: id('cliente') },
            ],
          },
        ],
      },
    }),
  );
  expect(put.statusCode).toBe(200);
  await createTemplate(a.app, adminA, {
    templateName: 'Chamados da semana',
    subjectId: chamado.id,
    templateType: 'CustomTemplate',
    showTalkIdOnGrid: true,
    templateAreas: [
      {
        subjectAttributeId: id('titulo'),
        templateAreaName: 'Assunto',
        templateAreaConfigs: [
          { configIdentifier: 'Width', value: 300 },
          { configIdentifier: 'IsOrderable', value: 1 },
        ],
      },
      {
        templateAreaName: 'Detalhes',
        templateAreaSubjectAttributes: [
          { subjectAttributeId: id('cliente'), templateAreaSubjectAttributeLabel: 'Empresa' },
        ],
        templateAreasMap: [{ subjectAttributeId: id('prioridade') }, { subjectAttributeId: id('prazo') }],
      },
    ],
  });
  const defaultId = await defaultTemplateOf(a.app, adminA, chamado.id);
  const def = await a.app.inject(
    as(adminA, {
      method: 'PUT',
      url: `/api/template/${defaultId}`,
      payload: {
        templateName: 'Todos os chamados',
        subjectId: chamado.id,
        templateType: 3,
        relatedTemplateIds: [cadastro.templateId, edicao.templateId],
        templateAreas: [{ subjectAttributeId: id('protocolo') }, { subjectAttributeId: id('titulo') }],
      },
    }),
  );
  expect(def.statusCode).toBe(200);
}

describe('schema export and import', () => {
  it('round-trips a whole schema into a fresh company and exports it again unchanged', async () => {
    await buildSchemaA();
    const docA = await exportOf(a, adminA);
    expect(docA).toMatchObject({ format: 'talkbase-schema', version: 1 });
    expect(docA.subjects.map((s) => s.identifier)).toEqual([
      'chamado',
      'cliente',
      'empresa',
      'filtro',
      'pessoa',
    ]);
    expect(docA.subjects.find((s) => s.identifier === 'filtro')?.isBuiltIn).toBe(true);
    const empresa = docA.subjects.find((s) => s.identifier === 'empresa');
    expect(empresa?.attributes.map((x) => [x.identifier, x.relatedSubject])).toEqual([
      ['nome', null],
      ['contato', 'pessoa'],
      ['cnpj', null],
    ]);
    const chamadoTemplates = docA.templates.filter((t) => t.subjectIdentifier === 'chamado');
    expect(chamadoTemplates.map((t) => [t.key, t.templateType, t.relatedTemplates])).toEqual([
      ['chamado:Todos os chamados', 3, ['chamado:Chamado', 'chamado:Edição de chamado']],
      ['chamado:Chamado', 5, ['chamado:Edição de chamado']],
      ['chamado:Edição de chamado', 6, ['chamado:Chamado']],
      ['chamado:Chamados da semana', 7, []],
    ]);
    // No database id travels: the only numbers named …Id are kinds (component, widget).
    expect(new Set(JSON.stringify(docA).match(/"\w*Id"/g))).toEqual(new Set(['"componentId"', '"widgetId"']));

    const res = await importInto(b, adminB, docA);
    expect(res.statusCode).toBe(200);
    const summary = res.json<SchemaImportSummary>();
    expect(summary).toMatchObject({ createdSubjects: 4, createdAttributes: 16, createdTemplates: 7 });
    // filtro exists in every company already: kept, with its attributes and default template.
    expect(summary.skipped.map((s) => s.key)).toEqual([
      'filtro',
      'filtro.nome',
      'filtro.filtro',
      'filtro.assunto',
      'filtro:Filtro',
    ]);

    expect(await exportOf(b, adminB)).toEqual(docA);
    // What B answers through the ordinary calls points at B's own ids.
    const pessoa = (
      await b.app.inject(as(adminB, { method: 'GET', url: '/api/subject/pessoa' }))
    ).json<Subject>();
    const empresaB = (
      await b.app.inject(as(adminB, { method: 'GET', url: '/api/subject/empresa' }))
    ).json<Subject>();
    expect(pessoa.subjectAttributes.find((x) => x.identifier === 'empresa')?.relatedSubject?.subjectId).toBe(
      empresaB.subjectId,
    );
    const talk = await b.app.inject(
      as(adminB, {
        method: 'POST',
        url: '/api/talk/empresa',
        payload: { talkValues: [{ subjectAttributeIdentifier: 'nome', value: 'ACME' }] },
      }),
    );
    expect(talk.statusCode).toBe(201);
  });

  it('round-trips a subject with no attributes yet (its default template has no columns)', async () => {
    await post(a, adminA, '/api/subject', { identifier: 'rascunho', name: 'Rascunho', attributes: [] });
    const docA = await exportOf(a, adminA);
    expect(docA.templates.filter((t) => t.subjectIdentifier === 'rascunho')).toHaveLength(1);
    const res = await importInto(b, adminB, docA);
    expect(res.statusCode, res.body).toBe(200);
    expect(await exportOf(b, adminB)).toEqual(docA);
  });

  it('is idempotent: a second import creates nothing and adds only what is missing', async () => {
    await buildSchemaA();
    const docA = await exportOf(a, adminA);
    expect((await importInto(b, adminB, docA)).statusCode).toBe(200);
    const again = await importInto(b, adminB, docA);
    expect(again.statusCode).toBe(200);
    const summary = again.json<SchemaImportSummary>();
    expect(summary).toMatchObject({ createdSubjects: 0, createdAttributes: 0, createdTemplates: 0 });
    expect(summary.skipped).toContainEqual({
      kind: 'subject',
      key: 'chamado',
      reason: 'Já existe nesta empresa.',
    });
    expect(summary.skipped).toContainEqual({
      kind: 'template',
      key: 'chamado:Todos os chamados',
      reason: 'Já existe nesta empresa.',
    });
    expect(await exportOf(b, adminB)).toEqual(docA);

    // An attribute and a template new in the document are added to what exists; nothing is removed.
    const more: SchemaDocumentInput = structuredClone(docA);
    const cliente = more.subjects?.find((s) => s.identifier === 'cliente');
    cliente?.attributes?.push({ identifier: 'site', name: 'Site', componentId: 1 });
    if (cliente?.attributes?.[0]) cliente.attributes[0].name = 'Outro nome';
    more.templates = [
      {
        key: 'novo',
        templateName: 'Clientes por site',
        subjectIdentifier: 'cliente',
        templateType: 7,
        templateAreas: [{ subjectAttributeIdentifier: 'site' }, { subjectAttributeIdentifier: 'nome' }],
      },
    ];
    const added = await importInto(b, adminB, more);
    expect(added.statusCode).toBe(200);
    expect(added.json<SchemaImportSummary>()).toMatchObject({
      createdSubjects: 0,
      createdAttributes: 1,
      createdTemplates: 1,
    });
    const docB = await exportOf(b, adminB);
    const clienteB = docB.subjects.find((s) => s.identifier === 'cliente');
    expect(clienteB?.attributes.map((x) => [x.identifier, x.name])).toEqual([
      ['nome', 'Nome'],
      ['cnpj', 'CNPJ'],
      ['site', 'Site'],
    ]);
    expect(docB.templates.length).toBe(docA.templates.length + 1);
  });

  it('refuses a document with any error and changes nothing', async () => {
    const before = await exportOf(b, adminB);
    const good = {
      format: 'talkbase-schema',
      version: 1,
      subjects: [
        {
          identifier: 'produto',
          name: 'Produto',
          attributes: [{ identifier: 'nome', name: 'Nome', componentId: 1 }],
        },
      ],
      templates: [],
    };

    const unknownComponent = structuredClone(good);
    unknownComponent.subjects[0]?.attributes.push({ identifier: 'x', name: 'X', componentId: 999 });
    const bad400 = await importInto(b, adminB, unknownComponent);
    expect(bad400.statusCode).toBe(400);
    expect(errorsOf(bad400)).toEqual([
      { message: 'Tipo de componente desconhecido.', field: 'subjects.0.attributes.1.componentId' },
    ]);

    const wrongFormat = await importInto(b, adminB, { ...good, format: 'outra-coisa', version: 2 });
    expect(wrongFormat.statusCode).toBe(400);
    expect(errorsOf(wrongFormat).map((e) => e.field)).toEqual(['format', 'version']);
    expect(errorsOf(wrongFormat)[0]?.message).toContain('não é um esquema do Talkbase');

    const references = await importInto(b, adminB, {
      ...good,
      subjects: [
        {
          identifier: 'produto',
          name: 'Produto',
          attributes: [
            { identifier: 'nome', name: 'Nome', componentId: 1 },
            { identifier: 'fornecedor', name: 'Fornecedor', componentId: 4, relatedSubject: 'fornecedor' },
          ],
        },
      ],
      templates: [
        {
          key: 'p',
          templateName: 'Produtos',
          subjectIdentifier: 'produto',
          templateType: 7,
          templateAreas: [{ subjectAttributeIdentifier: 'nome' }, { subjectAttributeIdentifier: 'preco' }],
        },
        {
          key: 'q',
          templateName: 'Pedidos',
          subjectIdentifier: 'pedido',
          templateType: 7,
          templateAreas: [{ subjectAttributeIdentifier: 'nome' }],
        },
      ],
    });
    expect(references.statusCode).toBe(422);
    expect(errorsOf(references)).toEqual([
      {
        message: 'Assunto relacionado fornecedor não encontrado no documento nem nesta empresa.',
        field: 'subjects.0.attributes.1.relatedSubject',
      },
      {
        message: 'O atributo preco não existe no assunto produto.',
        field: 'templates.0.templateAreas.1.subjectAttributeIdentifier',
      },
      {
        message: 'Assunto pedido não encontrado no documento nem nesta empresa.',
        field: 'templates.1.subjectIdentifier',
      },
    ]);

    // A rule only the templates service knows fails after the subject was created: all rolls back.
    const late = await importInto(b, adminB, {
      ...good,
      templates: [
        {
          key: 'p',
          templateName: 'Produtos',
          subjectIdentifier: 'produto',
          templateType: 7,
          templateAreas: [
            {
              subjectAttributeIdentifier: 'nome',
              templateAreaConfigs: [{ configIdentifier: 'IsOrderable', value: 1 }],
            },
          ],
        },
      ],
    });
    expect(late.statusCode).toBe(422);
    expect(errorsOf(late)).toEqual([
      {
        message: 'O campo Nome não pode ser ordenado.',
        field: 'templates.0.templateAreas.0.templateAreaConfigs.0.value',
      },
    ]);

    expect(await exportOf(b, adminB)).toEqual(before);
    const produto = await b.app.inject(as(adminB, { method: 'GET', url: '/api/subject/produto' }));
    expect(produto.statusCode).toBe(404);
    // The same document without its fault goes in.
    expect((await importInto(b, adminB, good)).statusCode).toBe(200);
  });

  it('is for administrators only', async () => {
    const person = await createPerson(a.app, adminA);
    const token = (await login(a.app, person.email, person.password)).token;
    const get = await a.app.inject(as(token, { method: 'GET', url: '/api/subject/schema/export' }));
    expect(get.statusCode).toBe(403);
    const doc = await exportOf(a, adminA);
    const post = await importInto(a, token, doc);
    expect(post.statusCode).toBe(403);
    const anonymous = await a.app.inject({ method: 'GET', url: '/api/subject/schema/export' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('does not take the place of a subject called schema', async () => {
    await post(a, adminA, '/api/subject', { identifier: 'schema', name: 'Esquema', attributes: [] });
    const one = await a.app.inject(as(adminA, { method: 'GET', url: '/api/subject/schema' }));
    expect(one.json<Subject>().subjectIdentifier).toBe('schema');
    const attr = await a.app.inject(
      as(adminA, {
        method: 'POST',
        url: '/api/subject/schema/attribute',
        payload: { identifier: 'export', name: 'Export', componentId: 1 },
      }),
    );
    expect(attr.statusCode).toBe(201);
    const doc = await exportOf(a, adminA);
    expect(doc.subjects.find((s) => s.identifier === 'schema')?.attributes.map((x) => x.identifier)).toEqual([
      'export',
    ]);
    const remove = await a.app.inject(
      as(adminA, { method: 'DELETE', url: '/api/subject/schema/attribute/export' }),
    );
    expect(remove.statusCode).toBe(200);
  });
});

/** The environment that points the command line at a test app's database. */
function cliEnv(t: TestApp): Record<string, string> {
  return { DATA_DIR: t.dataDir, DATABASE_URL: t.config.databaseUrl ?? '' };
}

function runCli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [cli, ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out, err })),
  );
}

describe('the schema command line', () => {
  it('exports a company to a file and imports it into another database', async () => {
    await createCrm(a.app, adminA);
    const file = path.join(a.dataDir, 'esquema.json');
    const exported = await runCli(['export', '--company', '1', '--out', file], cliEnv(a));
    expect(exported).toMatchObject({ code: 0 });
    expect(exported.err).toContain(`exportado para ${file}`);
    const docA = JSON.parse(fs.readFileSync(file, 'utf8')) as SchemaDocument;
    expect(docA).toEqual(await exportOf(a, adminA));

    const imported = await runCli(['import', file], cliEnv(b));
    expect(imported.err).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.out).toContain('Assuntos criados: 2');
    expect(await exportOf(b, adminB)).toEqual(docA);

    const toStdout = await runCli(['export'], cliEnv(b));
    expect(toStdout.code).toBe(0);
    expect(JSON.parse(toStdout.out)).toEqual(docA);
  });

  it('exits with code 1 and says why on a bad file', async () => {
    const env = cliEnv(b);
    const notJson = path.join(b.dataDir, 'ruim.json');
    fs.writeFileSync(notJson, '{ isto não é JSON');
    const r1 = await runCli(['import', notJson], env);
    expect(r1.code).toBe(1);
    expect(r1.err).toContain(`O arquivo ${notJson} não é um JSON válido`);

    const wrong = path.join(b.dataDir, 'outro.json');
    fs.writeFileSync(wrong, JSON.stringify({ format: 'csv', version: 1, subjects: [{ identifier: 'X' }] }));
    const r2 = await runCli(['import', wrong], env);
    expect(r2.code).toBe(1);
    expect(r2.err).toContain('não é um esquema válido; nada foi alterado');
    expect(r2.err).toContain('format: Este documento não é um esquema do Talkbase');
    expect(r2.err).toContain('subjects.0.identifier');

    const refused = path.join(b.dataDir, 'recusado.json');
    fs.writeFileSync(
      refused,
      JSON.stringify({
        format: 'talkbase-schema',
        version: 1,
        subjects: [
          {
            identifier: 'pedido',
            name: 'Pedido',
            attributes: [
              { identifier: 'cliente', name: 'Cliente', componentId: 4, relatedSubject: 'cliente' },
            ],
          },
        ],
      }),
    );
    const r3 = await runCli(['import', refused], env);
    expect(r3.code).toBe(1);
    expect(r3.err).toContain('A importação foi recusada; nada foi alterado');
    expect(r3.err).toContain('Assunto relacionado cliente não encontrado');

    const missing = await runCli(['import', path.join(b.dataDir, 'nao-existe.json')], env);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('Não foi possível ler o arquivo');

    const usage = await runCli(['apagar'], env);
    expect(usage.code).toBe(1);
    expect(usage.err).toContain('Uso:');
    expect((await exportOf(b, adminB)).subjects.map((s) => s.identifier)).toEqual(['filtro']);
  });
});
