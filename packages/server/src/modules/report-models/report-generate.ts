import type { Readable } from 'node:stream';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { TalkValue } from '@talkbase/domain/contracts/talks';
import {
  columnColors,
  columnName,
  columnWidth,
  placeholdersOf,
  type ReportColumn,
} from '@talkbase/domain/fields/report-columns';
import type { Db } from '../../db/database.ts';
import { HttpError, unprocessable } from '../../http/errors.ts';
import type { AccessPolicy } from '../../access/access-policy.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { PermissionsService } from '../../access/permissions.service.ts';
import { attributeColumn, hasColumn, talkTable } from '../../records/subject-ddl.ts';
import type { AttributeMeta, SubjectMeta } from '../../records/subject-meta.ts';
import { fromDbValue } from '../../records/record-values.ts';
import { multiValuesOf, type TalkRow } from '../../records/records.repository.ts';
import type { TalksService } from '../records/records.service.ts';
import { talkConditions } from '../records/record-query.service.ts';
import { reportText } from './report-values.ts';
import { findModel } from './report-models.repository.ts';
import { xlsxStream, type SheetCell, type SheetColumn } from './report-workbook.ts';

export const reportMessages = {
  modelMissing: 'O modelo de relatório escolhido não existe mais ou você não tem acesso a ele.',
};

/** Main records read per query (keyset by id): one page of rows and their related records in memory. */
export const REPORT_PAGE = 50;
const SELECT_MODEL = 20;
const SELECT_FILTER = 16;
const LINE_BREAK = '\n';

type Dyn = Record<string, Record<string, unknown>>;

/** A step from a subject already reached to another: `attribute` lives on one and points to the other. */
interface Link {
  parent: SubjectMeta;
  child: AccessPolicy;
  attribute: AttributeMeta;
  /** The attribute is the child's (children point to the parent): many children per parent. */
  toMany: boolean;
}

interface Slot {
  subjectId: number;
  /** Undefined when the account may not read it (or it does not exist): an empty value. */
  attribute: AttributeMeta | undefined;
  text: string;
}

interface Line {
  template: string;
  grouped: boolean;
  slots: Slot[];
}

interface PlannedColumn extends SheetColumn {
  lines: Line[];
}

/** The records of each reached subject for each main record of a page. */
type Reached = Map<number, Map<number, TalkRow[]>>;

/**
 * The report a "file on demand" attribute (34) makes when its record names a report model (the
 * record's select-model, 20) and, optionally, a saved filter of the model's subject (select-filter,
 * 16): one row per record the filter selects that the account may read (its delimitation and
 * limits, `policy.rows`), one column per model column, each value line built from
 * `${subject.attribute}` placeholders over the main subject and the subjects the model relates,
 * each read through the account's own policy on that subject (hidden attributes stay empty).
 * Grouped lines repeat for every related record, one per line.
 */
export class ReportGenerator {
  private readonly db: Db;
  private readonly talks: TalksService;
  private readonly permissions: PermissionsService;

  constructor(deps: { db: Db; talks: TalksService; permissions: PermissionsService }) {
    this.db = deps.db;
    this.talks = deps.talks;
    this.permissions = deps.permissions;
  }

  private get k(): Kysely<Dyn> {
    return this.db.kysely as unknown as Kysely<Dyn>;
  }

  /**
   * The model and filter a record names through attributes the account may read; undefined when
   * the record names no report model (the caller then makes its default file).
   */
  choice(
    record: AccessPolicy,
    row: TalkRow,
    fileAttribute: AttributeMeta,
  ): { modelId: number; modelAttribute: AttributeMeta; filterId: number | null } | undefined {
    const view = record.view.attributes;
    const named = fileAttribute.componentConfigs.modelAttribute;
    const modelAttribute =
      (typeof named === 'string'
        ? view.find((a) => a.identifier === named.trim().toLowerCase() && a.componentId === SELECT_MODEL)
        : undefined) ?? view.find((a) => a.componentId === SELECT_MODEL && a.relatedSubjectId === null);
    // A model attribute with a related subject picks a record of it, not a report model.
    if (!modelAttribute || modelAttribute.relatedSubjectId !== null || !hasColumn(modelAttribute))
      return undefined;
    const modelId = idOf(row[attributeColumn(modelAttribute.id)]);
    if (modelId === null) return undefined;
    const filterAttribute =
      view.find(
        (a) =>
          a.componentId === SELECT_FILTER &&
          hasColumn(a) &&
          a.componentConfigs.modelAttribute === modelAttribute.identifier,
      ) ?? view.find((a) => a.componentId === SELECT_FILTER && hasColumn(a));
    const filterId = filterAttribute ? idOf(row[attributeColumn(filterAttribute.id)]) : null;
    return { modelId, modelAttribute, filterId };
  }

  /**
   * Checks everything that can fail (the model, the filter, the account's access) before the
   * first byte, then answers the workbook as a stream.
   */
  async generate(
    auth: AuthContext,
    choice: { modelId: number; modelAttribute: AttributeMeta; filterId: number | null },
  ): Promise<{ name: string; body: Readable }> {
    const missing = () =>
      unprocessable([{ message: reportMessages.modelMissing, field: choice.modelAttribute.identifier }]);
    const model = await findModel(this.db.kysely, auth.companyId, choice.modelId);
    const mainSubject = model ? await this.permissions.subjectById(auth, model.subject_id) : undefined;
    if (!model || !mainSubject) throw missing();
    const main = await this.talks.accessTo(auth, mainSubject, 'read').catch((err: unknown) => {
      throw err instanceof HttpError && err.statusCode === 404 ? missing() : err;
    });
    const doc = parseDocument(model.document);
    const links = await this.linksOf(auth, main, doc.relatedSubjects);
    const reached = new Map<string, AccessPolicy>([[main.subject.identifier, main]]);
    for (const l of links) reached.set(l.child.subject.identifier, l.child);
    const columns = planColumns(doc.columns, reached);

    const { where } = await talkConditions(this.db, this.talks, auth, main, {
      isActive: true,
      filterIds: choice.filterId === null ? [] : [choice.filterId],
      tagIds: [],
      filterJson: undefined,
      talkParent: undefined,
      term: undefined,
    });
    if (main.rows.condition) where.push(main.rows.condition);

    const pages = this.pages(auth, main, links, where, columns);
    return { name: `${fileSafe(model.name)}.xlsx`, body: xlsxStream(model.name, columns, pages) };
  }

  /** The model's relations in order, each from a subject already reached; unreadable ones end there. */
  private async linksOf(
    auth: AuthContext,
    main: AccessPolicy,
    relations: {
      relatedSubjectId: number;
      relationshipSubjectAttributeId: number;
      relationshipOwnerSubjectId: number;
      order: number;
    }[],
  ): Promise<Link[]> {
    const policies = new Map<number, AccessPolicy>([[main.subject.id, main]]);
    const links: Link[] = [];
    let pending = [...relations].sort((a, b) => a.order - b.order);
    for (let progress = true; progress && pending.length > 0;) {
      progress = false;
      const left: typeof pending = [];
      for (const r of pending) {
        const from = policies.has(r.relationshipOwnerSubjectId)
          ? r.relationshipOwnerSubjectId
          : policies.has(r.relatedSubjectId)
            ? r.relatedSubjectId
            : null;
        const toId =
          from === r.relationshipOwnerSubjectId ? r.relatedSubjectId : r.relationshipOwnerSubjectId;
        if (from === null) {
          left.push(r);
          continue;
        }
        progress = true;
        const parent = policies.get(from);
        if (!parent || policies.has(toId)) continue;
        const target = await this.permissions.subjectById(auth, toId);
        const child = target ? await this.permissions.readable(auth, target) : null;
        if (!child) continue;
        // The link's attribute must be one the account reads, on whichever side it lives.
        const onParent = parent.view.attributes.find((a) => a.id === r.relationshipSubjectAttributeId);
        const onChild = child.view.attributes.find((a) => a.id === r.relationshipSubjectAttributeId);
        if (onParent?.relatedSubjectId === child.subject.id)
          links.push({ parent: parent.subject, child, attribute: onParent, toMany: false });
        else if (onChild?.relatedSubjectId === parent.subject.id && hasColumn(onChild))
          links.push({ parent: parent.subject, child, attribute: onChild, toMany: true });
        else continue;
        policies.set(toId, child);
      }
      pending = left;
    }
    return links;
  }

  private async *pages(
    auth: AuthContext,
    main: AccessPolicy,
    links: Link[],
    where: RawBuilder<unknown>[],
    columns: PlannedColumn[],
  ): AsyncGenerator<SheetCell[][]> {
    const policies = new Map<number, AccessPolicy>([[main.subject.id, main]]);
    for (const l of links) policies.set(l.child.subject.id, l.child);
    // The attributes each subject's cells need, to know whether its rows must be presented.
    const used = new Map<number, AttributeMeta[]>();
    for (const c of columns)
      for (const line of c.lines)
        for (const s of line.slots)
          if (s.attribute) used.set(s.subjectId, [...(used.get(s.subjectId) ?? []), s.attribute]);
    const selected = selectedColumns(policies, used, links);
    const select = (subjectId: number) => selected.get(subjectId) ?? ['t.id'];

    let after = 0;
    for (;;) {
      let query = this.k.selectFrom(`${talkTable(main.subject.id)} as t`).select(select(main.subject.id));
      for (const w of where) query = query.where(w as RawBuilder<boolean>);
      const rows = (await query
        .where('t.id', '>', after)
        .orderBy('t.id')
        .limit(REPORT_PAGE)
        .execute()) as unknown as TalkRow[];
      if (rows.length === 0) return;
      const reached: Reached = new Map([[main.subject.id, new Map(rows.map((r) => [r.id, [r]]))]]);
      for (const link of links)
        reached.set(link.child.subject.id, await this.follow(link, reached, select(link.child.subject.id)));

      const values = new Map<number, (row: TalkRow, a: AttributeMeta) => string>();
      for (const [subjectId, attrs] of used) {
        const policy = policies.get(subjectId);
        const byMain = reached.get(subjectId);
        if (policy && byMain) values.set(subjectId, await this.formatter(auth, policy, attrs, byMain));
      }
      yield rows.map((row) => columns.map((c) => cellOf(c, row.id, reached, values)));
      if (rows.length < REPORT_PAGE) return;
      after = rows[rows.length - 1]?.id ?? after;
    }
  }

  /** The child records of each main record, through the parent's records, as the account sees them. */
  private async follow(link: Link, reached: Reached, columns: string[]): Promise<Map<number, TalkRow[]>> {
    const parents = reached.get(link.parent.id) ?? new Map<number, TalkRow[]>();
    const out = new Map<number, TalkRow[]>();
    const child = link.child;
    if (!link.toMany) {
      // Parent → child: the parent's attribute holds the child's id (or, multi-valued, ids).
      const targets = new Map<number, number[]>();
      const allParents = [...new Set([...parents.values()].flat())];
      if (hasColumn(link.attribute)) {
        for (const p of allParents) {
          const id = idOf(p[attributeColumn(link.attribute.id)]);
          if (id !== null) targets.set(p.id, [id]);
        }
      } else {
        const multi = await multiValuesOf(
          this.db.kysely,
          link.parent.id,
          allParents.map((p) => p.id),
        );
        for (const m of multi) {
          const id = idOf(m.value_number ?? m.value_text);
          if (m.attribute_id === link.attribute.id && id !== null)
            targets.set(m.talk_id, [...(targets.get(m.talk_id) ?? []), id]);
        }
      }
      const ids = [...new Set([...targets.values()].flat())];
      let query = this.k
        .selectFrom(`${talkTable(child.subject.id)} as t`)
        .select(columns)
        .where('t.id', 'in', ids.length ? ids : [0]);
      if (child.rows.condition) query = query.where(child.rows.condition as RawBuilder<boolean>);
      const found = (await query.execute()) as unknown as TalkRow[];
      const byId = new Map(found.map((r) => [r.id, r]));
      for (const [mainId, list] of parents)
        out.set(
          mainId,
          unique(list.flatMap((p) => (targets.get(p.id) ?? []).flatMap((id) => byId.get(id) ?? []))),
        );
      return out;
    }
    // Child → parent: every child record whose attribute names one of the parents.
    const parentIds = [...new Set([...parents.values()].flat().map((p) => p.id))];
    if (parentIds.length === 0) return out;
    const column = attributeColumn(link.attribute.id);
    let query = this.k
      .selectFrom(`${talkTable(child.subject.id)} as t`)
      .select(columns)
      .where(sql.ref(`t.${column}`), 'in', parentIds)
      .where('t.is_active', '=', 1);
    if (child.rows.condition) query = query.where(child.rows.condition as RawBuilder<boolean>);
    const found = (await query.orderBy('t.id').execute()) as unknown as TalkRow[];
    const byParent = new Map<number, TalkRow[]>();
    for (const r of found) {
      const p = idOf(r[column]);
      if (p !== null) byParent.set(p, [...(byParent.get(p) ?? []), r]);
    }
    for (const [mainId, list] of parents)
      out.set(mainId, unique(list.flatMap((p) => byParent.get(p.id) ?? [])));
    return out;
  }

  /**
   * How one subject's values read in a cell: straight from the row for plain columns, through
   * the presenter (related names, files, lists) when a used attribute needs it.
   */
  private async formatter(
    auth: AuthContext,
    policy: AccessPolicy,
    attrs: AttributeMeta[],
    byMain: Map<number, TalkRow[]>,
  ): Promise<(row: TalkRow, a: AttributeMeta) => string> {
    const { timeZone } = policy.rules;
    if (attrs.every(isPlain))
      return (row, a) =>
        reportText(
          a,
          {
            subjectAttributeId: a.id,
            subjectAttributeIdentifier: a.identifier,
            value: fromDbValue(a, row[attributeColumn(a.id)]),
          },
          timeZone,
        );
    const rows = unique([...byMain.values()].flat());
    const presented = await this.talks.present(auth, policy.subject, policy.actions, rows);
    const byTalk = new Map<number, Map<number, TalkValue>>(
      presented.map((t) => [t.talkId, new Map(t.talkValues.map((v) => [v.subjectAttributeId, v]))]),
    );
    return (row, a) => reportText(a, byTalk.get(row.id)?.get(a.id), timeZone);
  }
}

/** An attribute whose cell is its own column's value, without the presenter (names, files, lists). */
const isPlain = (a: AttributeMeta) => hasColumn(a) && a.kind !== 'reference' && a.kind !== 'file';

/** A talk row's own columns besides its values, as the presenter reads them (export.service.ts). */
const TALK_ROW_COLUMNS = ['is_active', 'version', 'created_at', 'created_by', 'updated_at', 'updated_by'];

/**
 * The columns each subject's rows are read with: the id, the cells' attributes (every attribute
 * column and the row's own columns when the presenter is needed) and the links' attributes. Never
 * the search text, often a row's largest column.
 */
function selectedColumns(
  policies: Map<number, AccessPolicy>,
  used: Map<number, AttributeMeta[]>,
  links: Link[],
): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const [subjectId, policy] of policies) {
    const attrs = used.get(subjectId) ?? [];
    const columns = new Set(['id']);
    if (attrs.every(isPlain)) for (const a of attrs) columns.add(attributeColumn(a.id));
    else {
      for (const c of TALK_ROW_COLUMNS) columns.add(c);
      for (const a of policy.subject.attributes) if (hasColumn(a)) columns.add(attributeColumn(a.id));
    }
    for (const l of links) {
      const holder = l.toMany ? l.child.subject.id : l.parent.id;
      if (holder === subjectId && hasColumn(l.attribute)) columns.add(attributeColumn(l.attribute.id));
    }
    out.set(
      subjectId,
      [...columns].map((c) => `t.${c}`),
    );
  }
  return out;
}

/** The model's columns as the sheet needs them, each placeholder resolved against the account's view. */
function planColumns(columns: ReportColumn[], reached: Map<string, AccessPolicy>): PlannedColumn[] {
  return [...columns]
    .sort((a, b) => (orderOf(a) ?? 0) - (orderOf(b) ?? 0))
    .map((c) => {
      const colors = columnColors(c);
      return {
        name: columnName(c),
        width: columnWidth(c),
        background: colors.background,
        font: colors.font,
        lines: c.attributes.map((a) => ({
          template: a.value,
          grouped: a.isGrouped,
          slots: placeholdersOf(a.value).map((p) => {
            const policy = reached.get(p.subjectIdentifier);
            return {
              subjectId: policy?.subject.id ?? 0,
              attribute: policy?.view.attributes.find((x) => x.identifier === p.attributeIdentifier),
              text: `\${${p.subjectIdentifier}.${p.attributeIdentifier}}`,
            };
          }),
        })),
      };
    });
}

function cellOf(
  column: PlannedColumn,
  mainId: number,
  reached: Reached,
  values: Map<number, (row: TalkRow, a: AttributeMeta) => string>,
): string {
  const valueOf = (slot: Slot, row: TalkRow | undefined) =>
    row && slot.attribute ? (values.get(slot.subjectId)?.(row, slot.attribute) ?? '') : '';
  const render = (line: Line, lead: { subjectId: number; row: TalkRow } | undefined): string => {
    let text = line.template;
    let any = false;
    for (const slot of line.slots) {
      const row =
        lead && slot.subjectId === lead.subjectId ? lead.row : reached.get(slot.subjectId)?.get(mainId)?.[0];
      const v = valueOf(slot, row);
      if (v !== '') any = true;
      text = text.replace(slot.text, () => v);
    }
    return any ? text : '';
  };
  const out: string[] = [];
  for (const line of column.lines) {
    const first = line.slots[0];
    if (line.grouped && first) {
      for (const row of reached.get(first.subjectId)?.get(mainId) ?? [])
        out.push(render(line, { subjectId: first.subjectId, row }));
    } else out.push(render(line, undefined));
  }
  return out.filter((s) => s !== '').join(LINE_BREAK);
}

interface StoredDocument {
  relatedSubjects: {
    relatedSubjectId: number;
    relationshipSubjectAttributeId: number;
    relationshipOwnerSubjectId: number;
    order: number;
  }[];
  columns: ReportColumn[];
}

function parseDocument(text: string): StoredDocument {
  try {
    const v = JSON.parse(text) as Partial<StoredDocument>;
    return { relatedSubjects: v.relatedSubjects ?? [], columns: v.columns ?? [] };
  } catch {
    return { relatedSubjects: [], columns: [] };
  }
}

function orderOf(c: ReportColumn): number | undefined {
  const o = (c as ReportColumn & { order?: unknown }).order;
  return typeof o === 'number' ? o : undefined;
}

function idOf(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

function unique(rows: TalkRow[]): TalkRow[] {
  const seen = new Set<number>();
  return rows.filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)));
}

/** A file name without path separators or control characters. */
function fileSafe(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f/\\:*?"<>|]+/g, ' ').trim();
  return (clean || 'relatorio').slice(0, 120);
}
