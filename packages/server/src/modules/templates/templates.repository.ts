import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type {
  Database,
  TemplateAreaAttributesTable,
  TemplateAreaConfigsTable,
  TemplateAreasTable,
  TemplatesTable,
} from '../../db/schema.ts';
import { likePattern } from '../../http/paging.ts';

export type TemplateRow = Selectable<TemplatesTable>;
type Db = Kysely<Database>;

const USER_TYPE = 2;
const COMPANY_DEFAULT_TYPE = 3;

export function findTemplate(db: Db, companyId: number, id: number) {
  return db
    .selectFrom('templates')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findTemplates(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('templates')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

export function findCompanyDefault(db: Db, companyId: number, subjectId: number) {
  return db
    .selectFrom('templates')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('subject_id', '=', subjectId)
    .where('template_type', '=', COMPANY_DEFAULT_TYPE)
    .executeTakeFirst();
}

export function findUserTemplate(db: Db, companyId: number, subjectId: number, accountId: number) {
  return db
    .selectFrom('templates')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('subject_id', '=', subjectId)
    .where('template_type', '=', USER_TYPE)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/** The oldest template of a type for a subject (the company's registration or edition form). */
export function firstOfType(db: Db, companyId: number, subjectId: number, type: number) {
  return db
    .selectFrom('templates')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('subject_id', '=', subjectId)
    .where('template_type', '=', type)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function insertTemplate(db: Db, row: Insertable<TemplatesTable>): Promise<number> {
  const r = await db.insertInto('templates').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateTemplate(
  db: Db,
  id: number,
  patch: { name: string; show_talk_id_on_grid: number; updated_at: number },
) {
  await db
    .updateTable('templates')
    .set({ ...patch, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .execute();
}

export async function deleteTemplates(db: Db, companyId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db
    .deleteFrom('templates')
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Areas of the templates with the attribute each shows (null for group areas). */
export function areasOf(db: Db, templateIds: number[]) {
  if (templateIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('template_areas')
    .leftJoin('attributes', 'attributes.id', 'template_areas.attribute_id')
    .select([
      'template_areas.id',
      'template_areas.template_id',
      'template_areas.parent_area_id',
      'template_areas.attribute_id',
      'template_areas.name',
      'template_areas.position',
      'template_areas.widget_id',
      'attributes.identifier as attribute_identifier',
      'attributes.name as attribute_name',
      'attributes.is_required as attribute_is_required',
    ])
    .where('template_areas.template_id', 'in', templateIds)
    .orderBy('template_areas.position')
    .orderBy('template_areas.id')
    .execute();
}
export type AreaRow = Awaited<ReturnType<typeof areasOf>>[number];

export function configsOf(db: Db, areaIds: number[]) {
  if (areaIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('template_area_configs')
    .select(['id', 'area_id', 'identifier', 'value'])
    .where('area_id', 'in', areaIds)
    .orderBy('id')
    .execute();
}
export type ConfigRow = Awaited<ReturnType<typeof configsOf>>[number];

export function areaAttributesOf(db: Db, areaIds: number[]) {
  if (areaIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('template_area_attributes')
    .innerJoin('attributes', 'attributes.id', 'template_area_attributes.attribute_id')
    .select([
      'template_area_attributes.id',
      'template_area_attributes.area_id',
      'template_area_attributes.attribute_id',
      'template_area_attributes.label',
      'attributes.identifier as attribute_identifier',
      'attributes.name as attribute_name',
    ])
    .where('template_area_attributes.area_id', 'in', areaIds)
    .orderBy('template_area_attributes.position')
    .orderBy('template_area_attributes.id')
    .execute();
}
export type AreaAttributeRow = Awaited<ReturnType<typeof areaAttributesOf>>[number];

export function relatedOf(db: Db, templateIds: number[]) {
  if (templateIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('template_relations')
    .innerJoin('templates', 'templates.id', 'template_relations.related_template_id')
    .select([
      'template_relations.template_id',
      'templates.id as related_id',
      'templates.name as related_name',
      'templates.template_type as related_type',
    ])
    .where('template_relations.template_id', 'in', templateIds)
    .orderBy('templates.id')
    .execute();
}

export function subjectAndAccountNames(db: Db, subjectIds: number[], accountIds: number[]) {
  return Promise.all([
    subjectIds.length
      ? db.selectFrom('subjects').select(['id', 'identifier', 'name']).where('id', 'in', subjectIds).execute()
      : Promise.resolve([]),
    accountIds.length
      ? db.selectFrom('accounts').select(['id', 'display_name']).where('id', 'in', accountIds).execute()
      : Promise.resolve([]),
  ]);
}

export async function insertArea(db: Db, row: Insertable<TemplateAreasTable>): Promise<number> {
  const r = await db.insertInto('template_areas').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function insertConfigs(db: Db, rows: Insertable<TemplateAreaConfigsTable>[]) {
  if (rows.length) await db.insertInto('template_area_configs').values(rows).execute();
}

export async function insertAreaAttributes(db: Db, rows: Insertable<TemplateAreaAttributesTable>[]) {
  if (rows.length) await db.insertInto('template_area_attributes').values(rows).execute();
}

/** Removes every area of a template; configs, extra attributes and nested areas cascade. */
export async function deleteAreas(db: Db, templateId: number) {
  await db.deleteFrom('template_areas').where('template_id', '=', templateId).execute();
}

export async function replaceRelations(db: Db, companyId: number, templateId: number, relatedIds: number[]) {
  await db.deleteFrom('template_relations').where('template_id', '=', templateId).execute();
  if (relatedIds.length === 0) return;
  await db
    .insertInto('template_relations')
    .values(
      relatedIds.map((r) => ({ company_id: companyId, template_id: templateId, related_template_id: r })),
    )
    .execute();
}

export interface TemplateListFilter {
  scenarioId?: number | undefined;
  templateType?: number | undefined;
  subjectId?: number | undefined;
  accountId?: number | undefined;
  term?: string | undefined;
}

/** A page of templates; without a type, user templates are left out (they are personal). */
export async function pageTemplates(
  db: Db,
  companyId: number,
  f: TemplateListFilter,
  offset: number,
  fetch: number,
) {
  let q = db
    .selectFrom('templates')
    .innerJoin('subjects', 'subjects.id', 'templates.subject_id')
    .leftJoin('accounts', 'accounts.id', 'templates.account_id')
    .where('templates.company_id', '=', companyId);
  if (f.scenarioId !== undefined) q = q.where('templates.scenario_id', '=', f.scenarioId);
  q =
    f.templateType !== undefined
      ? q.where('templates.template_type', '=', f.templateType)
      : q.where('templates.template_type', '<>', USER_TYPE);
  if (f.subjectId !== undefined) q = q.where('templates.subject_id', '=', f.subjectId);
  if (f.accountId !== undefined) q = q.where('templates.account_id', '=', f.accountId);
  if (f.term) {
    const pattern = likePattern(f.term.toLowerCase());
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(templates.name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(subjects.name)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    q
      .select([
        'templates.id',
        'templates.name',
        'templates.template_type',
        'templates.scenario_id',
        'templates.subject_id',
        'templates.account_id',
        'templates.parent_template_id',
        'subjects.identifier as subject_identifier',
        'subjects.name as subject_name',
        'accounts.display_name as account_name',
      ])
      .orderBy('templates.name')
      .orderBy('templates.id')
      .limit(fetch)
      .offset(offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}

export function findPerson(db: Db, companyId: number, accountId: number) {
  return db
    .selectFrom('accounts')
    .select(['id', 'display_name'])
    .where('company_id', '=', companyId)
    .where('id', '=', accountId)
    .where('account_type', '=', 1)
    .executeTakeFirst();
}

/**
 * Active person accounts that have no user template for the subject yet (each account has at
 * most one per subject), plus `includeAccountId` (the owner of the template being edited).
 */
export async function pageAccountsForUserTemplate(
  db: Db,
  companyId: number,
  subjectId: number,
  opts: { includeAccountId?: number | undefined; term?: string | undefined; offset: number; fetch: number },
) {
  let q = db
    .selectFrom('accounts')
    .where('accounts.company_id', '=', companyId)
    .where('accounts.account_type', '=', 1)
    .where('accounts.is_active', '=', 1)
    .where((eb) => {
      const free = eb.not(
        eb.exists(
          eb
            .selectFrom('templates')
            .select('templates.id')
            .whereRef('templates.account_id', '=', 'accounts.id')
            .where('templates.subject_id', '=', subjectId)
            .where('templates.template_type', '=', USER_TYPE),
        ),
      );
      return opts.includeAccountId !== undefined
        ? eb.or([free, eb('accounts.id', '=', opts.includeAccountId)])
        : free;
    });
  if (opts.term) {
    const pattern = likePattern(opts.term.toLowerCase());
    q = q.where(sql<boolean>`lower(accounts.display_name) like ${pattern} escape '\\'`);
  }
  const [rows, total] = await Promise.all([
    q
      .select(['accounts.id', 'accounts.display_name'])
      .orderBy('accounts.display_name')
      .orderBy('accounts.id')
      .limit(opts.fetch)
      .offset(opts.offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}

/** The subject's name and its attributes a default grid shows (internal ones are not shown). */
export async function defaultTemplateSource(db: Db, subjectId: number) {
  const subject = await db
    .selectFrom('subjects')
    .select(['name'])
    .where('id', '=', subjectId)
    .executeTakeFirstOrThrow();
  const attributes = await db
    .selectFrom('attributes')
    .select(['id'])
    .where('subject_id', '=', subjectId)
    .where('is_internal', '=', 0)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return { name: subject.name, attributeIds: attributes.map((a) => a.id) };
}
