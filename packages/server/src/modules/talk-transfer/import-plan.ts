import { sql, type Kysely } from 'kysely';
import type { TalkWrite } from '@talkbase/domain/contracts/talks';
import { validateValue } from '@talkbase/domain/fields/validate-value';
import { normalizeForSearch } from '@talkbase/domain/fields/select';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { AuthContext } from '../../access/identity.ts';
import { attributeColumn, hasColumn, talkTable } from '../subjects/subject-ddl.ts';
import type { AttributeMeta, SubjectMeta } from '../subjects/subject-meta.ts';
import type { SubjectsService } from '../subjects/subjects.service.ts';
import { displayAttribute } from '../talks/talk-presenter.ts';
import { toDbValue } from '../talks/talk-values.ts';
import * as talksRepo from '../talks/talks.repository.ts';
import { talkMessages, type TalksService } from '../talks/talks.service.ts';
import { parseCell } from './csv-values.ts';
import { cellAt, cellsOf, type CsvTable } from './import-csv.ts';
import { REPORT_ERRORS, Turn } from './import-limits.ts';
import { importMessages } from './import-messages.ts';

/**
 * The check of a CSV import, before anything is written (a preview shows it, an import runs its
 * valid rows): the file (read by import-csv.ts) mapped to attributes, every cell parsed and checked
 * with the rules of a create. Long loops give the event loop back every few milliseconds (Turn),
 * so other requests are served while a large file is checked. The run is import.service.ts.
 */

export { importMessages } from './import-messages.ts';
export { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, yieldToIo } from './import-limits.ts';

/** Rows in a preview, errors kept in a preview. */
export const PREVIEW_ROWS = 20;
export const PREVIEW_ERRORS = 500;

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

/** A valid row: its line in the file and the create's body. */
interface Prepared {
  line: number;
  body: TalkWrite;
}

/** A checked file: its rows, the valid ones ready to create and the errors of the rest. */
export interface ImportPlan {
  subject: SubjectMeta;
  columns: ImportColumn[];
  attributes: ImportPreview['attributes'];
  /** The file's data rows, each as import-csv.ts keeps it (cellsOf splits one). */
  records: string[];
  valid: Prepared[];
  /** The first REPORT_ERRORS errors, by row. */
  errors: ImportError[];
  /** Rows with at least one error, all of them. */
  errorRows: number;
}

export interface PlanDeps {
  db: Db;
  talks: TalksService;
  subjects: SubjectsService;
}

type RowError = (line: number, column: string, value: string, message: string) => void;

const norm = (s: string) => normalizeForSearch(s).trim();

/** A dry run's answer: the columns as mapped, the first rows and the first errors. */
export function previewOf(plan: ImportPlan): ImportPreview {
  return {
    columns: plan.columns,
    attributes: plan.attributes,
    rows: plan.records.slice(0, PREVIEW_ROWS).map((row, i) => ({ row: i + 2, values: cellsOf(row) })),
    errors: plan.errors.slice(0, PREVIEW_ERRORS),
    total: plan.records.length,
    errorRows: plan.errorRows,
  };
}

/**
 * The errors of a check: every row with one is counted; only the first REPORT_ERRORS by row are
 * kept (all a report or a preview shows), so a file whose every cell is wrong costs no more.
 */
class CheckErrors {
  private list: ImportError[] = [];
  readonly rows = new Set<number>();

  add(error: ImportError): void {
    this.rows.add(error.row);
    this.list.push(error);
    if (this.list.length >= 2 * REPORT_ERRORS) this.cut();
  }

  /** The kept errors by row (a stable sort: a row's errors stay in the order found). */
  sorted(): ImportError[] {
    this.cut();
    return this.list;
  }

  private cut(): void {
    this.list.sort((a, b) => a.row - b.row);
    if (this.list.length > REPORT_ERRORS) this.list.length = REPORT_ERRORS;
  }
}

/** Maps and checks the whole file: the rows ready to create and the errors of the rest. */
export async function planImport(
  deps: PlanDeps,
  auth: AuthContext,
  identifier: string,
  table: CsvTable,
  mapping: Record<string, string | null> | undefined,
): Promise<ImportPlan> {
  const policy = await deps.talks.access(auth, identifier, 'create');
  const { subject, view, attributes: grants } = policy;
  const ctx = await deps.talks.ruleContext(auth);
  const writable = view.attributes.filter((a) => a.kind !== 'file' && grants.get(a.id)?.create !== false);
  const { header, rows: records } = table;
  if (header.every((h) => h.trim() === '')) throw badRequest(importMessages.empty);

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

  const errors = new CheckErrors();
  const rowValues: (Map<number, unknown> | undefined)[] = [];
  const rowError = (line: number, column: string, value: string, message: string) =>
    errors.add({ row: line, column, value, message });
  const mapped = targets.flatMap((a, c) => (a ? [{ a, c }] : []));
  const turn = new Turn();
  for (let r = 0; r < records.length; r++) {
    if (turn.due()) await turn.next();
    const cells = cellsOf(records[r]);
    const line = r + 2;
    if (cells.length !== header.length) {
      rowError(line, '', '', importMessages.columnCount(cells.length, header.length));
      rowValues.push(undefined);
      continue;
    }
    const values = new Map<number, unknown>();
    for (const { a, c } of mapped) {
      const cell = cells[c] ?? '';
      const parsed = parseCell(a, cell, ctx.timeZone);
      if (!parsed.ok) rowError(line, header[c] ?? '', cell, parsed.message);
      else values.set(a.id, parsed.value);
    }
    rowValues.push(values);
  }

  await resolveReferences(deps, auth, subject, targets, header, records, rowValues, rowError, turn);

  // The field rules of a create, the value's shape, then natural keys in the file. A cell's text
  // is looked up again only for an error.
  const checked = writable.map((a) => ({ a, c: targets.indexOf(a) }));
  const cellText = (r: number, c: number) => (c >= 0 ? cellAt(records, r, c) : '');
  const keysSeen = new Map<string, number>();
  for (let r = 0; r < records.length; r++) {
    if (turn.due()) await turn.next();
    const values = rowValues[r];
    if (!values) continue;
    const line = r + 2;
    for (const { a, c } of checked) {
      const column = c >= 0 ? (header[c] ?? a.name) : a.name;
      if (c >= 0 && !values.has(a.id)) continue; // already refused while reading the cell
      const value = values.get(a.id);
      if (c < 0 && a.defaultValue !== null) continue;
      const ruleErrors = validateValue({ ...a, isRequired: a.isRequired && !a.isInternal }, value, ctx);
      if (ruleErrors.length) {
        for (const e of ruleErrors) rowError(line, column, cellText(r, c), e.message);
        continue;
      }
      if (c < 0) continue;
      for (const item of Array.isArray(value) && a.kind !== 'json' ? (value as unknown[]) : [value]) {
        const shape = toDbValue(a, item, a.identifier);
        if (!shape.ok) rowError(line, column, cellText(r, c), shape.error.message);
      }
      if (a.isNaturalKey && hasColumn(a) && value !== null && value !== undefined && value !== '') {
        const key = `${a.id}:${keyOf(value)}`;
        const first = keysSeen.get(key);
        if (first !== undefined)
          rowError(line, column, cellText(r, c), importMessages.duplicateInFile(a.name, first));
        else keysSeen.set(key, line);
      }
    }
  }
  await checkKeysInTable(deps.db, subject, targets, header, records, rowValues, rowError, turn);

  const valid: Prepared[] = [];
  for (let r = 0; r < rowValues.length; r++) {
    if (turn.due()) await turn.next();
    const values = rowValues[r];
    const line = r + 2;
    if (!values || errors.rows.has(line)) continue;
    valid.push({
      line,
      body: {
        talkValues: [...values].map(([subjectAttributeId, value]) => ({ subjectAttributeId, value })),
      },
    });
  }
  return {
    subject,
    columns,
    attributes: writable.map((a) => ({ identifier: a.identifier, name: a.name, isRequired: a.isRequired })),
    records,
    valid,
    errors: errors.sorted(),
    errorRows: errors.rows.size,
  };
}

/**
 * References by the related record's name (its display attribute), or by id ("#12" or "12"),
 * among the related records the account may read; one that is not found is the create's error.
 */
async function resolveReferences(
  deps: PlanDeps,
  auth: AuthContext,
  subject: SubjectMeta,
  targets: (AttributeMeta | undefined)[],
  header: string[],
  records: string[],
  rowValues: (Map<number, unknown> | undefined)[],
  rowError: RowError,
  turn: Turn,
) {
  for (const [c, a] of targets.entries()) {
    if (!a || a.kind !== 'reference' || !a.relatedSubjectId) continue;
    const related =
      a.relatedSubjectId === subject.id
        ? subject
        : await deps.subjects.loadById(auth.companyId, a.relatedSubjectId).catch(() => undefined);
    const access = related
      ? await deps.talks.accessTo(auth, related, 'read').catch(() => undefined)
      : undefined;
    const texts = new Set<string>();
    for (const values of rowValues) {
      if (turn.due()) await turn.next();
      const v = values?.get(a.id);
      for (const t of Array.isArray(v) ? (v as unknown[]) : [v]) if (typeof t === 'string') texts.add(t);
    }
    const found = new Map<string, number>();
    if (access && texts.size) {
      const nameAttr = displayAttribute(access.view);
      const list = [...texts];
      const k = deps.db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
      for (let i = 0; i < list.length; i += 500) {
        const chunk = list.slice(i, i + 500);
        const ids = chunk
          .map((t) => /^#?(\d{1,15})$/.exec(t)?.[1])
          .filter((x): x is string => x !== undefined)
          .map(Number);
        if (ids.length) {
          const seen = await talksRepo.existingIds(deps.db.kysely, access.subject.id, ids, access.rows);
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
          if (access.rows.condition) q = q.where(access.rows.condition as never);
          for (const row of await q.execute()) {
            const name = String(row.name);
            // A name wins over an id; two records of one name: the first (oldest) one.
            if (!found.has(name) || /^#?\d+$/.test(name)) found.set(name, Number(row.id));
          }
        }
      }
    }
    for (let r = 0; r < rowValues.length; r++) {
      if (turn.due()) await turn.next();
      const values = rowValues[r];
      if (!values || !values.has(a.id)) continue;
      const v = values.get(a.id);
      const list = Array.isArray(v) ? (v as unknown[]) : [v];
      const ids: number[] = [];
      let missing = false;
      for (const t of list) {
        if (typeof t !== 'string') continue;
        const id = found.get(t);
        if (id === undefined) {
          rowError(r + 2, header[c] ?? a.name, cellAt(records, r, c), talkMessages.relatedMissing(a.name));
          values.delete(a.id);
          missing = true;
          break;
        }
        ids.push(id);
      }
      if (!missing) values.set(a.id, Array.isArray(v) ? ids : (ids[0] ?? null));
    }
  }
}

/** Natural keys already taken in the table (the create's "… já está sendo usado"). */
async function checkKeysInTable(
  db: Db,
  subject: SubjectMeta,
  targets: (AttributeMeta | undefined)[],
  header: string[],
  records: string[],
  rowValues: (Map<number, unknown> | undefined)[],
  rowError: RowError,
  turn: Turn,
) {
  const k = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
  for (const [c, a] of targets.entries()) {
    if (!a || !a.isNaturalKey || !hasColumn(a)) continue;
    const col = attributeColumn(a.id);
    const wanted = new Map<string, number[]>();
    for (let r = 0; r < rowValues.length; r++) {
      if (turn.due()) await turn.next();
      const v = rowValues[r]?.get(a.id);
      if (v === null || v === undefined || v === '') continue;
      const key = keyOf(v);
      const rows = wanted.get(key);
      if (rows) rows.push(r);
      else wanted.set(key, [r]);
    }
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
          rowError(r + 2, header[c] ?? a.name, cellAt(records, r, c), talkMessages.taken(a.name));
    }
  }
}

function keyOf(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}
