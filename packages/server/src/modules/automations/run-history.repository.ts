import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { adb, normalizeRun, type RunRow, type RunStatus } from './automations.repository.ts';

/**
 * The run history's reads (GET /api/job/runs and the names a run shows): the company's runs,
 * newest first, of one job and in one status when asked (indexes of migrations 0018 and 0025),
 * and the names of the jobs, accounts and tags runs point at, a page at a time.
 */

export interface RunListFilter {
  status?: RunStatus | undefined;
  jobId?: number | undefined;
}

export async function pageCompanyRuns(
  db: Kysely<Database>,
  companyId: number,
  filter: RunListFilter,
  offset: number,
  limit: number,
): Promise<{ rows: RunRow[]; total: number }> {
  let base = adb(db).selectFrom('automation_runs').where('company_id', '=', companyId);
  if (filter.jobId !== undefined) base = base.where('job_id', '=', filter.jobId);
  if (filter.status !== undefined) base = base.where('status', '=', filter.status);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
  ]);
  return {
    rows: rows.map((r) => normalizeRun(r as unknown as Record<string, unknown>)),
    total: Number(count.n),
  };
}

/** The names of the attributes of `subjectIds`, by subject and identifier (a trigger's changed fields). */
export async function attributeNames(
  db: Kysely<Database>,
  companyId: number,
  subjectIds: Iterable<number>,
): Promise<Map<number, Map<string, string>>> {
  const wanted = [...new Set(subjectIds)].filter((id) => Number.isInteger(id) && id > 0);
  const out = new Map<number, Map<string, string>>();
  if (wanted.length === 0) return out;
  const rows = await db
    .selectFrom('attributes')
    .select(['subject_id', 'identifier', 'name'])
    .where('company_id', '=', companyId)
    .where('subject_id', 'in', wanted)
    .execute();
  for (const r of rows) {
    const names = out.get(r.subject_id) ?? new Map<string, string>();
    names.set(r.identifier, r.name);
    out.set(r.subject_id, names);
  }
  return out;
}

/** Names by id of the company's rows of `table` among `ids` (a job deleted since has none). */
export async function namesOf(
  db: Kysely<Database>,
  companyId: number,
  table: 'jobs' | 'tags' | 'accounts',
  ids: Iterable<number>,
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0);
  if (wanted.length === 0) return new Map();
  const rows =
    table === 'accounts'
      ? await db
          .selectFrom('accounts')
          .select(['id', 'display_name as name'])
          .where('company_id', '=', companyId)
          .where('id', 'in', wanted)
          .execute()
      : await db
          .selectFrom(table)
          .select(['id', 'name'])
          .where('company_id', '=', companyId)
          .where('id', 'in', wanted)
          .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
