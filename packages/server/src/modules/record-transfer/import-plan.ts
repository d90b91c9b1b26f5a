import { requireBulkWriter } from '../../access/administration.ts';
import { sql, type Kysely } from 'kysely';
import type { TalkWrite } from '@talkbase/domain/contracts/talks';
import { validateValue } from '@talkbase/domain/fields/validate-value';
import { normalizeForSearch } from '@talkbase/domain/fields/select';
import { restoreCell } from '@talkbase/domain/csv/csv-safety';
import type { Db } from '../../db/database.ts';
import { badRequest, forbidden, HttpError } from '../../http/errors.ts';
import type { AuthContext } from '../../access/identity.ts';
import { attributeColumn, hasColumn, talkTable } from '../../records/subject-ddl.ts';
import type { AttributeMeta, SubjectMeta } from '../../records/subject-meta.ts';
import type { SubjectCatalogue } from '../../records/subject-catalogue.ts';
import { displayAttribute } from '../records/record-presenter.ts';
import { toDbValue } from '../../records/record-values.ts';
import * as talksRepo from '../../records/records.repository.ts';
import { talkMessages, type Access, type TalksService } from '../records/records.service.ts';
import { formatCell, parseCell } from './csv-values.ts';
import { cellAt, cellsOf, type CsvTable } from './import-csv.ts';
import { REPORT_ERRORS, Turn } from './import-limits.ts';
import { importMessages } from './import-messages.ts';
import { ID_COLUMN, VERSION_COLUMN } from './record-columns.ts';

/**
 * The check of a CSV import, before anything is written (a preview shows it, an import runs its
 * valid rows): the file (read by import-csv.ts) mapped to attributes, every cell parsed and checked
 * with the rules of a create — or, for a row whose ID column names a record (record-columns.ts), of
 * a change to that record: only the cells that differ from what an export of it writes today are
 * changed, and only if the row's "Versão do registro" is the record's version. Long loops give the
 * event loop back every few milliseconds (Turn), so other requests are served while a large file
 * is checked. The run is import.service.ts.
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
  /** Rows without an error that create a record, change one, or leave one as it is. */
  creates: number;
  updates: number;
  unchanged: number;
}

/** A valid row: its line in the file and the create's body, or the change's (with the version). */
export interface Prepared {
  line: number;
  /** The record a change is for; none for a create. */
  talkId?: number;
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
  /** Rows naming a record whose cells are all as it is: nothing to write. */
  unchanged: number;
}

export interface PlanDeps {
  db: Db;
  talks: TalksService;
  subjects: SubjectCatalogue;
}

type RowError = (line: number, column: string, value: string, message: string) => void;

const norm = (s: string) => normalizeForSearch(s).trim();

/** A dry run's answer: the columns as mapped, the first rows and the first errors. */
export function previewOf(plan: ImportPlan): ImportPreview {
  const updates = plan.valid.filter((p) => p.talkId !== undefined).length;
  return {
    columns: plan.columns,
    attributes: plan.attributes,
    rows: plan.records.slice(0, PREVIEW_ROWS).map((row, i) => ({ row: i + 2, values: cellsOf(row) })),
    errors: plan.errors.slice(0, PREVIEW_ERRORS),
    total: plan.records.length,
    errorRows: plan.errorRows,
    creates: plan.valid.length - updates,
    updates,
    unchanged: plan.unchanged,
  };
}

/**
 * The account's policy for an import: it may create records of the subject, or change them (a file
 * with the ID column). Neither: the create's 403, as before changes could be imported.
 */
export async function importAccess(
  talks: TalksService,
  auth: AuthContext,
  identifier: string,
): Promise<Access> {
  requireBulkWriter(auth);
  try {
    return await talks.access(auth, identifier, 'create');
  } catch (err) {
    if (!(err instanceof HttpError) || err.statusCode !== 403) throw err;
    return talks.access(auth, identifier, 'update').catch(() => {
      throw err;
    });
  }
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

/** Maps and checks the whole file: the rows ready to create or change, and the errors of the rest. */
export async function planImport(
  deps: PlanDeps,
  auth: AuthContext,
  identifier: string,
  table: CsvTable,
  mapping: Record<string, string | null> | undefined,
): Promise<ImportPlan> {
  const policy = await importAccess(deps.talks, auth, identifier);
  const { subject, view, actions, attributes: grants } = policy;
  const ctx = await deps.talks.ruleContext(auth);
  const { header, rows: records } = table;
  if (header.every((h) => h.trim() === '')) throw badRequest(importMessages.empty);

  // The record's own columns: named by the mapping, else by their headers (as an export writes them).
  const special = (target: string, headers: string[]) => {
    const given = header.findIndex((h) => mapping && Object.hasOwn(mapping, h) && mapping[h] === target);
    if (given >= 0) {
      if (header.some((h, i) => i !== given && mapping?.[h] === target))
        throw badRequest(
          importMessages.twice(target === ID_COLUMN.target ? ID_COLUMN.name : VERSION_COLUMN.name),
        );
      return given;
    }
    return header.findIndex((h) => !(mapping && Object.hasOwn(mapping, h)) && headers.includes(norm(h)));
  };
  const idCol = special(ID_COLUMN.target, [norm(ID_COLUMN.header), norm(ID_COLUMN.name)]);
  const versionCol = idCol < 0 ? -1 : special(VERSION_COLUMN.target, [norm(VERSION_COLUMN.header)]);
  if (idCol < 0 && !actions.create) throw forbidden(talkMessages.notAllowed('create', subject.name));

  // Attributes the file may fill: those a create may set; with the ID column, those a change may too.
  const writable = view.attributes.filter((a) => {
    const grant = grants.get(a.id);
    return a.kind !== 'file' && (grant?.create !== false || (idCol >= 0 && grant.update));
  });
  // Columns → attributes: the mapping given, else a header equal to an attribute's name or identifier.
  const byKey = new Map<string, AttributeMeta>();
  for (const a of writable) {
    byKey.set(norm(a.identifier), a);
    if (!byKey.has(norm(a.name))) byKey.set(norm(a.name), a);
  }
  const targets: (AttributeMeta | undefined)[] = header.map((h, i) => {
    if (i === idCol || i === versionCol) return undefined;
    if (mapping && Object.hasOwn(mapping, h)) {
      const target = mapping[h];
      if (target === null || target === undefined || target === '') return undefined;
      if (target === VERSION_COLUMN.target) return undefined; // without the ID column: nothing to check
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
  const columns: ImportColumn[] = header.map((h, i) => {
    if (i === idCol) return { header: h, attribute: ID_COLUMN.target, attributeName: ID_COLUMN.name };
    if (i === versionCol)
      return { header: h, attribute: VERSION_COLUMN.target, attributeName: VERSION_COLUMN.name };
    return { header: h, attribute: targets[i]?.identifier ?? null, attributeName: targets[i]?.name ?? null };
  });

  const errors = new CheckErrors();
  const rowError = (line: number, column: string, value: string, message: string) =>
    errors.add({ row: line, column, value, message });
  const mapped = targets.flatMap((a, c) => (a ? [{ a, c }] : []));
  const turn = new Turn();
  // The records the rows name, as an export of them writes them today.
  const { talkIds, current } =
    idCol >= 0
      ? await currentRecords(deps, auth, policy, header, records, idCol, mapped, ctx.timeZone, rowError, turn)
      : { talkIds: [], current: new Map<number, CurrentRecord>() };

  const rowValues: (Map<number, unknown> | undefined)[] = [];
  for (let r = 0; r < records.length; r++) {
    if (turn.due()) await turn.next();
    const cells = cellsOf(records[r]);
    const line = r + 2;
    if (cells.length !== header.length) {
      rowError(line, '', '', importMessages.columnCount(cells.length, header.length));
      rowValues.push(undefined);
      continue;
    }
    const talkId = talkIds[r];
    const record = typeof talkId === 'number' ? current.get(talkId) : undefined;
    if (talkId === null || (talkId !== undefined && !record)) {
      // A bad or repeated ID (already said), or a record the account may not reach.
      if (talkId !== null)
        rowError(line, header[idCol] ?? '', cells[idCol] ?? '', importMessages.idNotFound(talkId));
      rowValues.push(undefined);
      continue;
    }
    if (!record && !actions.create) {
      rowError(line, header[idCol] ?? '', '', talkMessages.notAllowed('create', subject.name));
      rowValues.push(undefined);
      continue;
    }
    const values = new Map<number, unknown>();
    for (const { a, c } of mapped) {
      const cell = cells[c] ?? '';
      const was = record?.cells.get(a.id);
      // A cell as the export writes the record today is no change (a reference by a name two
      // records share, a date-time's seconds: they stay as they are).
      if (was && restoreCell(cell.trim()) === was.text) continue;
      const parsed = parseCell(a, cell, ctx.timeZone);
      if (!parsed.ok) rowError(line, header[c] ?? '', cell, parsed.message);
      else if (was && a.kind !== 'reference' && sameValue(parsed.value, was.value)) continue;
      else if (!record && grants.get(a.id)?.create === false && !isEmpty(parsed.value))
        rowError(line, header[c] ?? '', cell, talkMessages.attributeNotAllowed(a.name));
      else values.set(a.id, parsed.value);
    }
    rowValues.push(values);
  }

  await resolveReferences(deps, auth, subject, targets, header, records, rowValues, rowError, turn);

  // A change: the references that resolved to what the record holds are no change either; what is
  // left is changed only at the version the file was exported at.
  let unchanged = 0;
  for (let r = 0; r < records.length && idCol >= 0; r++) {
    if (turn.due()) await turn.next();
    const talkId = talkIds[r];
    const values = rowValues[r];
    const record = talkId ? current.get(talkId) : undefined;
    if (!record || !values) continue;
    for (const { a } of mapped)
      if (
        a.kind === 'reference' &&
        values.has(a.id) &&
        sameValue(values.get(a.id), record.cells.get(a.id)?.value)
      )
        values.delete(a.id);
    const line = r + 2;
    if (values.size === 0) {
      if (!errors.rows.has(line)) unchanged++;
      continue;
    }
    if (!actions.update) {
      const idText = cellAt(records, r, idCol);
      rowError(line, header[idCol] ?? '', idText, talkMessages.notAllowed('update', subject.name));
      continue;
    }
    const versionText = versionCol >= 0 ? cellAt(records, r, versionCol) : '';
    const version = /^\d{1,15}$/.test(versionText.trim()) ? Number(versionText.trim()) : undefined;
    const column = versionCol >= 0 ? (header[versionCol] ?? '') : '';
    if (versionText.trim() === '') rowError(line, column, '', importMessages.versionMissing(record.talkId));
    else if (version === undefined) rowError(line, column, versionText, importMessages.versionInvalid);
    else if (version !== record.version)
      rowError(line, column, versionText, importMessages.stale(record.talkId, record.version));
  }

  // The field rules of a create (of a change: of the values changed), the value's shape, then
  // natural keys in the file. A cell's text is looked up again only for an error.
  const checked = writable.map((a) => ({ a, c: targets.indexOf(a) }));
  const cellText = (r: number, c: number) => (c >= 0 ? cellAt(records, r, c) : '');
  const keysSeen = new Map<string, number>();
  for (let r = 0; r < records.length; r++) {
    if (turn.due()) await turn.next();
    const values = rowValues[r];
    if (!values) continue;
    const change = talkIds[r] !== undefined;
    const line = r + 2;
    for (const { a, c } of checked) {
      const column = c >= 0 ? (header[c] ?? a.name) : a.name;
      // Already refused while reading the cell, or not changed.
      if (c >= 0 && !values.has(a.id)) continue;
      // A change leaves the attributes the file has no column for as they are.
      if (c < 0 && change) continue;
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
    const talkId = talkIds[r];
    const record = talkId ? current.get(talkId) : undefined;
    if (record && values.size === 0) continue; // unchanged
    const talkValues = [...values].map(([subjectAttributeId, value]) => ({ subjectAttributeId, value }));
    valid.push(
      record
        ? { line, talkId: record.talkId, body: { talkValues, version: record.version } }
        : { line, body: { talkValues } },
    );
  }
  return {
    subject,
    columns,
    attributes: writable.map((a) => ({ identifier: a.identifier, name: a.name, isRequired: a.isRequired })),
    records,
    valid,
    errors: errors.sorted(),
    errorRows: errors.rows.size,
    unchanged,
  };
}

/** A record a row names: its version and, by attribute, the cell an export writes and the value. */
interface CurrentRecord {
  talkId: number;
  version: number;
  cells: Map<number, { text: string; value: unknown }>;
}

/**
 * The ID column read: each row's record id (undefined: a new record; null: a bad or repeated id,
 * said as the row's error), and the records they name that the account may see (its row filters),
 * presented as for an export, so that a cell can be compared with what the export wrote.
 */
async function currentRecords(
  deps: PlanDeps,
  auth: AuthContext,
  policy: Access,
  header: string[],
  records: string[],
  idCol: number,
  mapped: { a: AttributeMeta; c: number }[],
  timeZone: string,
  rowError: RowError,
  turn: Turn,
): Promise<{ talkIds: (number | null | undefined)[]; current: Map<number, CurrentRecord> }> {
  const talkIds: (number | null | undefined)[] = [];
  const firstLine = new Map<number, number>();
  for (let r = 0; r < records.length; r++) {
    if (turn.due()) await turn.next();
    const text = restoreCell(cellAt(records, r, idCol).trim());
    if (text === '') {
      talkIds.push(undefined);
      continue;
    }
    const line = r + 2;
    const id = /^#?(\d{1,15})$/.exec(text)?.[1];
    const first = id === undefined ? undefined : firstLine.get(Number(id));
    if (id === undefined || Number(id) === 0) {
      rowError(line, header[idCol] ?? '', text, importMessages.idInvalid);
      talkIds.push(null);
    } else if (first !== undefined) {
      rowError(line, header[idCol] ?? '', text, importMessages.idTwice(Number(id), first));
      talkIds.push(null);
    } else {
      firstLine.set(Number(id), line);
      talkIds.push(Number(id));
    }
  }
  const current = new Map<number, CurrentRecord>();
  const ids = [...firstLine.keys()];
  for (let i = 0; i < ids.length; i += 500) {
    if (turn.due()) await turn.next();
    const rows = await talksRepo.rowsByIds(
      deps.db.kysely,
      policy.subject,
      ids.slice(i, i + 500),
      policy.rows,
    );
    const presented = await deps.talks.present(auth, policy.subject, policy.actions, rows);
    for (const talk of presented) {
      const byId = new Map(talk.talkValues.map((tv) => [tv.subjectAttributeId, tv]));
      const cells = new Map<number, { text: string; value: unknown }>();
      for (const { a } of mapped) {
        const tv = byId.get(a.id);
        cells.set(a.id, { text: formatCell(a, tv, timeZone).trim(), value: tv?.value ?? null });
      }
      current.set(talk.talkId, { talkId: talk.talkId, version: talk.version, cells });
    }
  }
  return { talkIds, current };
}

const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** Two values alike for a change: empty ones (null, '', []) alike, the rest as JSON. */
function sameValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) && isEmpty(b);
  return JSON.stringify(a) === JSON.stringify(b);
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
