import { eventActor } from '../../events/event-actor.ts';
import { appendEvent, appendEvents, type EventStream } from '../../events/event-stream.ts';
import type { LaneRunner } from '../../runtime/lanes.ts';
import type { Kysely } from 'kysely';
import { writeCsv } from '../../http/csv.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import * as talksRepo from '../../records/records.repository.ts';
import { cellAt, type CsvTable } from './import-csv.ts';
import { ImportSlots, REPORT_ERRORS } from './import-limits.ts';
import { ID_COLUMN } from './record-columns.ts';
import {
  importAccess,
  importMessages,
  planImport,
  previewOf,
  yieldToIo,
  type ImportError,
  type ImportPlan,
  type ImportPreview,
  type PlanDeps,
  type Prepared,
} from './import-plan.ts';
import { talkMessages } from '../records/records.service.ts';

export {
  importMessages,
  MAX_IMPORT_BYTES,
  type ImportColumn,
  type ImportError,
  type ImportPreview,
} from './import-plan.ts';

/** Errors kept in an import's report. */
export { REPORT_ERRORS } from './import-limits.ts';
/**
 * Rows per create-many transaction, adapted as the import goes so that one transaction takes about
 * IMPORT_BATCH_MS. Reads no longer wait for a write transaction (SQLite reads on a connection of
 * their own), but a batch's statements run one after another on the event loop's thread without
 * letting other requests in, while larger transactions write faster (fewer commits, fewer
 * search-index segments). At 1M rows with 10 connections reading meanwhile (bench:transfer, server
 * on one core): 20 ms imported 100,000 rows in 72–75 s with reads at p99 53–55 ms; 12 ms in 81 s
 * with reads at p99 35 ms.
 */
export const IMPORT_BATCH = { first: 25, min: 10, max: 400 };
export const IMPORT_BATCH_MS = 12;
/** Progress is written at most this often (ms). */
const PROGRESS_EVERY = 500;
/**
 * A running import writes its progress at least every second; one silent for this long ran in a
 * server that stopped (a restart, a crash, another instance gone) and is answered as interrupted.
 */
export const IMPORT_STALE_MS = 60_000;

export type ImportMode = 'all' | 'skip';

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

/**
 * `POST /api/talk/import/{subject}`: a pt-BR CSV checked row by row with the rules of a create
 * (domain field rules, value shapes, references by name or id, natural keys in the file and in the
 * table), previewed (dryRun) or imported in the background by batches of /talk/{subject}/many, so
 * each batch is one short transaction and reads go on between them. Progress lives in `talk_imports`.
 * The check is import-plan.ts; this runs the valid rows and keeps the import's progress and report.
 */
export class TalkImportService {
  private readonly deps: PlanDeps;
  private readonly events: EventStream;
  private readonly running = new Set<Promise<void>>();
  private readonly slots = new ImportSlots();

  /** The instance's background runner: imports run in its `imports` lane. */
  private readonly runner: LaneRunner<'imports'> | undefined;

  constructor(deps: PlanDeps & { events: EventStream; runner?: LaneRunner<'imports'> }) {
    this.deps = deps;
    this.events = deps.events;
    this.runner = deps.runner;
  }

  private get k(): ImportDb {
    return this.deps.db.kysely as unknown as ImportDb;
  }

  /**
   * Before the file is read: the account may import into the subject — create its records, or
   * change them by a file with the ID column — (403/404), and one of its import slots (429 when it
   * has MAX_RUNNING_IMPORTS under way). The function answered frees the slot; `start` takes it over
   * for the import's run.
   */
  async reserve(auth: AuthContext, identifier: string): Promise<() => void> {
    await importAccess(this.deps.talks, auth, identifier);
    return this.slots.take(auth);
  }

  /** dryRun: the file checked, nothing written. */
  async preview(
    auth: AuthContext,
    identifier: string,
    file: CsvTable,
    mapping: Record<string, string | null> | undefined,
  ): Promise<ImportPreview> {
    return previewOf(await planImport(this.deps, auth, identifier, file, mapping));
  }

  /** Checks the file and runs its valid rows in the background; `release` is called when it ends. */
  async start(
    auth: AuthContext,
    identifier: string,
    file: { name: string; table: CsvTable },
    mapping: Record<string, string | null> | undefined,
    mode: ImportMode,
    release: () => void,
  ): Promise<{ importId: number }> {
    const plan = await planImport(this.deps, auth, identifier, file.table, mapping);
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
    const work = () => this.run(auth, importId, plan, mode);
    const job = (this.runner ? this.runner.run('imports', work) : work()).catch(async (err: unknown) => {
      await this.finish(importId, { status: 'failed', message: importMessages.interrupted }).catch(() => {});
      if (!(err instanceof HttpError)) console.error('import failed', err);
    });
    this.running.add(job);
    void job.finally(() => {
      this.running.delete(job);
      release();
    });
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
    // The values are the file's own cells, as written: writeCsv keeps a formula among them inert.
    const body =
      '\uFEFF' +
      writeCsv([
        ['Linha', 'Coluna', 'Valor', 'Mensagem'],
        ...errors.map((e) => [String(e.row), e.column, e.value, e.message]),
      ]);
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

  private async run(auth: AuthContext, importId: number, plan: ImportPlan, mode: ImportMode): Promise<void> {
    const errors = [...plan.errors];
    // Rows a batch refused; the plan's rows with errors are counted apart (plan.errorRows).
    const failedRows = new Set<number>();
    const failed = () => plan.errorRows + failedRows.size;
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
    const idHeader = plan.columns.find((c) => c.attribute === ID_COLUMN.target)?.header ?? '';
    const inserted: number[] = [];
    let lastProgress = 0;
    // Valid rows written or refused so far; with the rows of errors and the unchanged ones, `done`.
    let processed = 0;
    const creates = plan.valid.filter((p) => p.talkId === undefined);
    const changes = plan.valid.filter((p) => p.talkId !== undefined);
    // Creates by /talk/{subject}/many; changes by its PUT, each at the version the file was
    // exported at (a record changed meanwhile is refused, 409, as in the form).
    const write = async (batch: Prepared[]): Promise<number[]> => {
      const identifier = plan.subject.identifier;
      const changed = batch.flatMap((p) => (p.talkId === undefined ? [] : [{ ...p.body, talkId: p.talkId }]));
      if (changed.length) return (await this.deps.talks.updateMany(auth, identifier, changed)).resourceIds;
      const bodies = batch.map((p) => p.body);
      return (await this.deps.talks.createMany(auth, identifier, bodies)).resourceIds;
    };
    // All or nothing: the changes go last and in one transaction, so a refusal among them leaves no
    // change committed and the creates before them are rolled back.
    const phases = [
      { rows: creates, whole: false },
      { rows: changes, whole: mode === 'all' },
    ];
    for (const phase of phases) {
      let size = IMPORT_BATCH.first;
      for (let start = 0, taken = size; start < phase.rows.length; start += taken, taken = size) {
        if (phase.whole) taken = phase.rows.length;
        let batch = phase.rows.slice(start, start + taken);
        const began = performance.now();
        while (batch.length) {
          try {
            const ids = await write(batch);
            if (batch[0]?.talkId === undefined) inserted.push(...ids);
            imported += ids.length;
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
              let column = (m?.[2] && headerOf.get(m[2])) ?? m?.[2] ?? '';
              let message = e.message;
              // A change's record gone or changed since the check: said by its id.
              if (item.talkId !== undefined && !m?.[2]) {
                column = idHeader;
                if (message === talkMessages.stale) message = importMessages.staleDuringImport(item.talkId);
                else if (message === talkMessages.talkNotFound)
                  message = importMessages.idNotFound(item.talkId);
              }
              errors.push({ row: item.line, column, value: cellOf(plan, item.line, column), message });
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
                failed: failed(),
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
        processed += Math.min(taken, phase.rows.length - start);
        const done = plan.errorRows + plan.unchanged + processed;
        if (Date.now() - lastProgress >= PROGRESS_EVERY) {
          lastProgress = Date.now();
          await this.progress(importId, {
            done,
            imported,
            failed: failed(),
            skipped: failed(),
            errors,
          });
        }
        // Let the reads waiting for the database go before the next batch's write.
        await yieldToIo();
      }
    }
    await this.finish(importId, {
      status: 'done',
      done: plan.records.length,
      imported,
      skipped: mode === 'skip' ? failed() : 0,
      failed: failed(),
      errors,
    });
  }

  /** All or nothing: the rows of the batches already committed go again, with their history. */
  private async rollback(auth: AuthContext, subject: SubjectMeta, ids: number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      await this.events.write(async (trx) => {
        await talksRepo.deleteTalks(trx, subject.id, chunk);
        // Open grids and automations hear that the rows went, as for any removal.
        await appendEvents(
          trx,
          chunk.map((talkId) => ({
            companyId: auth.companyId,
            kind: 'talk.deleted' as const,
            subjectId: subject.id,
            talkId,
            ...eventActor(auth),
            payload: { subject: subject.identifier, before: null, after: null, changed: [] },
          })),
        );
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
    await this.events.write(async (trx) => {
      const db = trx as unknown as ImportDb;
      await db
        .updateTable('talk_imports')
        .set({
          ...rest,
          ...(errors ? { errors: JSON.stringify(errors.slice(0, REPORT_ERRORS)) } : {}),
          updated_at: now,
          finished_at: now,
        })
        .where('id', '=', importId)
        .execute();
      const row = await db
        .selectFrom('talk_imports')
        .select([
          'company_id',
          'account_id',
          'subject_id',
          'subject_identifier',
          'status',
          'imported',
          'failed',
        ])
        .where('id', '=', importId)
        .executeTakeFirst();
      if (!row) return;
      await appendEvent(trx, {
        companyId: row.company_id,
        kind: 'import.finished',
        subjectId: row.subject_id,
        accountId: Number(row.account_id),
        payload: {
          subject: row.subject_identifier,
          importId,
          status: row.status,
          imported: Number(row.imported),
          failed: Number(row.failed),
        },
        at: now,
      });
    });
  }
}

function cellOf(plan: ImportPlan, line: number, header: string): string {
  const c = plan.columns.findIndex((x) => x.header === header);
  return c >= 0 ? cellAt(plan.records, line - 2, c) : '';
}
