import { parse } from 'csv-parse/sync';
import { sql, type Kysely } from 'kysely';
import type { TalkWrite } from '@talkbase/domain/contracts/talks';
import { validateValue } from '@talkbase/domain/fields/validate-value';
import { normalizeForSearch } from '@talkbase/domain/fields/select';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { attributeColumn, hasColumn, talkTable } from '../subjects/subject-ddl.ts';
import type { AttributeMeta, SubjectMeta } from '../subjects/subject-meta.ts';
import type { SubjectsService } from '../subjects/subjects.service.ts';
import { displayAttribute } from '../talks/talk-presenter.ts';
import { toDbValue } from '../talks/talk-values.ts';
import * as talksRepo from '../talks/talks.repository.ts';
import { talkMessages, type TalksService } from '../talks/talks.service.ts';
import { parseCell } from './csv-values.ts';

/**
 * The check of a CSV import, before anything is written (a preview shows it, an import runs its
 * valid rows): the file read, columns mapped to attributes, every cell parsed and checked with the
 * rules of a create. The run is import.service.ts.
 */

/** Every user text of a CSV import (the route, the check and the run). */
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
/** Rows in a preview, errors kept in a preview. */
export const PREVIEW_ROWS = 20;
export const PREVIEW_ERRORS = 500;
/** Rows checked between two turns of the event loop (requests waiting get served). */
const YIELD_EVERY = 2_000;
export const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

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
  records: string[][];
  valid: Prepared[];
  errors: ImportError[];
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
    rows: plan.records.slice(0, PREVIEW_ROWS).map((values, i) => ({ row: i + 2, values })),
    errors: plan.errors.slice(0, PREVIEW_ERRORS),
    total: plan.records.length,
    errorRows: plan.errorRows,
  };
}

/** Parses, maps and checks the whole file: the rows ready to create and the errors of the rest. */
export async function planImport(
  deps: PlanDeps,
  auth: AuthContext,
  identifier: string,
  file: Buffer,
  mapping: Record<string, string | null> | undefined,
): Promise<ImportPlan> {
  const policy = await deps.talks.access(auth, identifier, 'create');
  const { subject, view, attributes: grants } = policy;
  const ctx = await deps.talks.ruleContext(auth);
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

  await resolveReferences(deps, auth, subject, targets, header, records, rowValues, rowError);

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
        if (first !== undefined) rowError(line, column, cell, importMessages.duplicateInFile(a.name, first));
        else keysSeen.set(key, line);
      }
    }
  }
  await checkKeysInTable(deps.db, subject, targets, header, records, rowValues, rowError);

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
async function resolveReferences(
  deps: PlanDeps,
  auth: AuthContext,
  subject: SubjectMeta,
  targets: (AttributeMeta | undefined)[],
  header: string[],
  records: string[][],
  rowValues: (Map<number, unknown> | undefined)[],
  rowError: RowError,
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
          const seen = await talksRepo.existingIds(deps.db.kysely, access.subject.id, ids, access.visible);
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
async function checkKeysInTable(
  db: Db,
  subject: SubjectMeta,
  targets: (AttributeMeta | undefined)[],
  header: string[],
  records: string[][],
  rowValues: (Map<number, unknown> | undefined)[],
  rowError: RowError,
) {
  const k = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
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

function keyOf(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
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
