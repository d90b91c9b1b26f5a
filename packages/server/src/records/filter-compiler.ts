import { sql, type RawBuilder } from 'kysely';
import {
  isGroup,
  MULTI_OPERATORS,
  OPERATORS_BY_KIND,
  VALUELESS,
  type FilterNode,
  type FilterRule,
  type Operator,
} from '@talkbase/domain/filters/filter-tree';
import { badRequest } from '../http/errors.ts';
import { attributeColumn, hasColumn, multiTable } from './subject-ddl.ts';
import { columnAttribute, isAccountColumn, systemAttributeNamed, systemColumnOf } from './system-columns.ts';
import type { AttributeMeta, SubjectMeta } from './subject-meta.ts';
import { toDbValue, type DbValue } from './record-values.ts';
import { MAX_ID } from '@talkbase/domain/contracts/ids';
import { addDays, zonedDate, zonedDayStart } from './zoned-time.ts';

export interface CompileContext {
  /** Alias of the subject table in the query. */
  alias: string;
  timeZone: string;
  now: number;
}

export const filterMessages = {
  unknownAttribute: (a: string | number) => `Filtro inválido: o atributo ${a} não existe neste assunto.`,
  badOperator: (op: string, name: string) => `Filtro inválido: o operador ${op} não se aplica a ${name}.`,
  missingValue: (name: string) => `Filtro inválido: informe o valor para ${name}.`,
  badValue: (name: string) => `Filtro inválido: valor inadequado para ${name}.`,
};

type Sql = RawBuilder<unknown>;
const TRUE: Sql = sql`1 = 1`;
const FALSE: Sql = sql`1 = 0`;

const ID_ATTRIBUTE: AttributeMeta = columnAttribute('id', 'Id', 0, 'integer');

export function resolveAttribute(subject: SubjectMeta, ref: string | number): AttributeMeta | undefined {
  if (ref === 'id') return ID_ATTRIBUTE;
  if (typeof ref === 'number') return subject.attributes.find((a) => a.id === ref);
  const key = ref.toLowerCase();
  return (
    subject.attributes.find((a) => a.identifier === key) ??
    (/^\d+$/.test(key) ? subject.attributes.find((a) => a.id === Number(key)) : undefined) ??
    // created_at, created_by, updated_at, updated_by: the record's own columns (system-columns.ts).
    systemAttributeNamed(key)
  );
}

/** The talk row's column an attribute (or the id, or a system column) is stored in. */
export function columnOf(a: AttributeMeta): string {
  if (a.id === 0) return 'id';
  return systemColumnOf(a) ?? attributeColumn(a.id);
}

/**
 * Past this many rules on multi-valued attributes in one tree, their `exists` subqueries are
 * fenced (`limit 1 offset 0`) so that PostgreSQL checks each row against them instead of turning
 * every one into a semi-join of the query: it plans the joins of a query together, and the time
 * grows far faster than their number — 200 such rules under one "E" took 11.8 s to plan (and ~40 s
 * of a request, page and count), fenced 22 ms. Up to this many keep the semi-joins, which serve a
 * selective value on a large table best.
 */
const JOINED_MULTI_RULES = 4;

/** Compiles a (schema-valid) filter tree to a parameterised SQL condition; 400 on a semantic error. */
export function compileFilter(tree: FilterNode, subject: SubjectMeta, ctx: CompileContext): Sql {
  return compileNode(tree, subject, ctx, multiValuedRules(tree, subject) > JOINED_MULTI_RULES);
}

function multiValuedRules(node: FilterNode, subject: SubjectMeta): number {
  if (isGroup(node)) return node.rules.reduce((n, r) => n + multiValuedRules(r, subject), 0);
  const a = resolveAttribute(subject, node.attribute);
  return a && !hasColumn(a) ? 1 : 0;
}

function compileNode(tree: FilterNode, subject: SubjectMeta, ctx: CompileContext, fenced: boolean): Sql {
  if (isGroup(tree)) {
    if (tree.rules.length === 0) return TRUE;
    const parts = tree.rules.map((r) => compileNode(r, subject, ctx, fenced));
    return sql`(${sql.join(parts, tree.condition === 'E' ? sql` and ` : sql` or `)})`;
  }
  return compileRule(tree, subject, ctx, fenced);
}

function one(a: AttributeMeta, v: unknown): DbValue {
  const r = toDbValue(a, v, 'filter');
  if (!r.ok || r.value === null) throw badRequest(filterMessages.badValue(a.name));
  // Ids past the largest a row can have would fail as a query parameter on PostgreSQL.
  if ((a === ID_ATTRIBUTE || isAccountColumn(a)) && typeof r.value === 'number' && Math.abs(r.value) > MAX_ID)
    throw badRequest(filterMessages.badValue(a.name));
  return r.value;
}

function list(a: AttributeMeta, v: unknown): DbValue[] {
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v];
  if (items.length === 0 || items.length > 1000) throw badRequest(filterMessages.badValue(a.name));
  return items.map((x) => one(a, x));
}

function compileRule(rule: FilterRule, subject: SubjectMeta, ctx: CompileContext, fenced: boolean): Sql {
  const a = resolveAttribute(subject, rule.attribute);
  if (!a) throw badRequest(filterMessages.unknownAttribute(rule.attribute));
  const op = rule.operator;
  const allowed = a.isMultipleValues ? MULTI_OPERATORS : OPERATORS_BY_KIND[a.kind];
  if (!allowed.includes(op)) throw badRequest(filterMessages.badOperator(op, a.name));
  if (!VALUELESS.has(op) && (rule.value === undefined || rule.value === null || rule.value === '')) {
    throw badRequest(filterMessages.missingValue(a.name));
  }
  if (a.kind === 'file') throw badRequest(filterMessages.badOperator(op, a.name));
  if (!hasColumn(a)) return compileMulti(a, op, rule.value, subject, ctx, fenced);

  const col = sql.ref(`${ctx.alias}.${columnOf(a)}`);
  const text = (pattern: string) => sql`lower(${col}) like ${pattern} escape '\\'`;
  const escaped = () =>
    String(one(a, rule.value))
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => `\\${c}`);
  switch (op) {
    case 'equal':
      return a.kind === 'text'
        ? sql`lower(${col}) = ${String(one(a, rule.value)).toLowerCase()}`
        : sql`${col} = ${one(a, rule.value)}`;
    case 'not_equal':
      return a.kind === 'text'
        ? sql`(${col} is null or lower(${col}) <> ${String(one(a, rule.value)).toLowerCase()})`
        : sql`(${col} is null or ${col} <> ${one(a, rule.value)})`;
    case 'contains':
      return text(`%${escaped()}%`);
    case 'not_contains':
      return sql`(${col} is null or not (${text(`%${escaped()}%`)}))`;
    case 'begins_with':
      return text(`${escaped()}%`);
    case 'ends_with':
      return text(`%${escaped()}`);
    case 'is_empty':
      return a.kind === 'text' || a.kind === 'json'
        ? sql`(${col} is null or ${col} = '')`
        : sql`${col} is null`;
    case 'is_not_empty':
      return a.kind === 'text' || a.kind === 'json'
        ? sql`(${col} is not null and ${col} <> '')`
        : sql`${col} is not null`;
    case 'less':
      return sql`${col} < ${one(a, rule.value)}`;
    case 'less_or_equal':
      return sql`${col} <= ${one(a, rule.value)}`;
    case 'greater':
      return sql`${col} > ${one(a, rule.value)}`;
    case 'greater_or_equal':
      return sql`${col} >= ${one(a, rule.value)}`;
    case 'between': {
      const [lo, hi]: unknown[] = Array.isArray(rule.value) ? (rule.value as unknown[]) : [];
      return sql`${col} between ${one(a, lo)} and ${one(a, hi)}`;
    }
    case 'in':
    case 'not_in': {
      const values = list(a, rule.value).map((v) => (a.kind === 'text' ? String(v).toLowerCase() : v));
      const target = a.kind === 'text' ? sql`lower(${col})` : col;
      return op === 'in'
        ? sql`${target} in (${sql.join(values)})`
        : sql`(${col} is null or ${target} not in (${sql.join(values)}))`;
    }
    case 'today':
    case 'last_n_days':
    case 'next_n_days':
      return relativeDays(a, col, op, rule.value, ctx);
  }
}

/** Day ranges in the company's time zone: today; the last N days up to today; today and the next N. */
function relativeDays(a: AttributeMeta, col: Sql, op: Operator, value: unknown, ctx: CompileContext): Sql {
  const n = op === 'today' ? 0 : Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 36500) throw badRequest(filterMessages.badValue(a.name));
  const today = zonedDate(ctx.now, ctx.timeZone);
  const [from, to] = op === 'last_n_days' ? [addDays(today, -n), today] : [today, addDays(today, n)];
  if (a.kind === 'date') return sql`${col} between ${from} and ${to}`;
  return sql`(${col} >= ${zonedDayStart(from, ctx.timeZone)} and ${col} < ${zonedDayStart(addDays(to, 1), ctx.timeZone)})`;
}

function compileMulti(
  a: AttributeMeta,
  op: Operator,
  value: unknown,
  subject: SubjectMeta,
  ctx: CompileContext,
  fenced: boolean,
): Sql {
  const m = sql.table(multiTable(subject.id));
  // An offset keeps PostgreSQL from pulling the subquery up into a join (JOINED_MULTI_RULES);
  // SQLite takes it too, with the limit it requires beside an offset.
  const fence = fenced ? sql` limit 1 offset 0` : sql``;
  const id = sql.ref(`${ctx.alias}.id`);
  const numeric = a.kind !== 'text' && a.kind !== 'date' && a.kind !== 'json';
  const valueCol = numeric ? sql.ref('m.value_number') : sql.ref('m.value_text');
  const exists = (cond: Sql) =>
    sql`exists (select 1 from ${m} as m where m.talk_id = ${id} and m.attribute_id = ${a.id} and ${cond}${fence})`;
  switch (op) {
    case 'equal':
      return exists(sql`${valueCol} = ${one(a, value)}`);
    case 'in':
      return exists(sql`${valueCol} in (${sql.join(list(a, value))})`);
    case 'is_empty':
      return sql`not ${exists(TRUE)}`;
    case 'is_not_empty':
      return exists(TRUE);
    default:
      return FALSE;
  }
}
