import type { Generated, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { likePattern } from '../../http/paging.ts';

/** The table of migration 0007, typed here so that the shared schema file need not know it. */
export interface ReportModelsTable {
  id: Generated<number>;
  company_id: number;
  subject_id: number;
  name: string;
  document: string;
  version: Generated<number>;
  created_at: number;
  updated_at: number;
}

type Db = Kysely<Database>;
export type ReportModelRow = Selectable<ReportModelsTable>;

const withTable = (db: Db) => db.$extendTables<{ report_models: ReportModelsTable }>();

export async function pageModels(
  db: Db,
  companyId: number,
  q: { subjectIds: number[]; offset: number; fetch: number; term?: string | undefined },
): Promise<{ rows: Pick<ReportModelRow, 'id' | 'name' | 'subject_id'>[]; total: number }> {
  if (q.subjectIds.length === 0) return { rows: [], total: 0 };
  let base = withTable(db)
    .selectFrom('report_models')
    .where('company_id', '=', companyId)
    .where('subject_id', 'in', q.subjectIds);
  if (q.term)
    base = base.where((eb) => eb(eb.fn('lower', ['name']), 'like', likePattern(q.term?.toLowerCase() ?? '')));
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'name', 'subject_id'])
      .orderBy('name')
      .orderBy('id')
      .limit(q.fetch)
      .offset(q.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export function findModel(db: Db, companyId: number, id: number) {
  return withTable(db)
    .selectFrom('report_models')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertModel(
  db: Db,
  row: { companyId: number; subjectId: number; name: string; document: string; at: number },
): Promise<number> {
  const inserted = await withTable(db)
    .insertInto('report_models')
    .values({
      company_id: row.companyId,
      subject_id: row.subjectId,
      name: row.name,
      document: row.document,
      created_at: row.at,
      updated_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Writes only when the stored version is `version`; answers whether a row changed. */
export async function updateModel(
  db: Db,
  companyId: number,
  id: number,
  version: number,
  patch: { subjectId: number; name: string; document: string; at: number },
): Promise<boolean> {
  const result = await withTable(db)
    .updateTable('report_models')
    .set((eb) => ({
      subject_id: patch.subjectId,
      name: patch.name,
      document: patch.document,
      updated_at: patch.at,
      version: eb('version', '+', 1),
    }))
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteModels(db: Db, companyId: number, ids: number[]): Promise<number> {
  const result = await withTable(db)
    .deleteFrom('report_models')
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
