import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql, type Kysely } from 'kysely';
import type { TalkWrite } from '@talkbase/domain/contracts/talks';
import { validateValue } from '@talkbase/domain/fields/validate-value';
import { normalizeForSearch } from '@talkbase/domain/fields/select';
import type { Db } from '../../db/database.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { attributeColumn, hasColumn, talkTable } from '../subjects/subject-ddl.ts';
import type { AttributeMeta, SubjectMeta } from '../subjects/subject-meta.ts';
import type { SubjectsService } from '../subjects/subjects.service.ts';
import { displayAttribute } from '../talks/talk-presenter.ts';
import { toDbValue } from '../talks/talk-values.ts';
import * as talksRepo from '../talks/talks.repository.ts';
import { talkMessages, type TalksService } from '../talks/talks.service.ts';
import { CSV_DELIMITER } from './export.service.ts';
import { parseCell } from './csv-values.ts';

export const importMessages = {
  notCsv: (line: number | undefined) =>
    line ? `O arquivo não é um CSV válido (linha ${line}).` : 'O arquivo não é um CSV válido.',
  empty: 'O arquivo está vazio: a primeira linha deve trazer os nomes das colunas.',
  noFile: 'Envie o arquivo CSV no campo "file".',
  tooLarge: (mb: number) => `O arquivo é grande demais: o limite é de ${mb} MB.`,
  tooManyRows: (n: number) => `O arquivo tem linhas demais: o limite é de ${n.toLocaleString('pt-BR')}.`,
  badMapping: 'O mapeamento de colunas deve ser um objeto JSON de coluna para identificador de campo.',
  unknownTarget: (header: string, target: string) =>
    `A coluna ${header} aponta para um campo que não existe neste assunto: ${target}.`,
  fileTarget: (header: string) =>
    `A coluna ${header} aponta para um campo de arquivos, que não é importado por CSV.`,
  twice: (name: string) => `Mais de uma coluna aponta para o campo ${name}.`,
  nothingMapped: 'Nenhuma coluna do arquivo corresponde a um campo deste assunto.',
  badMode: 'O modo deve ser "all" (tudo ou nada) ou "skip" (ignorar linhas com erro).',
  columnCount: (n: number, expected: number) => `A linha tem ${n} colunas; o cabeçalho tem ${expected}.`,
  duplicateInFile: (name: string, line: number) => `${name} repete o valor da linha ${line} do arquivo.`,
  importNotFound: 'Importação não encontrada.',
  allFailed: (n: number) =>
    `Nenhum registro foi importado: ${n === 1 ? '1 linha tem erro' : `${n} linhas têm erros`} e o modo é tudo ou nada.`,
  rolledBack:
    'Nenhum registro foi importado: uma linha foi recusada durante a importação e o modo é tudo ou nada.',
  interrupted: 'A importação foi interrompida.',
  stalled: (imported: number) =>
    `A importação foi interrompida (o servidor parou durante ela): ${
      imported === 1
        ? '1 registro foi importado'
        : `${imported.toLocaleString('pt-BR')} registros foram importados`
    } antes da interrupção. Confira-os antes de importar o restante.`,
};

/** Largest file accepted (413 beyond), and most data rows. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 200_000;
/** Rows in a preview, errors kept in a preview and in an import's report. */
export const PREVIEW_ROWS = 20;
export const PREVIEW_ERRORS = 500;
export const REPORT_ERRORS = 10_000;
/**
 * Rows per create-many transaction, adapted as the import goes so that one transaction takes about
 * IMPORT_BATCH_MS: SQLite has one connection, so a read waits for the batch being written, while
 * larger transactions write faster (fewer commits, fewer search-index segments). 25 rows a batch
 * imported 100,000 rows in 65 s with reads at p99 41 ms; 100 in 43 s with reads at p99 89 ms.
 */
export const IMPORT_BATCH = { first: 25, min: 10, max: 400 };
export const IMPORT_BATCH_MS = 20;
/** Rows checked between two turns of the event loop (requests waiting get served). */
const YIELD_EVERY = 2_000;
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Progress is written at most this often (ms). */
const PROGRESS_EVERY = 500;
/**
 * A running import writes its progress at least every second; one silent for this long ran in a
 * server that stopped (a restart, a crash, another instance gone) and is answered as interrupted.
 */
export const IMPORT_STALE_MS = 60_000;

export interface ImportError {
  /** The row's line in the file (the header is line 1). */
  row: number;
  column: string;
  value: string;
  message: string;
}

export interface ImportColumn {
  header: string;
  /** The attribute the column fills, or null when it is ignored. */
  attribute: string | null;
  attributeName: string | null;
}

export interface ImportPreview {
  columns: ImportColumn[];
  /** Attributes the account may fill, for the mapping step's selects. */
  attributes: { identifier: string; name: string; isRequired: boolean }[];
  rows: { row: number; values: string[] }[];
  errors: ImportError[];
  total: number;
  errorRows: number;
}

export type ImportMode = 'all' | 'skip';

interface Prepared {
  line: number;
  body: TalkWrite;
}

interface Plan {
  subject: SubjectMeta;
  columns: ImportColumn[];
  attributes: ImportPreview['attributes'];
  records: string[][];
  valid: Prepared[];
  errors: ImportError[];
  errorRows: number;
}

/** Whole numbers as the driver answers them (PostgreSQL bigint: text). */
type Num = number | string;
interface ImportRow {
  id: Num;
  company_id: number;
  account_id: Num;
  subject_id: number;
  subject_identifier: string;
  file_name: string;
  mode: string;
  status: string;
  total: Num;
  done: Num;
  imported: Num;
  skipped: Num;
  failed: Num;
  errors: string;
  message: string | null;
  created_at: Num;
  updated_at: Num;
  finished_at: Num | null;
}
type ImportDb = Kysely<{ talk_imports: ImportRow }>;

const norm = (s: string) => normalizeForSearch(s).trim();

/**
 * `POST /api/talk/import/{subject}`: a pt-BR CSV checked row by row with the rules of a create
 * (domain field rules, value shapes, references by name or id, natural keys in the file and in the
 * table), previewed (dryRun) or imported in the background by batches of /talk/{subject}/many, so
 * each batch is one short transaction and reads go on between them. Progress lives in `talk_imports`.
 */
export class TalkImportService {
  private readonly db: Db;
  private readonly talks: TalksService;
  private readonly subjects: SubjectsService;
  private readonly running = new Set<Promise<void>>();

  constructor(deps: { db: Db; talks: TalksService; subjects: SubjectsService }) {
    this.db = deps.db;
    this.talks = deps.talks;
    this.subjects = deps.subjects;
  }

  private get k(): ImportDb {
    return this.db.kysely as unknown as ImportDb;
  }

  async preview(
    auth: AuthContext,
    identifier: string,
    file: Buffer,
    mapping: Record<string, string | null> | undefined,
  ): Promise<ImportPreview> {
    const plan = await this.plan(auth, identifier, file, mapping);
    return {
      columns: plan.columns,
      attributes: plan.attributes,
      rows: plan.records.slice(0, PREVIEW_ROWS).map((values, i) => ({ row: i + 2, values })),
      errors: plan.errors.slice(0, PREVIEW_ERRORS),
      total: plan.records.length,
      errorRows: plan.errorRows,
    };
  }

  async start(
    auth: AuthContext,
    identifier: string,
    file: { name: string; data: Buffer },
    mapping: Record<string, string | null> | undefined,
    mode: ImportMode,
  ): Promise<{ importId: number }> {
    const plan = await this.plan(auth, identifier, file.data, mapping);
    const now = Date.now();
    const inserted = await this.k
      .insertInto('talk_imports')
      .values({
        company_id: auth.companyId,
        account_id: auth.accountId,
        subject_id: plan.subject.id,
        subject_identifier: plan.subject.identifier,
        file_name: file.name.slice(0, 200),
        mode,
        status: 'running',
        total: plan.records.length,
        done: 0,
        imported: 0,
        skipped: 0,
        failed: 0,
        errors: JSON.stringify(plan.errors.slice(0, REPORT_ERRORS)),
        message: null,
        created_at: now,
        updated_at: now,
        finished_at: null,
      } as unknown as ImportRow)
      .returning('id')
      .executeTakeFirstOrThrow();
    const importId = Number(inserted.id);
    const job = this.run(auth, importId, plan, mode).catch(async (err: unknown) => {
      await this.finish(importId, { status: 'failed', message: importMessages.interrupted }).catch(() => {});
      if (!(err instanceof HttpError)) console.error('import failed', err);
    });
    this.running.add(job);
    void job.finally(() => this.running.delete(job));
    return { importId };
  }

  /** Waits for the imports under way (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  async get(auth: AuthContext, importId: number) {
    let row = await this.own(auth, importId);
    if (row.status === 'running' && Date.now() - Number(row.updated_at) > IMPORT_STALE_MS) {
      // Only if nobody wrote progress since it was read (an instance still running it would have).
      await this.k
        .updateTable('talk_imports')
        .set({
          status: 'failed',
          message: importMessages.stalled(Number(row.imported)),
          finished_at: Date.now(),
          updated_at: Date.now(),
        })
        .where('id', '=', row.id)
        .where('status', '=', 'running')
        .where('updated_at', '=', row.updated_at)
        .execute();
      row = await this.own(auth, importId);
    }
    return {
      importId: Number(row.id),
      subject: row.subject_identifier,
      fileName: row.file_name,
      mode: row.mode,
      status: row.status,
      total: Number(row.total),
      done: Number(row.done),
      imported: Number(row.imported),
      skipped: Number(row.skipped),
      failed: Number(row.failed),
      errorCount: (JSON.parse(row.errors) as unknown[]).length,
      message: row.message,
      createdAt: new Date(Number(row.created_at)).toISOString(),
      finishedAt: row.finished_at === null ? null : new Date(Number(row.finished_at)).toISOString(),
    };
  }

  /** The error report: one line per error (line of the file, column, value, message), pt-BR CSV. */
  async errorReport(auth: AuthContext, importId: number): Promise<{ fileName: string; body: string }> {
    const row = await this.own(auth, importId);
    const errors = JSON.parse(row.errors) as ImportError[];
    const body =
      '\uFEFF' +
      stringify(
        [
          ['Linha', 'Coluna', 'Valor', 'Mensagem'],
          ...errors.map((e) => [String(e.row), e.column, e.value, e.message]),
        ],
        { delimiter: CSV_DELIMITER, record_delimiter: '\r\n' },
      );
    return { fileName: `erros-importacao-${String(row.id)}.csv`, body };
  }

  /** An import of another account (administrators excepted) or company does not exist. */
  private async own(auth: AuthContext, importId: number): Promise<ImportRow> {
    const row = await this.k
      .selectFrom('talk_imports')
      .selectAll()
      .where('id', '=', importId)
      .where('company_id', '=', auth.companyId)
      .executeTakeFirst();
    if (!row || (Number(row.account_id) !== auth.accountId && !auth.isAdmin))
      throw notFound(importMessages.importNotFound);
    return row;
  }

  private async run(auth: AuthContext, importId: number, plan: Plan, mode: ImportMode): Promise<void> {
    const errors = [...plan.errors];
    const failedRows = new Set(plan.errors.map((e) => e.row));
    let imported = 0;
    if (mode === 'all' && plan.errorRows > 0) {
      await this.finish(importId, {
        status: 'failed',
        done: plan.records.length,
        failed: plan.errorRows,
        message: importMessages.allFailed(plan.errorRows),
      });
      return;
    }
    const headerOf = new Map(plan.columns.filter((c) => c.attribute).map((c) => [c.attribute, c.header]));
    const inserted: number[] = [];
    let lastProgress = 0;
    let size = IMPORT_BATCH.first;
    for (let start = 0, taken = size; start < plan.valid.length; start += taken, taken = size) {
      let batch = plan.valid.slice(start, start + taken);
      const began = performance.now();
      while (batch.length) {
        try {
          const { resourceIds } = await this.talks.createMany(
            auth,
            plan.subject.identifier,
            batch.map((p) => p.body),
          );
          inserted.push(...resourceIds);
          imported += resourceIds.length;
          break;
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          // The rule that refused names the item (`talks.{i}.{attribute}`): that row is out.
          const refused = new Set<number>();
          for (const e of err.errors) {
            const m = /^talks\.(\d+)(?:\.([^.]+))?/.exec(e.field ?? '');
            const item = m ? batch[Number(m[1])] : undefined;
            if (!item) continue;
            refused.add(Number(m?.[1]));
            const column = (m?.[2] && headerOf.get(m[2])) ?? m?.[2] ?? '';
            errors.push({
              row: item.line,
              column,
              value: cellOf(plan, item.line, column),
              message: e.message,
            });
            failedRows.add(item.line);
          }
          if (refused.size === 0) {
            // A refusal of the whole batch (a permission): every row of it fails.
            for (const item of batch) {
              errors.push({ row: item.line, column: '', value: '', message: err.message });
              failedRows.add(item.line);
            }
            refused.clear();
            batch = [];
          } else batch = batch.filter((_, i) => !refused.has(i));
          if (mode === 'all') {
            await this.rollback(auth, plan.subject, inserted);
            await this.finish(importId, {
              status: 'failed',
              done: plan.records.length,
              imported: 0,
              failed: failedRows.size,
              errors,
              message: importMessages.rolledBack,
            });
            return;
          }
        }
      }
      // The next batch's size from this one's time (the reads served meanwhile not counted).
      const took = Math.max(1, performance.now() - began);
      const aimed = Math.min(taken * 2, Math.max(taken / 2, (taken * IMPORT_BATCH_MS) / took));
      size = Math.round(Math.min(IMPORT_BATCH.max, Math.max(IMPORT_BATCH.min, aimed)));
      const done = plan.errorRows + Math.min(start + taken, plan.valid.length);
      if (Date.now() - lastProgress >= PROGRESS_EVERY) {
        lastProgress = Date.now();
        await this.progress(importId, {
          done,
          imported,
          failed: failedRows.size,
          skipped: failedRows.size,
          errors,
        });
      }
      // Let the reads waiting for the database go before the next batch's write.
      await yieldToIo();
    }
    await this.finish(importId, {
      status: 'done',
      done: plan.records.length,
      imported,
      skipped: mode === 'skip' ? failedRows.size : 0,
      failed: failedRows.size,
      errors,
    });
  }

  /** All or nothing: the rows of the batches already committed go again, with their history. */
  private async rollback(auth: AuthContext, subject: SubjectMeta, ids: number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      await this.db.kysely.transaction().execute(async (trx) => {
        await talksRepo.deleteTalks(trx, subject.id, chunk);
        await trx
          .deleteFrom('talk_changes')
          .where('company_id', '=', auth.companyId)
          .where('subject_id', '=', subject.id)
          .where('talk_id', 'in', chunk)
          .execute();
      });
    }
  }

  private async progress(
    importId: number,
    p: { done: number; imported: number; failed: number; skipped: number; errors: ImportError[] },
  ) {
    await this.k
      .updateTable('talk_imports')
      .set({
        done: p.done,
        imported: p.imported,
        failed: p.failed,
        skipped: p.skipped,
        errors: JSON.stringify(p.errors.slice(0, REPORT_ERRORS)),
        updated_at: Date.now(),
      })
      .where('id', '=', importId)
      .execute();
  }

  private async finish(
    importId: number,
    p: Partial<{
      status: string;
      done: number;
      imported: number;
      skipped: number;
      failed: number;
      errors: ImportError[];
      message: string;
    }>,
  ) {
    const now = Date.now();
    const { errors, ...rest } = p;
    await this.k
      .updateTable('talk_imports')
      .set({
        ...rest,
        ...(errors ? { errors: JSON.stringify(errors.slice(0, REPORT_ERRORS)) } : {}),
        updated_at: now,
        finished_at: now,
      })
      .where('id', '=', importId)
      .execute();
  }

  /** Parses, maps and checks the whole file: the rows ready to create and the errors of the rest. */
  private async plan(
    auth: AuthContext,
    identifier: string,
    file: Buffer,
    mapping: Record<string, string | null> | undefined,
  ): Promise<Plan> {
    const policy = await this.talks.access(auth, identifier, 'create');
    const { subject, view, attributes: grants } = policy;
    const ctx = await this.talks.ruleContext(auth);
    const writable = view.attributes.filter((a) => a.kind !== 'file' && grants.get(a.id)?.create !== false);
    const table = readCsv(file);
    const [header, ...records] = table;
    if (!header || header.every((h) => h.trim() === '')) throw badRequest(importMessages.empty);
    if (records.length > MAX_IMPORT_ROWS) throw badRequest(importMessages.tooManyRows(MAX_IMPORT_ROWS));

    // Columns → attributes: the mapping given, else a header equal to an attribute's name or identifier.
    const byKey = new Map<string, AttributeMeta>();
    for (const a of writable) {
      byKey.set(norm(a.identifier), a);
      if (!byKey.has(norm(a.name))) byKey.set(norm(a.name), a);
    }
    const targets: (AttributeMeta | undefined)[] = header.map((h) => {
      if (mapping && Object.hasOwn(mapping, h)) {
        const target = mapping[h];
        if (target === null || target === undefined || target === '') return undefined;
        const a = view.attributes.find((x) => x.identifier === target.toLowerCase());
        if (a?.kind === 'file') throw badRequest(importMessages.fileTarget(h));
        const w = writable.find((x) => x.identifier === target.toLowerCase());
        if (!a || !w) throw badRequest(importMessages.unknownTarget(h, target));
        return w;
      }
      return byKey.get(norm(h));
    });
    const seen = new Set<number>();
    for (const a of targets) {
      if (!a) continue;
      if (seen.has(a.id)) throw badRequest(importMessages.twice(a.name));
      seen.add(a.id);
    }
    if (seen.size === 0) throw badRequest(importMessages.nothingMapped);
    const columns: ImportColumn[] = header.map((h, i) => ({
      header: h,
      attribute: targets[i]?.identifier ?? null,
      attributeName: targets[i]?.name ?? null,
    }));

    const errors: ImportError[] = [];
    const rowValues: (Map<number, unknown> | undefined)[] = [];
    const rowError = (line: number, column: string, value: string, message: string) =>
      errors.push({ row: line, column, value, message });
    for (const [r, cells] of records.entries()) {
      if (r % YIELD_EVERY === YIELD_EVERY - 1) await yieldToIo();
      const line = r + 2;
      if (cells.length !== header.length) {
        rowError(line, '', '', importMessages.columnCount(cells.length, header.length));
        rowValues.push(undefined);
        continue;
      }
      const values = new Map<number, unknown>();
      cells.forEach((cell, c) => {
        const a = targets[c];
        if (!a) return;
        const parsed = parseCell(a, cell, ctx.timeZone);
        if (!parsed.ok) rowError(line, header[c] ?? '', cell, parsed.message);
        else values.set(a.id, parsed.value);
      });
      rowValues.push(values);
    }

    await this.resolveReferences(auth, subject, targets, header, records, rowValues, rowError);

    // The field rules of a create, the value's shape, then natural keys in the file.
    const keysSeen = new Map<string, number>();
    for (const [r, cells] of records.entries()) {
      if (r % YIELD_EVERY === YIELD_EVERY - 1) await yieldToIo();
      const values = rowValues[r];
      if (!values) continue;
      const line = r + 2;
      for (const a of writable) {
        const c = targets.indexOf(a);
        const column = c >= 0 ? (header[c] ?? a.name) : a.name;
        const cell = c >= 0 ? (cells[c] ?? '') : '';
        if (c >= 0 && !values.has(a.id)) continue; // already refused while reading the cell
        const value = values.get(a.id);
        if (c < 0 && a.defaultValue !== null) continue;
        const ruleErrors = validateValue({ ...a, isRequired: a.isRequired && !a.isInternal }, value, ctx);
        if (ruleErrors.length) {
          for (const e of ruleErrors) rowError(line, column, cell, e.message);
          continue;
        }
        if (c < 0) continue;
        for (const item of Array.isArray(value) && a.kind !== 'json' ? (value as unknown[]) : [value]) {
          const shape = toDbValue(a, item, a.identifier);
          if (!shape.ok) rowError(line, column, cell, shape.error.message);
        }
        if (a.isNaturalKey && hasColumn(a) && value !== null && value !== undefined && value !== '') {
          const key = `${a.id}:${keyOf(value)}`;
          const first = keysSeen.get(key);
          if (first !== undefined)
            rowError(line, column, cell, importMessages.duplicateInFile(a.name, first));
          else keysSeen.set(key, line);
        }
      }
    }
    await this.checkKeysInTable(subject, targets, header, records, rowValues, rowError);

    const bad = new Set(errors.map((e) => e.row));
    const valid: Prepared[] = [];
    rowValues.forEach((values, r) => {
      const line = r + 2;
      if (!values || bad.has(line)) return;
      valid.push({
        line,
        body: {
          talkValues: [...values].map(([subjectAttributeId, value]) => ({ subjectAttributeId, value })),
        },
      });
    });
    errors.sort((a, b) => a.row - b.row);
    return {
      subject,
      columns,
      attributes: writable.map((a) => ({ identifier: a.identifier, name: a.name, isRequired: a.isRequired })),
      records,
      valid,
      errors,
      errorRows: bad.size,
    };
  }

  /**
   * References by the related record's name (its display attribute), or by id ("#12" or "12"),
   * among the related records the account may read; one that is not found is the create's error.
   */
  private async resolveReferences(
    auth: AuthContext,
    subject: SubjectMeta,
    targets: (AttributeMeta | undefined)[],
    header: string[],
    records: string[][],
    rowValues: (Map<number, unknown> | undefined)[],
    rowError: (line: number, column: string, value: string, message: string) => void,
  ) {
    for (const [c, a] of targets.entries()) {
      if (!a || a.kind !== 'reference' || !a.relatedSubjectId) continue;
      const related =
        a.relatedSubjectId === subject.id
          ? subject
          : await this.subjects.loadById(auth.companyId, a.relatedSubjectId).catch(() => undefined);
      const access = related
        ? await this.talks.accessTo(auth, related, 'read').catch(() => undefined)
        : undefined;
      const texts = new Set<string>();
      for (const values of rowValues) {
        const v = values?.get(a.id);
        for (const t of Array.isArray(v) ? (v as unknown[]) : [v]) if (typeof t === 'string') texts.add(t);
      }
      const found = new Map<string, number>();
      if (access && texts.size) {
        const nameAttr = displayAttribute(access.view);
        const list = [...texts];
        const k = this.db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
        for (let i = 0; i < list.length; i += 500) {
          const chunk = list.slice(i, i + 500);
          const ids = chunk
            .map((t) => /^#?(\d{1,15})$/.exec(t)?.[1])
            .filter((x): x is string => x !== undefined)
            .map(Number);
          if (ids.length) {
            const seen = await talksRepo.existingIds(this.db.kysely, access.subject.id, ids, access.visible);
            for (const t of chunk) {
              const id = Number(/^#?(\d{1,15})$/.exec(t)?.[1] ?? NaN);
              if (seen.has(id)) found.set(t, id);
            }
          }
          if (nameAttr) {
            const col = attributeColumn(nameAttr.id);
            let q = k
              .selectFrom(`${talkTable(access.subject.id)} as t`)
              .select(['t.id', sql.ref(`t.${col}`).as('name')])
              .where(sql.ref(`t.${col}`), 'in', chunk);
            if (access.visible) q = q.where(access.visible as never);
            for (const row of await q.execute()) {
              const name = String(row.name);
              // A name wins over an id; two records of one name: the first (oldest) one.
              if (!found.has(name) || /^#?\d+$/.test(name)) found.set(name, Number(row.id));
            }
          }
        }
      }
      rowValues.forEach((values, r) => {
        if (!values || !values.has(a.id)) return;
        const v = values.get(a.id);
        const list = Array.isArray(v) ? (v as unknown[]) : [v];
        const ids: number[] = [];
        for (const t of list) {
          if (typeof t !== 'string') continue;
          const id = found.get(t);
          if (id === undefined) {
            rowError(r + 2, header[c] ?? a.name, records[r]?.[c] ?? '', talkMessages.relatedMissing(a.name));
            values.delete(a.id);
            return;
          }
          ids.push(id);
        }
        values.set(a.id, Array.isArray(v) ? ids : (ids[0] ?? null));
      });
    }
  }

  /** Natural keys already taken in the table (the create's "… já está sendo usado"). */
  private async checkKeysInTable(
    subject: SubjectMeta,
    targets: (AttributeMeta | undefined)[],
    header: string[],
    records: string[][],
    rowValues: (Map<number, unknown> | undefined)[],
    rowError: (line: number, column: string, value: string, message: string) => void,
  ) {
    const k = this.db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    for (const [c, a] of targets.entries()) {
      if (!a || !a.isNaturalKey || !hasColumn(a)) continue;
      const col = attributeColumn(a.id);
      const wanted = new Map<string, number[]>();
      rowValues.forEach((values, r) => {
        const v = values?.get(a.id);
        if (v === null || v === undefined || v === '') return;
        const key = keyOf(v);
        wanted.set(key, [...(wanted.get(key) ?? []), r]);
      });
      const keys = [...wanted.keys()];
      for (let i = 0; i < keys.length; i += 500) {
        const chunk = keys.slice(i, i + 500);
        const taken = await k
          .selectFrom(talkTable(subject.id))
          .select(sql.ref(col).as('v'))
          .where(col, 'in', a.kind === 'text' ? chunk : chunk.map(Number))
          .execute();
        for (const t of taken)
          for (const r of wanted.get(String(t.v)) ?? [])
            rowError(r + 2, header[c] ?? a.name, records[r]?.[c] ?? '', talkMessages.taken(a.name));
      }
    }
  }
}

function keyOf(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function cellOf(plan: Plan, line: number, header: string): string {
  const c = plan.columns.findIndex((x) => x.header === header);
  return c >= 0 ? (plan.records[line - 2]?.[c] ?? '') : '';
}

/** The file's rows: ';' (pt-BR) unless the header line has more ',' or tabs; BOM dropped. */
export function readCsv(file: Buffer): string[][] {
  const text = file.toString('utf8');
  // A binary file (or another encoding's bytes) is not a CSV: NUL bytes or undecodable sequences.
  if (text.includes('\u0000') || text.includes('\uFFFD')) throw badRequest(importMessages.notCsv(undefined));
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const count = (ch: string) => firstLine.split(ch).length - 1;
  const delimiter =
    count('\t') > count(';') && count('\t') > count(',') ? '\t' : count(',') > count(';') ? ',' : ';';
  try {
    const rows: string[][] = parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
    });
    return rows;
  } catch (err) {
    const line = (err as { lines?: unknown }).lines;
    throw badRequest(importMessages.notCsv(typeof line === 'number' ? line : undefined));
  }
}
