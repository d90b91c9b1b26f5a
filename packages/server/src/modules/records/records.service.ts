import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import {
  conflict,
  forbidden,
  HttpError,
  notFound,
  unprocessable,
  type ErrorItem,
} from '../../http/errors.ts';
import type { EventStream, EventTransaction } from '../../events/event-stream.ts';
import type { AuthContext } from '../../access/identity.ts';
import type {
  AccessPolicy,
  PermissionsService,
  SubjectAction,
  SubjectActions,
} from '../../access/permissions.service.ts';
import { attributeColumn, hasColumn } from '../../records/subject-ddl.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import { defaultValueAt } from '../../records/attribute-default.ts';
import { FILTER_SUBJECT } from '../../records/subject-meta.ts';
import type { SubjectCatalogue } from '../../records/subject-catalogue.ts';
import { presentTalks, type ApiTalk } from './record-presenter.ts';
import type { DbValue } from '../../records/record-values.ts';
import type { TalkWrite } from '@talkbase/domain/contracts/talks';
import * as repo from '../../records/records.repository.ts';
import { insertChanges } from '../../records/record-changes.ts';
import { TalkWriteRules } from './write-rules.ts';
import { writeTalkEvent } from './record-events.ts';
import { talkMessages } from '../../records/record-messages.ts';
import {
  prepareValues,
  searchTextOf,
  valuesByAttribute,
  type Prepared,
} from '../../records/record-prepare.ts';
import { talkTimeline } from './record-timeline.ts';
import {
  checkAttributeActions,
  checkReferencesAndKeys,
  itemErrors,
  type CheckDeps,
} from './record-checks.ts';
import { changeRow, historyText, pickColumns } from './record-history.ts';
import { relatedLoader, relatedRecords } from './record-related.ts';
import { writeActive, writeRemoval } from './record-removal.ts';
import { RecordParts } from './record-parts.ts';
import { everyRow } from '../../access/row-scope.ts';
import { readConfirming } from './record-read.ts';

export { talkMessages };

/** The account's access policy on a subject (modules/permissions): actions, visible rows, readable attributes. */
export type Access = AccessPolicy;

/**
 * Creating, reading, changing and removing talks, with every rule checked here on the server:
 * the room's actions, value shapes, required and non-editable fields, references, natural keys,
 * stale versions. Each change writes its history and its event (events/) in the same transaction;
 * the stream tells the company's other users once it is committed.
 */
export class TalksService {
  private readonly db: Db;
  private readonly subjects: SubjectCatalogue;
  private readonly permissions: PermissionsService;
  private readonly events: EventStream;
  /** What the write checks and the related records read through. */
  private readonly checks: CheckDeps;
  /** Subjects' own rules on every create and update (the tickets'), registered by their modules. */
  readonly writeRules = new TalkWriteRules();
  /** What is kept beside records (files, conversations), registered by the modules that own it. */
  readonly parts = new RecordParts();

  constructor(deps: {
    db: Db;
    subjects: SubjectCatalogue;
    permissions: PermissionsService;
    /** Where every write appends its events (the grids' counts and pushes follow from them). */
    events: EventStream;
  }) {
    this.events = deps.events;
    this.db = deps.db;
    this.subjects = deps.subjects;
    this.permissions = deps.permissions;
    this.checks = { permissions: deps.permissions, subjects: deps.subjects };
  }

  private get k(): Kysely<Database> {
    return this.db.kysely;
  }

  /**
   * The subject and the account's policy on it (modules/permissions): a subject it may not read,
   * and a row outside its delimitation, do not exist for it. Reading paths answer through
   * `policy.view`, which holds only the attributes the account may read.
   */
  async access(
    auth: AuthContext,
    identifier: string,
    need: SubjectAction,
    db: Kysely<Database> = this.k,
  ): Promise<Access> {
    return this.permissions.access(auth, identifier, need, db);
  }

  accessTo(
    auth: AuthContext,
    subject: SubjectMeta,
    need: SubjectAction,
    db: Kysely<Database> = this.k,
  ): Promise<Access> {
    return this.permissions.accessTo(auth, subject, need, db);
  }

  async present(
    auth: AuthContext,
    subject: SubjectMeta,
    actions: SubjectActions,
    rows: repo.TalkRow[],
  ): Promise<ApiTalk[]> {
    // Only the attributes the account may read are answered, whoever calls.
    const { view } = await this.permissions.policy(auth, subject);
    return presentTalks(this.k, view, rows, {
      readOnly: !actions.update,
      loadSubject: relatedLoader(this.checks, auth, subject),
      parts: this.parts,
    });
  }

  async get(auth: AuthContext, identifier: string, talkId: number): Promise<ApiTalk> {
    const { subject, actions, rows } = await this.access(auth, identifier, 'read');
    const extras = this.parts.rowExtras(subject.id, this.db.dialect);
    const row = await readConfirming(this.k, auth, subject, talkId, rows, extras);
    if (!row) throw notFound(talkMessages.talkNotFound);
    const [talk] = await this.present(auth, subject, actions, [row]);
    if (!talk) throw notFound(talkMessages.talkNotFound);
    return talk;
  }

  async create(
    auth: AuthContext,
    identifier: string,
    body: TalkWrite,
  ): Promise<{ resourceId: number; subject: SubjectMeta }> {
    const { subject, actions, rows } = await this.access(auth, identifier, 'create');
    const values = valuesByAttribute(subject, body);
    await checkAttributeActions(this.checks, this.k, auth, subject, actions, values, 'create');
    const templated = await this.writeRules.applyTemplate(
      this.k,
      auth,
      subject,
      body.templateId,
      values,
      'create',
    );
    const written = await this.writeRules.apply({ auth, subject, values: templated, rows, db: this.k });
    const prepared = this.prepareCreate(subject, written, await this.ruleContext(auth));
    const id = await this.events.write((trx) => this.insertOne(trx, auth, subject, prepared));
    return { resourceId: id, subject };
  }

  /**
   * `POST /talk/{subject}/many`: several records of one subject (a parent's child records) in one
   * transaction — all are created or none. Errors name the item: `talks.{i}.{attribute}`.
   */
  async createMany(
    auth: AuthContext,
    identifier: string,
    bodies: TalkWrite[],
  ): Promise<{ resourceIds: number[] }> {
    const { subject, actions, rows } = await this.access(auth, identifier, 'create');
    const ctx = await this.ruleContext(auth);
    const prepared: Prepared[] = [];
    for (const [i, body] of bodies.entries()) {
      prepared.push(
        await itemErrors(i, async () => {
          const values = valuesByAttribute(subject, body);
          await checkAttributeActions(this.checks, this.k, auth, subject, actions, values, 'create');
          const templated = await this.writeRules.applyTemplate(
            this.k,
            auth,
            subject,
            body.templateId,
            values,
            'create',
          );
          const written = await this.writeRules.apply({ auth, subject, values: templated, rows, db: this.k });
          return this.prepareCreate(subject, written, ctx);
        }),
      );
    }
    const ids = await this.events.write(async (trx) => {
      const out: number[] = [];
      for (const [i, p] of prepared.entries())
        out.push(await itemErrors(i, () => this.insertOne(trx, auth, subject, p, { hooks: false })));
      // The write hooks (tags by filter) once for the batch: one read of the filters, not one a row.
      await this.writeRules.written(trx, auth, subject, out);
      return out;
    });
    return { resourceIds: ids };
  }

  /** Checked values of a new record; attributes not given start from their default value. */
  private prepareCreate(
    subject: SubjectMeta,
    values: Map<number, unknown>,
    ctx: { now: Date; timeZone: string },
  ): Prepared {
    for (const a of subject.attributes) {
      if (values.has(a.id)) continue;
      // "now" is the moment of this create (the company's today for a date): attribute-default.ts.
      const value = defaultValueAt(a, ctx);
      if (value !== null) values.set(a.id, a.isMultipleValues ? [value] : value);
    }
    return prepareValues(subject, values, 'create', ctx);
  }

  private async insertOne(
    trx: EventTransaction,
    auth: AuthContext,
    subject: SubjectMeta,
    prepared: Prepared,
    opts: { hooks: boolean } = { hooks: true },
  ): Promise<number> {
    const at = Date.now();
    await checkReferencesAndKeys(this.checks, trx, auth, subject, prepared);
    const talkId = await repo.insertTalk(trx, subject.id, {
      columns: prepared.columns,
      search: searchTextOf(subject, prepared.columns, prepared.multi),
      at,
      accountId: auth.accountId,
    });
    await repo.replaceMultiValues(trx, subject.id, talkId, prepared.multi);
    if (opts.hooks) await this.writeRules.written(trx, auth, subject, [talkId]);
    await writeTalkEvent(trx, auth, {
      kind: 'created',
      subject,
      talkId,
      version: 1,
      before: null,
      after: prepared.columns,
      changed: prepared.touched.map((a) => a.identifier),
      at,
    });
    await insertChanges(trx, [
      changeRow(auth, subject, talkId, at, 'created'),
      ...prepared.touched.map((a) =>
        changeRow(auth, subject, talkId, at, 'created', {
          id: a.id,
          oldValue: null,
          newValue: historyText(
            hasColumn(a)
              ? prepared.columns[attributeColumn(a.id)]
              : prepared.multi.find((m) => m.attributeId === a.id)?.values,
          ),
        }),
      ),
    ]);
    return talkId;
  }

  async update(auth: AuthContext, identifier: string, talkId: number, body: TalkWrite): Promise<ApiTalk> {
    const access = await this.access(auth, identifier, 'update');
    const { subject, actions, rows } = access;
    const values = valuesByAttribute(subject, body);
    const templated = await this.writeRules.applyTemplate(
      this.k,
      auth,
      subject,
      body.templateId,
      values,
      'update',
    );
    const written = await this.writeRules.apply({
      auth,
      subject,
      values: templated,
      talkId,
      rows,
      db: this.k,
    });
    const prepared = prepareValues(subject, written, 'update', await this.ruleContext(auth));
    await this.events.write((trx) =>
      this.updateOne(trx, auth, access, talkId, body.version, values, prepared),
    );
    const row = await repo.findTalk(this.k, subject, talkId, rows);
    if (!row) throw notFound(talkMessages.talkNotFound);
    const [talk] = await this.present(auth, subject, actions, [row]);
    if (!talk) throw notFound(talkMessages.talkNotFound);
    return talk;
  }

  /** `PUT /talk/{subject}/many`: several records changed in one transaction, all or none. */
  async updateMany(
    auth: AuthContext,
    identifier: string,
    bodies: (TalkWrite & { talkId: number })[],
  ): Promise<{ resourceIds: number[] }> {
    const access = await this.access(auth, identifier, 'update');
    const ctx = await this.ruleContext(auth);
    const items: {
      body: TalkWrite & { talkId: number };
      values: Map<number, unknown>;
      prepared: Prepared;
    }[] = [];
    for (const [i, body] of bodies.entries()) {
      items.push(
        await itemErrors(i, async () => {
          const values = valuesByAttribute(access.subject, body);
          const { subject, rows } = access;
          const written = await this.writeRules.apply({
            auth,
            subject,
            values,
            talkId: body.talkId,
            rows,
            db: this.k,
          });
          return { body, values, prepared: prepareValues(subject, written, 'update', ctx) };
        }),
      );
    }
    await this.events.write(async (trx) => {
      for (const [i, it] of items.entries())
        await itemErrors(i, () =>
          this.updateOne(trx, auth, access, it.body.talkId, it.body.version, it.values, it.prepared),
        );
    });
    return { resourceIds: bodies.map((b) => b.talkId) };
  }

  private async updateOne(
    trx: EventTransaction,
    auth: AuthContext,
    { subject, actions, rows }: Access,
    talkId: number,
    version: number | undefined,
    values: Map<number, unknown>,
    prepared: Prepared,
  ): Promise<void> {
    const before = await repo.findTalk(trx, subject, talkId, rows);
    if (!before) throw notFound(talkMessages.talkNotFound);
    await checkAttributeActions(this.checks, trx, auth, subject, actions, values, 'update', before);
    if (version !== undefined && before.version !== version) throw conflict(talkMessages.stale);
    const errors: ErrorItem[] = [];
    for (const a of prepared.touched) {
      const column = attributeColumn(a.id);
      if (!a.isEditable && historyText(before[column] as DbValue) !== historyText(prepared.columns[column]))
        errors.push({ message: talkMessages.notEditable(a.name), field: a.identifier });
    }
    if (errors.length) throw unprocessable(errors);
    await checkReferencesAndKeys(this.checks, trx, auth, subject, prepared, talkId);
    await this.writeChange(trx, auth, subject, before, prepared, before.version);
  }

  /**
   * Values the server sets itself (a task's status and time worked, moved only by the task calls):
   * checked for shape and written with their history in the caller's transaction, whatever the
   * room's attribute actions and `isEditable` say. The caller checks the subject's actions first
   * in a transaction of the event stream, which tells open grids once committed.
   */
  async writeSystemValues(
    trx: EventTransaction,
    auth: AuthContext,
    subject: SubjectMeta,
    talkId: number,
    values: Map<number, unknown>,
  ): Promise<void> {
    const prepared = prepareValues(subject, values, 'update', await this.ruleContext(auth, trx));
    // The caller checked the subject's actions for the account; the task calls act on their own row.
    const before = await repo.findTalk(trx, subject, talkId, everyRow('write-rule'));
    if (!before) throw notFound(talkMessages.talkNotFound);
    await this.writeChange(trx, auth, subject, before, prepared, undefined);
  }

  /**
   * Writes the checked values of `prepared` over the record `before`, in the caller's transaction:
   * the row (refused as stale when `expectedVersion` no longer matches), its multiple values, the
   * subject's write hooks, one history row per value that changed, and the `updated` event.
   */
  private async writeChange(
    trx: EventTransaction,
    auth: AuthContext,
    subject: SubjectMeta,
    before: repo.TalkRow,
    prepared: Prepared,
    expectedVersion: number | undefined,
  ): Promise<void> {
    const at = Date.now();
    const talkId = before.id;
    const beforeMulti = await repo.multiValuesOf(trx, subject.id, [talkId]);
    const oldValues = (attributeId: number) =>
      beforeMulti.filter((m) => m.attribute_id === attributeId).map((m) => m.value_text ?? m.value_number);
    const newValues = (attributeId: number) => prepared.multi.find((m) => m.attributeId === attributeId);
    const merged = { ...pickColumns(subject, before), ...prepared.columns };
    const mergedMulti = subject.attributes
      .filter((a) => a.isMultipleValues)
      .map((a) => newValues(a.id) ?? { attributeId: a.id, values: oldValues(a.id) });
    const changed = await repo.updateTalk(trx, subject.id, talkId, prepared.columns, {
      at,
      accountId: auth.accountId,
      expectedVersion,
      search: searchTextOf(subject, merged, mergedMulti),
    });
    if (changed === 0) throw conflict(talkMessages.stale);
    await repo.replaceMultiValues(trx, subject.id, talkId, prepared.multi);
    await this.writeRules.written(trx, auth, subject, [talkId]);
    const history = prepared.touched
      .map((a) => {
        const column = attributeColumn(a.id);
        return changeRow(auth, subject, talkId, at, 'updated', {
          id: a.id,
          oldValue: historyText(hasColumn(a) ? (before[column] as DbValue) : oldValues(a.id)),
          newValue: historyText(hasColumn(a) ? prepared.columns[column] : newValues(a.id)?.values),
        });
      })
      .filter((h) => h.oldValue !== h.newValue);
    await insertChanges(trx, history);
    const byId = new Map(subject.attributes.map((a) => [a.id, a.identifier]));
    await writeTalkEvent(trx, auth, {
      kind: 'updated',
      subject,
      talkId,
      version: before.version + 1,
      before: pickColumns(subject, before),
      after: merged,
      changed: history.map((h) => byId.get(h.attributeId ?? 0) ?? ''),
      at,
    });
  }

  async remove(auth: AuthContext, identifier: string, talkIds: number[]): Promise<{ deleted: number }> {
    const { subject, rows } = await this.access(auth, identifier, 'delete');
    const ids = [...new Set(talkIds)];
    const found = await repo.existingIds(this.k, subject.id, ids, rows);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw notFound(talkMessages.talkNotFound);
    const related = await relatedRecords(this.checks, this.k, auth, subject, ids);
    if (related.length) {
      throw new HttpError(422, talkMessages.hasRelated, {}, { relatedTalks: related });
    }
    const fileKeys = await this.events.write((trx) => writeRemoval(trx, auth, subject, ids, this.parts));
    // The rows are gone for good now; their bytes may follow (never before the commit).
    await this.parts.discard(fileKeys);
    return { deleted: ids.length };
  }

  async setActive(
    auth: AuthContext,
    identifier: string,
    talkIds: number[],
    active: boolean,
  ): Promise<{ changed: number }> {
    const { subject, actions, rows } = await this.access(auth, identifier, 'read');
    if (subject.identifier === FILTER_SUBJECT) throw unprocessable(talkMessages.filterNeverDeactivates);
    if (!actions.deactivate) throw forbidden(talkMessages.notAllowed('deactivate', subject.name));
    const ids = [...new Set(talkIds)];
    const found = await repo.existingIds(this.k, subject.id, ids, rows);
    if (ids.some((id) => !found.has(id))) throw notFound(talkMessages.talkNotFound);
    const changed = await this.events.write((trx) => writeActive(trx, auth, subject, ids, active));
    return { changed };
  }

  async timeline(auth: AuthContext, identifier: string, talkId: number, page: number, fetch: number) {
    const access = await this.access(auth, identifier, 'read');
    return talkTimeline(
      this.k,
      auth,
      access,
      relatedLoader(this.checks, auth, access.subject),
      talkId,
      page,
      fetch,
    );
  }

  /** The instant and the company's time zone that date rules and relative filters are judged in. */
  ruleContext(auth: AuthContext, db?: Kysely<Database>): Promise<{ now: Date; timeZone: string }> {
    return this.permissions.ruleContext(auth, db);
  }
}
