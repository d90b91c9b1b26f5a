import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { schemaDocumentSchema, type SchemaImportSummary } from '@talkbase/domain/contracts/schema-transfer';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { HttpError, type ErrorItem } from '../http/errors.ts';
import { zodIssuesToErrors } from '../http/validation.ts';
import { findCompany } from '../modules/accounts/accounts.repository.ts';
import { SchemaTransferService } from '../modules/schema-transfer/schema-transfer.service.ts';
import { SubjectsService } from '../modules/subjects/subjects.service.ts';
import { TemplatesService } from '../modules/templates/templates.service.ts';

/**
 * Schema export and import from the command line, on the database the server uses (DATABASE_URL,
 * else DATA_DIR/talkbase.db), migrated first. Same document and rules as the API's calls.
 *
 *   node packages/server/src/cli/schema.ts export [--company 1] [--out arquivo.json]
 *   node packages/server/src/cli/schema.ts import arquivo.json [--company 1]
 */

z.config(z.locales.pt());

const USAGE = `Uso:
  node packages/server/src/cli/schema.ts export [--company 1] [--out arquivo.json]
  node packages/server/src/cli/schema.ts import arquivo.json [--company 1]`;

/** A failure the person at the terminal can fix: printed as is, exit code 1. */
class CliError extends Error {}

const listOf = (errors: ErrorItem[]) =>
  errors.map((e) => `  - ${e.field ? `${e.field}: ` : ''}${e.message}`).join('\n');

function parse(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { company: { type: 'string', default: '1' }, out: { type: 'string' } },
    });
  } catch (err) {
    throw new CliError(`Argumentos inválidos: ${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
  }
  const [command, file, ...extra] = parsed.positionals;
  const company = parsed.values.company;
  if (!/^\d+$/.test(company) || Number(company) < 1)
    throw new CliError(`--company deve ser o número de uma empresa (recebido: ${company}).`);
  if (command === 'export' && file === undefined)
    return { command, companyId: Number(company), out: parsed.values.out } as const;
  if (command === 'import' && file !== undefined && extra.length === 0 && parsed.values.out === undefined)
    return { command, companyId: Number(company), file } as const;
  throw new CliError(USAGE);
}

/** Reads and checks the document before the database is even opened. */
function readDocument(file: string) {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliError(
      `Não foi possível ler o arquivo ${file}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new CliError(
      `O arquivo ${file} não é um JSON válido: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const doc = schemaDocumentSchema.safeParse(json);
  if (!doc.success)
    throw new CliError(
      `O arquivo ${file} não é um esquema válido; nada foi alterado:\n${listOf(zodIssuesToErrors(doc.error.issues, ''))}`,
    );
  return doc.data;
}

function describe(summary: SchemaImportSummary): string {
  const lines = [
    `Assuntos criados: ${summary.createdSubjects}`,
    `Atributos criados: ${summary.createdAttributes}`,
    `Templates criados: ${summary.createdTemplates}`,
  ];
  if (summary.skipped.length) {
    lines.push(`Mantidos como estavam: ${summary.skipped.length}`);
    for (const s of summary.skipped) lines.push(`  - ${s.key}: ${s.reason}`);
  }
  return `${lines.join('\n')}\n`;
}

async function run(argv: string[]): Promise<void> {
  const args = parse(argv);
  const doc = args.command === 'import' ? readDocument(args.file) : undefined;
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) throw new CliError(err.message);
    throw err;
  }
  const db: Db = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'talkbase.db'),
  });
  try {
    await migrateToLatest(db);
    if (!(await findCompany(db.kysely, args.companyId)))
      throw new CliError(
        `Empresa ${args.companyId} não encontrada. Inicie o servidor uma vez para criar a primeira empresa.`,
      );
    const subjects = new SubjectsService(db);
    const transfer = new SchemaTransferService({
      db,
      subjects,
      templates: new TemplatesService({ db, subjects }),
    });
    if (args.command === 'export') {
      const text = `${JSON.stringify(await transfer.export(args.companyId), null, 2)}\n`;
      if (args.out === undefined) process.stdout.write(text);
      else {
        fs.writeFileSync(args.out, text);
        process.stderr.write(`Esquema da empresa ${args.companyId} exportado para ${args.out}.\n`);
      }
      return;
    }
    if (!doc) return;
    try {
      process.stdout.write(describe(await transfer.import(args.companyId, doc)));
    } catch (err) {
      if (err instanceof HttpError)
        throw new CliError(`A importação foi recusada; nada foi alterado:\n${listOf(err.errors)}`);
      throw err;
    }
  } finally {
    await db.close();
  }
}

run(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(
    err instanceof CliError
      ? `${err.message}\n`
      : `Falha inesperada: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exitCode = 1;
});
