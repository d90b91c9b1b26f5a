import { sql, type RawBuilder } from 'kysely';
import {
  AGGREGATE_AGE_DAYS,
  AGGREGATE_MAX_GROUPS,
  aggregateTexts,
  type AggregateBucket,
  type AggregateGroupRow,
  type AggregateMeasure,
  type AggregateQuery,
  type AggregateResponse,
} from '@talkbase/domain/contracts/aggregates';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { AccessPolicy } from '../../access/access-policy.ts';
import { columnOf, resolveAttribute } from '../../records/filter-compiler.ts';
import { hasColumn } from '../../records/subject-ddl.ts';
import type { AttributeMeta, SubjectMeta } from '../../records/subject-meta.ts';
import type { SubjectCatalogue } from '../../records/subject-catalogue.ts';
import { accountNamesOf, isAccountColumn } from '../../records/system-columns.ts';
import type { PermissionsService } from '../../access/permissions.service.ts';
import type { TalkQueryService } from '../records/record-query.service.ts';
import { recordNames } from '../records/record-presenter.ts';
import { relatedLoader } from '../records/record-related.ts';
import { civilBucket, dateTimeBucket } from './aggregate-sql.ts';
import {
  groupRows,
  totalRow,
  type AggregateRow,
  type MeasureColumns,
  type Memo,
} from './aggregates.repository.ts';
import type { AggregateCache } from './aggregate-cache.ts';

type Sql = RawBuilder<unknown>;
type Key = string | number | boolean | null;

/** The record's own columns as the aggregates also name them (camelCase, as the API does elsewhere). */
const CAMEL_COLUMNS: Record<string, string> = {
  createdat: 'created_at',
  updatedat: 'updated_at',
  createdby: 'created_by',
  updatedby: 'updated_by',
};

const MEASURABLE = new Set(['integer', 'decimal']);
const GROUPABLE = new Set(['text', 'integer', 'decimal', 'boolean', 'reference', 'date', 'datetime']);

/** One group key: its SQL, and how its values become keys and labels. */
interface KeyPlan {
  attribute: AttributeMeta;
  expr: Sql;
  kind: 'reference' | 'account' | 'boolean' | 'bucket' | 'number' | 'text';
  bucket?: AggregateBucket;
}

/**
 * POST /api/talk/aggregate/{subject} (issue 38 item 1): counts, sums, averages, minima and maxima
 * of a subject's records, grouped by up to two attributes. The rows are the grid's for the same
 * filters (TalkQueryService.conditions) within the account's rows (`policy.rows`); groups and
 * measures name only attributes of `policy.view`, so a hidden one is refused like a missing one.
 */
export class AggregatesService {
  private readonly db: Db;
  private readonly query: TalkQueryService;
  private readonly checks: { permissions: PermissionsService; subjects: SubjectCatalogue };
  private readonly cache: AggregateCache | undefined;

  constructor(deps: {
    db: Db;
    query: TalkQueryService;
    permissions: PermissionsService;
    subjects: SubjectCatalogue;
    /** Results by statement, dropped by the subject's writes (services.ts wires the invalidation). */
    cache?: AggregateCache;
  }) {
    this.cache = deps.cache;
    this.db = deps.db;
    this.query = deps.query;
    this.checks = { permissions: deps.permissions, subjects: deps.subjects };
  }

  async aggregate(auth: AuthContext, identifier: string, q: AggregateQuery): Promise<AggregateResponse> {
    const { policy, where, search } = await this.query.conditions(auth, identifier, {
      ...q,
      talkParent: undefined,
    });
    const { view, subject } = policy;
    const keys = q.groupBy.map((g) => this.keyPlan(policy, g.attribute, g.bucket));
    const measures = q.measures.map((m) => measureColumns(view, m, policy.rules.now.getTime()));
    const conditions = search ? [...where, search.plain] : where;
    const cache = this.cache;
    const memo: Memo | undefined = cache ? (key, read) => cache.through(subject.id, key, read) : undefined;

    if (keys.length === 0) {
      const row = await totalRow(
        this.db.kysely,
        subject.id,
        { rows: policy.rows, where: conditions, measures },
        memo,
      );
      const total = q.measures.map((m, i) => measureValue(m, row, i));
      return { groups: [{ keys: [], labels: [], values: total }], total, truncated: false };
    }

    const limit = q.top ?? AGGREGATE_MAX_GROUPS;
    const rows = await groupRows(
      this.db.kysely,
      subject.id,
      {
        rows: policy.rows,
        where: conditions,
        keys: keys.map((k) => k.expr),
        measures,
        order: q.top ? 'top' : 'keys',
        limit: limit + 1,
      },
      memo,
    );
    const cut = rows.length > limit;
    const kept = cut ? rows.slice(0, limit) : rows;
    // Every group was read: the totals add up from them; otherwise one more pass over the rows.
    const total = cut
      ? await totalRow(
          this.db.kysely,
          subject.id,
          { rows: policy.rows, where: conditions, measures },
          memo,
        ).then((row) => q.measures.map((m, i) => measureValue(m, row, i)))
      : q.measures.map((m, i) => combined(m, kept, i));
    const groups = await this.present(auth, subject, keys, kept, q.measures);
    if (!q.top) sortByLabel(groups, keys);
    // `top` cuts groups by their measure: whether more exist is what `truncated` tells.
    return { groups, total, truncated: cut };
  }

  /**
   * Checks an aggregate as the account would ask it, without reading any record: the subject, the
   * filters and the attributes (the dashboards' widgets are checked so before they are saved).
   * Throws what the call would answer (400, 404).
   */
  async check(auth: AuthContext, identifier: string, q: AggregateQuery): Promise<void> {
    const { policy } = await this.query.conditions(auth, identifier, { ...q, talkParent: undefined });
    for (const g of q.groupBy) this.keyPlan(policy, g.attribute, g.bucket);
    for (const m of q.measures) measureColumns(policy.view, m, policy.rules.now.getTime());
  }

  private keyPlan(policy: AccessPolicy, ref: string | number, bucket: AggregateBucket | undefined): KeyPlan {
    const a = attributeOf(policy.view, ref);
    if (!a || a.id === 0)
      throw badRequest([{ message: aggregateTexts.unknownAttribute(String(ref)), field: 'groupBy' }]);
    if (!hasColumn(a) || !GROUPABLE.has(a.kind) || (a.id > 0 && a.kind === 'text' && (a.length ?? 0) > 1000))
      throw badRequest([{ message: aggregateTexts.notGroupable(a.name), field: 'groupBy' }]);
    const col = sql.ref(`t.${columnOf(a)}`);
    const dialect = this.db.dialect;
    if (bucket !== undefined && a.kind !== 'date' && a.kind !== 'datetime')
      throw badRequest([{ message: aggregateTexts.bucketNeedsDate(a.name), field: 'groupBy' }]);
    if (a.kind === 'datetime') {
      const b = bucket ?? 'day';
      return {
        attribute: a,
        kind: 'bucket',
        bucket: b,
        expr: dateTimeBucket(dialect, col, b, policy.rules.timeZone),
      };
    }
    if (a.kind === 'date') {
      const b = bucket ?? 'day';
      return { attribute: a, kind: 'bucket', bucket: b, expr: civilBucket(dialect, col, b) };
    }
    if (isAccountColumn(a)) return { attribute: a, kind: 'account', expr: col };
    if (a.kind === 'reference') return { attribute: a, kind: 'reference', expr: col };
    if (a.kind === 'boolean') return { attribute: a, kind: 'boolean', expr: col };
    if (a.kind === 'text') return { attribute: a, kind: 'text', expr: col };
    return { attribute: a, kind: 'number', expr: col };
  }

  /** Rows to groups: keys as the contract gives them, labels the account may read. */
  private async present(
    auth: AuthContext,
    subject: SubjectMeta,
    keys: KeyPlan[],
    rows: AggregateRow[],
    measures: AggregateMeasure[],
  ): Promise<AggregateGroupRow[]> {
    const raw = rows.map((r) => keys.map((k, i) => keyOf(k, r[`k${String(i)}`])));
    const labels = await Promise.all(
      keys.map((k, i) =>
        this.labelsOf(
          auth,
          subject,
          k,
          raw.map((keysOfRow) => keysOfRow[i] ?? null),
        ),
      ),
    );
    return rows.map((r, row) => ({
      keys: raw[row] ?? [],
      labels: keys.map((_, i) => labels[i]?.[row] ?? aggregateTexts.empty),
      values: measures.map((m, i) => measureValue(m, r, i)),
    }));
  }

  private async labelsOf(
    auth: AuthContext,
    subject: SubjectMeta,
    k: KeyPlan,
    values: Key[],
  ): Promise<string[]> {
    const ids = values.filter((v): v is number => typeof v === 'number');
    let names = new Map<number, string>();
    if (k.kind === 'account') names = await accountNamesOf(this.db.kysely, ids);
    else if (k.kind === 'reference' && k.attribute.relatedSubjectId) {
      const related = k.attribute.relatedSubjectId;
      // Only records the account may read are named (the grid's rule); others keep their id.
      const found = await recordNames(
        this.db.kysely,
        new Map([[related, new Set(ids)]]),
        relatedLoader(this.checks, auth, subject),
      );
      names = new Map(
        ids.map((id) => [id, found.get(`${String(related)}:${String(id)}`) ?? `#${String(id)}`]),
      );
    }
    return values.map((v) => {
      if (v === null || v === '') return aggregateTexts.empty;
      if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
      if (k.kind === 'bucket' && typeof v === 'string') return bucketLabel(v, k.bucket ?? 'day');
      if (typeof v === 'number' && (k.kind === 'account' || k.kind === 'reference'))
        return names.get(v) ?? `#${String(v)}`;
      if (typeof v === 'number') return v.toLocaleString('pt-BR');
      return v;
    });
  }
}

function attributeOf(view: SubjectMeta, ref: string | number): AttributeMeta | undefined {
  const named = typeof ref === 'string' ? (CAMEL_COLUMNS[ref.toLowerCase()] ?? ref) : ref;
  return resolveAttribute(view, named);
}

function measureColumns(view: SubjectMeta, m: AggregateMeasure, now: number): MeasureColumns {
  if (m.fn === 'count') return { a: sql`count(*)` };
  let expr: Sql;
  const age = typeof m.attribute === 'string' ? ageOf(view, m.attribute) : undefined;
  if (age) {
    expr = sql`((${now} - ${sql.ref(`t.${columnOf(age)}`)}) / 86400000.0)`;
  } else {
    const a = attributeOf(view, m.attribute);
    if (!a || a.id === 0)
      throw badRequest([
        { message: aggregateTexts.unknownAttribute(String(m.attribute)), field: 'measures' },
      ]);
    if (!hasColumn(a) || !MEASURABLE.has(a.kind) || isAccountColumn(a))
      throw badRequest([{ message: aggregateTexts.notMeasurable(a.name), field: 'measures' }]);
    expr = sql.ref(`t.${columnOf(a)}`);
  }
  if (m.fn === 'avg') return { a: sql`sum(${expr})`, b: sql`count(${expr})` };
  return { a: sql`${sql.raw(m.fn)}(${expr})` };
}

/**
 * `ageDays` (since the record's creation) or `ageDays.{attribute}` (since a date-time of it): the
 * date-time whose age in days is measured; undefined for any other name. 400 when it is not one.
 */
function ageOf(view: SubjectMeta, ref: string): AttributeMeta | undefined {
  const [head, ...rest] = ref.split('.');
  if (head?.toLowerCase() !== AGGREGATE_AGE_DAYS.toLowerCase()) return undefined;
  const name = rest.join('.') || 'created_at';
  const a = attributeOf(view, name);
  if (!a) throw badRequest([{ message: aggregateTexts.unknownAttribute(name), field: 'measures' }]);
  if (a.kind !== 'datetime' || !hasColumn(a))
    throw badRequest([{ message: aggregateTexts.notMeasurable(a.name), field: 'measures' }]);
  return a;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function measureValue(m: AggregateMeasure, row: AggregateRow, i: number): number | null {
  const a = num(row[`m${String(i)}a`]);
  if (m.fn === 'count') return a ?? 0;
  if (m.fn !== 'avg') return a;
  const n = num(row[`m${String(i)}b`]);
  return a === null || !n ? null : a / n;
}

/** A measure over every group read (all of them): what one pass over the rows would give. */
function combined(m: AggregateMeasure, rows: AggregateRow[], i: number): number | null {
  const as = rows.map((r) => num(r[`m${String(i)}a`])).filter((v): v is number => v !== null);
  if (m.fn === 'count') return as.reduce((s, v) => s + v, 0);
  if (as.length === 0) return null;
  if (m.fn === 'sum') return as.reduce((s, v) => s + v, 0);
  if (m.fn === 'min') return Math.min(...as);
  if (m.fn === 'max') return Math.max(...as);
  const n = rows.reduce((s, r) => s + (num(r[`m${String(i)}b`]) ?? 0), 0);
  return n ? as.reduce((s, v) => s + v, 0) / n : null;
}

function keyOf(k: KeyPlan, v: unknown): Key {
  if (v === null || v === undefined) return null;
  if (k.kind === 'boolean') return Number(v) !== 0;
  if (k.kind === 'bucket' || k.kind === 'text')
    return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : null;
  return Number(v);
}

const MONTHS = new Intl.DateTimeFormat('pt-BR', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A bucket's label: its day (dd/mm/aaaa), the Monday of its week, or its month ("nov. de 2026"). */
function bucketLabel(day: string, bucket: AggregateBucket): string {
  const [y, m, d] = day.split('-');
  if (bucket === 'month') return MONTHS.format(new Date(Date.UTC(Number(y), Number(m) - 1, 1)));
  return `${d ?? ''}/${m ?? ''}/${y ?? ''}`;
}

/** Select (reference) and account keys in the order of their names, as an options list shows them. */
function sortByLabel(groups: AggregateGroupRow[], keys: KeyPlan[]): void {
  if (!keys.some((k) => k.kind === 'reference' || k.kind === 'account')) return;
  const byName = keys.map((k) => k.kind === 'reference' || k.kind === 'account');
  groups.sort((x, y) => {
    for (let i = 0; i < keys.length; i++) {
      const a = x.keys[i] ?? null;
      const b = y.keys[i] ?? null;
      if (a === null || b === null) {
        if (a !== b) return a === null ? 1 : -1;
        continue;
      }
      const c = byName[i]
        ? (x.labels[i] ?? '').localeCompare(y.labels[i] ?? '', 'pt-BR') || Number(a) - Number(b)
        : a < b
          ? -1
          : a > b
            ? 1
            : 0;
      if (c !== 0) return c;
    }
    return 0;
  });
}
