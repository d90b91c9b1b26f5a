import type { Kysely } from 'kysely';
import { realtimeEvents } from '@talkbase/domain/contracts/realtime';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  notFound,
  unprocessable,
  type ErrorItem,
} from '../../http/errors.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type {
  AccessPolicy,
  PermissionsService,
  SubjectAction,
  SubjectActions,
} from '../permissions/permissions.service.ts';
import { attributeColumn, hasColumn } from '../subjects/subject-ddl.ts';
import type { SubjectMeta } from '../subjects/subject-meta.ts';
import { FILTER_SUBJECT, type SubjectsService } from '../subjects/subjects.service.ts';
import { displayNameOf, presentTalks, type ApiTalk, type RelatedLoader } from './talk-presenter.ts';
import { toDbValue, type DbValue } from './talk-values.ts';
import type { TalkWrite } from '@talkbase/domain/contracts/talks';
import * as repo from './talks.repository.ts';
import type { CountCache } from './count-cache.ts';
import { TalkWriteRules } from './write-rules.ts';
import { applyTemplateWriteRules } from '../templates/template-write-rules.ts';
import { discard, type FileStore } from '../files/file-store.ts';
import { deleteFilesOfTalks } from '../files/files.repository.ts';
import { deleteConversationsOf } from '../messages/messages.repository.ts';
import { writeTalkEvent } from './talk-events.ts';
import { talkMessages } from './talk-messages.ts';
import { prepareValues, searchTextOf, valuesByAttribute, type Prepared } from './talk-prepare.ts';
import { talkTimeline } from './talk-timeline.ts';

export { talkMessages };

/** The account's access policy on a subject (modules/permissions): actions, visible rows, readable attributes. */
export type Access = AccessPolicy;

/** A check every call about one subject passes (the digital-certificate gate, 002 §4). */
export type SubjectGate = (auth: AuthContext, subject: SubjectMeta, db: Kysely<Database>) => Promise<void>;

const stringify = (v: DbValue | DbValue[] | undefined): string | null =>
  v === null || v === undefined ? null : Array.isArray(v) ? JSON.stringify(v) : String(v);

/**
 * Creating, reading, changing and removing talks, with every rule checked here on the server:
 * the room's actions, value shapes, required and non-editable fields, references, natural keys,
 * stale versions. Each change writes its history in the same transaction and, once committed,
 * tells the company's other users through SendTalkUpdates.
 */
export class TalksService {
  private readonly db: Db;
  private readonly subjects: SubjectsService;
  private readonly permissions: PermissionsService;
  private readonly hub: RealtimeHub;
  private readonly counts: CountCache;
  private readonly fileStore: FileStore | undefined;
  private readonly subjectGate: SubjectGate | undefined;
  /** Subjects' own rules on every create and update (the tickets'), registered by their modules. */
  readonly writeRules = new TalkWriteRules();

  constructor(deps: {
    db: Db;
    subjects: SubjectsService;
    permissions: PermissionsService;
    hub: RealtimeHub;
    counts: CountCache;
    /** Where the talks' files are kept: their bytes go once a talk is deleted. */
    fileStore?: FileStore;
    /** Refuses a subject the account may read but not open yet (modules/certificates). */
    subjectGate?: SubjectGate;
  }) {
    this.subjectGate = deps.subjectGate;
    this.counts = deps.counts;
    this.fileStore = deps.fileStore;
    this.db = deps.db;
    this.subjects = deps.subjects;
    this.permissions = deps.permissions;
    this.hub = deps.hub;
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
    const policy = await this.permissions.access(auth, identifier, need, db);
    // After the read check, so that a subject the room may not read still answers 404.
    if (this.subjectGate) await this.subjectGate(auth, policy.subject, db);
    return policy;
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
      loadSubject: this.relatedLoader(auth, subject),
    });
  }

  /** Reads the subjects a record points to, as far as the account may read them. */
  private relatedLoader(auth: AuthContext, subject: SubjectMeta): RelatedLoader {
    return async (id) => {
      const related =
        id === subject.id
          ? subject
          : await this.subjects.loadById(auth.companyId, id, undefined, auth).catch(() => undefined);
      if (!related) return null;
      const access = await this.accessTo(auth, related, 'read').catch(() => undefined);
      return access ? { subject: access.view, visible: access.visible } : null;
    };
  }

  async get(auth: AuthContext, identifier: string, talkId: number): Promise<ApiTalk> {
    const { subject, actions, visible } = await this.access(auth, identifier, 'read');
    const row = await repo.findTalk(this.k, subject.id, talkId, visible);
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
    const { subject, actions } = await this.access(auth, identifier, 'create');
    const values = valuesByAttribute(subject, body);
    await this.checkAttributeActions(auth, subject, actions, values, 'create');
    const templated = await applyTemplateWriteRules(this.k, auth, subject, body.templateId, values, 'create');
    const written = await this.writeRules.apply({ auth, subject, values: templated, db: this.k });
    const prepared = this.prepareCreate(subject, written, await this.ruleContext(auth));
    const id = await this.k.transaction().execute((trx) => this.insertOne(trx, auth, subject, prepared));
    await this.announce(auth, subject, [id]);
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
    const { subject, actions } = await this.access(auth, identifier, 'create');
    const ctx = await this.ruleContext(auth);
    const prepared: Prepared[] = [];
    for (const [i, body] of bodies.entries()) {
      prepared.push(
        await itemErrors(i, async () => {
          const values = valuesByAttribute(subject, body);
          await this.checkAttributeActions(auth, subject, actions, values, 'create');
          const templated = await applyTemplateWriteRules(
            this.k,
            auth,
            subject,
            body.templateId,
            values,
            'create',
          );
          const written = await this.writeRules.apply({ auth, subject, values: templated, db: this.k });
          return this.prepareCreate(subject, written, ctx);
        }),
      );
    }
    const ids = await this.k.transaction().execute(async (trx) => {
      const out: number[] = [];
      for (const [i, p] of prepared.entries())
        out.push(await itemErrors(i, () => this.insertOne(trx, auth, subject, p, { hooks: false })));
      // The write hooks (tags by filter) once for the batch: one read of the filters, not one a row.
      await this.writeRules.written(trx, subject, out);
      return out;
    });
    await this.announce(auth, subject, ids);
    return { resourceIds: ids };
  }

  /** Checked values of a new record; attributes not given start from their default value. */
  private prepareCreate(
    subject: SubjectMeta,
    values: Map<number, unknown>,
    ctx: { now: Date; timeZone: string },
  ): Prepared {
    for (const a of subject.attributes) {
      if (!values.has(a.id) && a.defaultValue !== null && a.kind !== 'file')
        values.set(a.id, a.isMultipleValues ? [a.defaultValue] : a.defaultValue);
    }
    return prepareValues(subject, values, 'create', ctx);
  }

  private async insertOne(
    trx: Kysely<Database>,
    auth: AuthContext,
    subject: SubjectMeta,
    prepared: Prepared,
    opts: { hooks: boolean } = { hooks: true },
  ): Promise<number> {
    const at = Date.now();
    await this.checkReferencesAndKeys(trx, auth, subject, prepared);
    const talkId = await repo.insertTalk(trx, subject.id, {
      columns: prepared.columns,
      searchText: searchTextOf(subject, prepared.columns, prepared.multi),
      at,
      accountId: auth.accountId,
    });
    await repo.replaceMultiValues(trx, subject.id, talkId, prepared.multi);
    if (opts.hooks) await this.writeRules.written(trx, subject, [talkId]);
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
    await repo.insertChanges(trx, [
      {
        companyId: auth.companyId,
        subjectId: subject.id,
        talkId,
        accountId: auth.accountId,
        at,
        action: 'created',
        attributeId: null,
        oldValue: null,
        newValue: null,
      },
      ...prepared.touched.map((a) => ({
        companyId: auth.companyId,
        subjectId: subject.id,
        talkId,
        accountId: auth.accountId,
        at,
        action: 'created',
        attributeId: a.id,
        oldValue: null,
        newValue: stringify(
          hasColumn(a)
            ? prepared.columns[attributeColumn(a.id)]
            : prepared.multi.find((m) => m.attributeId === a.id)?.values,
        ),
      })),
    ]);
    return talkId;
  }

  async update(auth: AuthContext, identifier: string, talkId: number, body: TalkWrite): Promise<ApiTalk> {
    const access = await this.access(auth, identifier, 'update');
    const { subject, actions, visible } = access;
    const values = valuesByAttribute(subject, body);
    const templated = await applyTemplateWriteRules(this.k, auth, subject, body.templateId, values, 'update');
    const written = await this.writeRules.apply({
      auth,
      subject,
      values: templated,
      talkId,
      visible,
      db: this.k,
    });
    const prepared = prepareValues(subject, written, 'update', await this.ruleContext(auth));
    await this.k
      .transaction()
      .execute((trx) => this.updateOne(trx, auth, access, talkId, body.version, values, prepared));
    await this.announce(auth, subject, [talkId]);
    const row = await repo.findTalk(this.k, subject.id, talkId, visible);
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
          const { subject, visible } = access;
          const written = await this.writeRules.apply({
            auth,
            subject,
            values,
            talkId: body.talkId,
            visible,
            db: this.k,
          });
          return { body, values, prepared: prepareValues(subject, written, 'update', ctx) };
        }),
      );
    }
    await this.k.transaction().execute(async (trx) => {
      for (const [i, it] of items.entries())
        await itemErrors(i, () =>
          this.updateOne(trx, auth, access, it.body.talkId, it.body.version, it.values, it.prepared),
        );
    });
    const ids = [...new Set(bodies.map((b) => b.talkId))];
    await this.announce(auth, access.subject, ids);
    return { resourceIds: bodies.map((b) => b.talkId) };
  }

  private async updateOne(
    trx: Kysely<Database>,
    auth: AuthContext,
    { subject, actions, visible }: Access,
    talkId: number,
    version: number | undefined,
    values: Map<number, unknown>,
    prepared: Prepared,
  ): Promise<void> {
    const at = Date.now();
    const before = await repo.findTalk(trx, subject.id, talkId, visible);
    if (!before) throw notFound(talkMessages.talkNotFound);
    await this.checkAttributeActions(auth, subject, actions, values, 'update', before, trx);
    if (version !== undefined && before.version !== version) throw conflict(talkMessages.stale);
    const beforeMulti = await repo.multiValuesOf(trx, subject.id, [talkId]);
    const errors: ErrorItem[] = [];
    for (const a of prepared.touched) {
      if (
        !a.isEditable &&
        stringify(before[attributeColumn(a.id)] as DbValue) !==
          stringify(prepared.columns[attributeColumn(a.id)])
      ) {
        errors.push({ message: talkMessages.notEditable(a.name), field: a.identifier });
      }
    }
    if (errors.length) throw unprocessable(errors);
    await this.checkReferencesAndKeys(trx, auth, subject, prepared, talkId);
    const merged = { ...pickColumns(subject, before), ...prepared.columns };
    const mergedMulti = subject.attributes
      .filter((a) => a.isMultipleValues)
      .map(
        (a) =>
          prepared.multi.find((m) => m.attributeId === a.id) ?? {
            attributeId: a.id,
            values: beforeMulti
              .filter((m) => m.attribute_id === a.id)
              .map((m) => m.value_text ?? m.value_number),
          },
      );
    const changed = await repo.updateTalk(trx, subject.id, talkId, prepared.columns, {
      at,
      accountId: auth.accountId,
      expectedVersion: before.version,
      searchText: searchTextOf(subject, merged, mergedMulti),
    });
    if (changed === 0) throw conflict(talkMessages.stale);
    await repo.replaceMultiValues(trx, subject.id, talkId, prepared.multi);
    await this.writeRules.written(trx, subject, [talkId]);
    const history = prepared.touched
      .map((a) => {
        const oldValue = hasColumn(a)
          ? stringify(before[attributeColumn(a.id)] as DbValue)
          : stringify(
              beforeMulti.filter((m) => m.attribute_id === a.id).map((m) => m.value_text ?? m.value_number),
            );
        const newValue = hasColumn(a)
          ? stringify(prepared.columns[attributeColumn(a.id)])
          : stringify(prepared.multi.find((m) => m.attributeId === a.id)?.values);
        return {
          companyId: auth.companyId,
          subjectId: subject.id,
          talkId,
          accountId: auth.accountId,
          at,
          action: 'updated',
          attributeId: a.id,
          oldValue,
          newValue,
        };
      })
      .filter((h) => h.oldValue !== h.newValue);
    await repo.insertChanges(trx, history);
    const byId = new Map(subject.attributes.map((a) => [a.id, a.identifier]));
    await writeTalkEvent(trx, auth, {
      kind: 'updated',
      subject,
      talkId,
      version: before.version + 1,
      before: pickColumns(subject, before),
      after: merged,
      changed: history.map((h) => byId.get(h.attributeId) ?? ''),
      at,
    });
  }

  /**
   * Values the server sets itself (a task's status and time worked, moved only by the task calls):
   * checked for shape and written with their history in the caller's transaction, whatever the
   * room's attribute actions and `isEditable` say. The caller checks the subject's actions first
   * and calls `announceChanges` once committed.
   */
  async writeSystemValues(
    trx: Kysely<Database>,
    auth: AuthContext,
    subject: SubjectMeta,
    talkId: number,
    values: Map<number, unknown>,
  ): Promise<void> {
    const prepared = prepareValues(subject, values, 'update', await this.ruleContext(auth, trx));
    const before = await repo.findTalk(trx, subject.id, talkId);
    if (!before) throw notFound(talkMessages.talkNotFound);
    const beforeMulti = await repo.multiValuesOf(trx, subject.id, [talkId]);
    const multi = subject.attributes
      .filter((a) => a.isMultipleValues)
      .map((a) => ({
        attributeId: a.id,
        values: beforeMulti.filter((m) => m.attribute_id === a.id).map((m) => m.value_text ?? m.value_number),
      }));
    const at = Date.now();
    await repo.updateTalk(trx, subject.id, talkId, prepared.columns, {
      at,
      accountId: auth.accountId,
      expectedVersion: undefined,
      searchText: searchTextOf(subject, { ...pickColumns(subject, before), ...prepared.columns }, multi),
    });
    await this.writeRules.written(trx, subject, [talkId]);
    const history = prepared.touched
      .filter((a) => hasColumn(a))
      .map((a) => ({
        companyId: auth.companyId,
        subjectId: subject.id,
        talkId,
        accountId: auth.accountId,
        at,
        action: 'updated',
        attributeId: a.id,
        oldValue: stringify(before[attributeColumn(a.id)] as DbValue),
        newValue: stringify(prepared.columns[attributeColumn(a.id)]),
      }))
      .filter((h) => h.oldValue !== h.newValue);
    await repo.insertChanges(trx, history);
    const byId = new Map(subject.attributes.map((a) => [a.id, a.identifier]));
    await writeTalkEvent(trx, auth, {
      kind: 'updated',
      subject,
      talkId,
      version: before.version + 1,
      before: pickColumns(subject, before),
      after: { ...pickColumns(subject, before), ...prepared.columns },
      changed: history.map((h) => byId.get(h.attributeId) ?? ''),
      at,
    });
  }

  /** SendTalkUpdates for changes written outside this service's own calls (writeSystemValues). */
  async announceChanges(auth: AuthContext, subject: SubjectMeta, talkIds: number[]): Promise<void> {
    await this.announce(auth, subject, talkIds);
  }

  async remove(auth: AuthContext, identifier: string, talkIds: number[]): Promise<{ deleted: number }> {
    const { subject, visible } = await this.access(auth, identifier, 'delete');
    const ids = [...new Set(talkIds)];
    const found = await repo.existingIds(this.k, subject.id, ids, visible);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw notFound(talkMessages.talkNotFound);
    const related = await this.relatedRecords(auth, subject, ids);
    if (related.length) {
      throw new HttpError(422, talkMessages.hasRelated, {}, { relatedTalks: related });
    }
    const at = Date.now();
    const fileKeys = await this.k.transaction().execute(async (trx) => {
      const rows = await repo.rowsByIds(trx, subject.id, ids);
      for (const row of rows)
        await writeTalkEvent(trx, auth, {
          kind: 'deleted',
          subject,
          talkId: row.id,
          version: row.version,
          before: pickColumns(subject, row),
          after: null,
          changed: [],
          at,
        });
      await repo.deleteTalks(trx, subject.id, ids);
      await repo.insertChanges(
        trx,
        ids.map((talkId) => ({
          companyId: auth.companyId,
          subjectId: subject.id,
          talkId,
          accountId: auth.accountId,
          at,
          action: 'deleted',
          attributeId: null,
          oldValue: null,
          newValue: null,
        })),
      );
      await deleteConversationsOf(trx, subject.id, ids);
      return deleteFilesOfTalks(trx, subject.id, ids);
    });
    // The rows are gone for good now; their bytes may follow (never before the commit).
    if (this.fileStore) await discard(this.fileStore, fileKeys);
    await this.announce(auth, subject, ids);
    return { deleted: ids.length };
  }

  async setActive(
    auth: AuthContext,
    identifier: string,
    talkIds: number[],
    active: boolean,
  ): Promise<{ changed: number }> {
    const { subject, actions, visible } = await this.access(auth, identifier, 'read');
    if (subject.identifier === FILTER_SUBJECT) throw unprocessable(talkMessages.filterNeverDeactivates);
    if (!actions.deactivate) throw forbidden(talkMessages.notAllowed('deactivate', subject.name));
    const ids = [...new Set(talkIds)];
    const found = await repo.existingIds(this.k, subject.id, ids, visible);
    if (ids.some((id) => !found.has(id))) throw notFound(talkMessages.talkNotFound);
    const at = Date.now();
    const changed = await this.k.transaction().execute(async (trx) => {
      const n = await repo.setActive(trx, subject.id, ids, active, at, auth.accountId);
      await repo.insertChanges(
        trx,
        ids.map((talkId) => ({
          companyId: auth.companyId,
          subjectId: subject.id,
          talkId,
          accountId: auth.accountId,
          at,
          action: active ? 'activated' : 'deactivated',
          attributeId: null,
          oldValue: null,
          newValue: null,
        })),
      );
      return n;
    });
    await this.announce(auth, subject, ids);
    return { changed };
  }

  async timeline(auth: AuthContext, identifier: string, talkId: number, page: number, fetch: number) {
    const access = await this.access(auth, identifier, 'read');
    return talkTimeline(this.k, auth, access, this.relatedLoader(auth, access.subject), talkId, page, fetch);
  }

  /** Per-attribute actions of the room: 403 naming the attributes it may not set, change or clear. */
  private async checkAttributeActions(
    auth: AuthContext,
    subject: SubjectMeta,
    actions: SubjectActions,
    values: Map<number, unknown>,
    mode: 'create' | 'update',
    before?: repo.TalkRow,
    db: Kysely<Database> = this.k,
  ): Promise<void> {
    const allowed = await this.permissions.attributeActions(auth, subject, actions, db);
    const blocked: ErrorItem[] = [];
    for (const [attributeId, value] of values) {
      const a = subject.attributes.find((x) => x.id === attributeId);
      const can = allowed.get(attributeId);
      if (!a || !can) continue;
      const empty =
        value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
      if (mode === 'create' && !can.create && !empty)
        blocked.push({ message: talkMessages.attributeNotAllowed(a.name), field: a.identifier });
      if (mode === 'update' && before && hasColumn(a)) {
        const old = before[attributeColumn(a.id)];
        const clearing = empty && old !== null && old !== undefined && old !== '';
        if (clearing ? !can.delete : !can.update && !empty) {
          // Sending back the value already stored is not a change, whatever the permission.
          const c = toDbValue(a, value, a.identifier);
          if (!(c.ok && stringify(c.value) === stringify(old as DbValue)))
            blocked.push({ message: talkMessages.attributeNotAllowed(a.name), field: a.identifier });
        }
      }
    }
    if (blocked.length === 0) return;
    // A change the account may not make to an attribute it may not read is refused as for an unknown one.
    const { hidden } = await this.permissions.policy(auth, subject, db);
    const unseen = new Set(subject.attributes.filter((a) => hidden.has(a.id)).map((a) => a.identifier));
    if (blocked.some((b) => b.field !== undefined && unseen.has(b.field)))
      throw badRequest([{ message: talkMessages.unknownAttribute, field: 'talkValues' }]);
    throw new HttpError(403, blocked);
  }

  /** The instant and the company's time zone that date rules and relative filters are judged in. */
  ruleContext(auth: AuthContext, db?: Kysely<Database>): Promise<{ now: Date; timeZone: string }> {
    return this.permissions.ruleContext(auth, db);
  }

  private async checkReferencesAndKeys(
    trx: Kysely<Database>,
    auth: AuthContext,
    subject: SubjectMeta,
    p: Prepared,
    selfId?: number,
  ) {
    const errors: ErrorItem[] = [];
    for (const a of p.touched) {
      if (a.kind === 'reference' && a.relatedSubjectId) {
        const ids = (
          hasColumn(a)
            ? [p.columns[attributeColumn(a.id)]]
            : (p.multi.find((m) => m.attributeId === a.id)?.values ?? [])
        ).filter((v): v is number => typeof v === 'number');
        if (ids.length) {
          const related =
            a.relatedSubjectId === subject.id
              ? subject
              : await this.subjects.loadById(auth.companyId, a.relatedSubjectId, trx);
          const relatedAccess = await this.accessTo(auth, related, 'read', trx).catch(() => undefined);
          const found = relatedAccess
            ? await repo.existingIds(trx, related.id, ids, relatedAccess.visible)
            : new Set<number>();
          if (ids.some((id) => !found.has(id)))
            errors.push({ message: talkMessages.relatedMissing(a.name), field: a.identifier });
        }
      }
      if (a.isNaturalKey && hasColumn(a)) {
        const v = p.columns[attributeColumn(a.id)];
        if (
          v !== null &&
          v !== undefined &&
          (await repo.valueTaken(trx, subject.id, attributeColumn(a.id), v, selfId))
        ) {
          errors.push({ message: talkMessages.taken(a.name), field: a.identifier });
        }
      }
    }
    if (errors.length) throw unprocessable(errors);
  }

  /** Records elsewhere that point to these (the delete of 002 §8 lists them instead). */
  private async relatedRecords(auth: AuthContext, subject: SubjectMeta, ids: number[]) {
    const refs = await this.subjects.referring(auth.companyId, subject.identifier);
    const out: {
      subject: string;
      subjectName: string;
      talkId: number;
      displayName: string;
      relatedTalkId: number;
    }[] = [];
    for (const r of refs) {
      const from =
        r.relatedSubject.subjectId === subject.id
          ? subject
          : await this.subjects.loadById(auth.companyId, r.relatedSubject.subjectId);
      const hits = await repo.referencing(
        this.k,
        { fromSubjectId: from.id, attributeId: r.subjectAttributeId, multiple: r.isMultipleValues },
        ids,
        50,
      );
      const selfRefs = hits.filter((h) => !(from.id === subject.id && ids.includes(h.talkId)));
      if (!selfRefs.length) continue;
      const fromAccess = await this.accessTo(auth, from, 'read').catch(() => undefined);
      const visibleIds = fromAccess
        ? await repo.existingIds(
            this.k,
            from.id,
            selfRefs.map((h) => h.talkId),
            fromAccess.visible,
          )
        : new Set<number>();
      const rows = await repo.rowsByIds(this.k, from.id, [...visibleIds]);
      const names = new Map(rows.map((row) => [row.id, displayNameOf(fromAccess?.view ?? from, row)]));
      for (const h of selfRefs) {
        // A related record the account cannot see still blocks the delete, but is never named.
        const seen = visibleIds.has(h.talkId);
        out.push({
          subject: seen ? from.identifier : '',
          subjectName: seen ? from.name : '',
          talkId: seen ? h.talkId : 0,
          displayName: names.get(h.talkId) ?? 'Registro sem acesso',
          relatedTalkId: h.target,
        });
      }
    }
    return out;
  }

  private async announce(auth: AuthContext, subject: SubjectMeta, talkIds: number[]): Promise<void> {
    this.counts.invalidate(subject.id);
    await this.writeRules.announced(auth.companyId, subject, talkIds);
    await this.hub.publish(auth.companyId, realtimeEvents.talkUpdates, {
      subject: subject.identifier,
      subjectId: subject.id,
      talkIds: talkIds.slice(0, 200),
      accountId: auth.accountId,
    });
  }
}

function pickColumns(subject: SubjectMeta, row: repo.TalkRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const a of subject.attributes)
    if (hasColumn(a)) out[attributeColumn(a.id)] = row[attributeColumn(a.id)];
  return out;
}

/** Runs one item's step of a batch, naming the item in its errors' fields (`talks.{i}.…`). */
async function itemErrors<T>(i: number, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    const errors = err.errors.map((e) => ({
      message: e.message,
      field: e.field ? `talks.${i}.${e.field}` : `talks.${i}`,
    }));
    throw new HttpError(err.statusCode, errors, err.headers, err.extra);
  }
}
