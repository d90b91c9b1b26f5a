import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import {
  fileIconFor,
  mediaTypeOf,
  type FileIconAnswer,
  type FileUploadAnswer,
} from '@talkbase/domain/contracts/files';
import { isAllowedFileName, MAX_FILES_PER_SELECTION } from '@talkbase/domain/fields/file';
import { message } from '@talkbase/domain/fields/messages';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, HttpError, notFound, unprocessable } from '../../http/errors.ts';
import { eventActor } from '../../events/event-actor.ts';
import { appendEvents, type EventStream } from '../../events/event-stream.ts';
import { findCompany } from '../accounts/accounts.repository.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { PermissionsService } from '../../access/permissions.service.ts';
import type { AttributeMeta, SubjectMeta } from '../../records/subject-meta.ts';
import { changeRow } from '../records/record-history.ts';
import { insertChanges } from '../../records/record-changes.ts';
import { findTalk } from '../../records/records.repository.ts';
import { talkMessages, type TalksService } from '../records/records.service.ts';
import { cleanFileName, drain, FileInspector, invalidFile } from './file-intake.ts';
import { toStoredFile } from './file-presenter.ts';
import { discard, type FileStore } from './file-store.ts';
import { talkAsCsv } from './file-generate.ts';
import { ReportGenerator } from '../report-models/report-generate.ts';
import { XLSX_TYPE } from '../report-models/report-workbook.ts';
import * as repo from './files.repository.ts';

export const fileMessages = {
  fileNotFound: 'Arquivo não encontrado.',
  noFiles: 'Nenhum arquivo encontrado.',
  notFileAttribute: 'Campo de arquivo não encontrado neste assunto.',
  tooMany: message('fileTooMany', { n: MAX_FILES_PER_SELECTION }),
  required: message('fileRequired'),
  singleFile: (name: string) => `O campo ${name} aceita um único arquivo.`,
  nameTaken: (name: string) =>
    `Já existe um arquivo chamado ${name} neste campo. Recarregue e tente novamente.`,
  notGenerated: (name: string) => `O campo ${name} não gera arquivos sob demanda.`,
  malformedMultipart: 'O envio dos arquivos foi interrompido ou está malformado. Tente novamente.',
};

/** A talk created this recently by the same account, never edited, takes files on `create` alone. */
export const FRESH_TALK_MS = 60 * 60 * 1000;
const FILE_ON_DEMAND_COMPONENT = 34;
const SWEEP_BATCH = 500;

export interface FileRef {
  subject: string;
  talkId: number;
  attributeId: number;
}

export interface IncomingFile {
  name: string;
  stream: Readable;
}

export interface UploadInput {
  /** New files, read one after the other (a multipart body can only be read in order). */
  files: AsyncIterable<IncomingFile>;
  /** Ids of live files to record as deleted. */
  removals: number[];
}

interface Stored {
  name: string;
  key: string;
  size: number;
  sha256: string;
}

/**
 * Files of records (components 22 and 34): upload, removal, download and generation, each behind
 * the same room checks as the talk itself (TalksService.access). A file of a talk the account
 * cannot read answers 404 like the talk. Bytes are written to the store before their row is
 * committed and removed only after their row is gone, so a row never points at missing bytes;
 * a crash in between leaves bytes no row names, which `sweep` removes.
 */
export class FilesService {
  private readonly db: Db;
  private readonly talks: TalksService;
  private readonly permissions: PermissionsService;
  private readonly store: FileStore;
  private readonly events: EventStream;
  readonly sizeLimit: number;
  private readonly reports: ReportGenerator;

  constructor(deps: {
    db: Db;
    talks: TalksService;
    permissions: PermissionsService;
    store: FileStore;
    /** Files added and removed are events of the stream (automations, open grids). */
    events: EventStream;
    sizeLimit: number;
  }) {
    this.db = deps.db;
    this.talks = deps.talks;
    this.permissions = deps.permissions;
    this.store = deps.store;
    this.events = deps.events;
    this.sizeLimit = deps.sizeLimit;
    this.reports = new ReportGenerator({ db: deps.db, talks: deps.talks, permissions: deps.permissions });
  }

  private get k(): Kysely<Database> {
    return this.db.kysely;
  }

  /** The subject, the file attribute and the talk, as the account may read them; 404 otherwise. */
  private async target(auth: AuthContext, ref: FileRef) {
    const access = await this.talks.access(auth, ref.subject, 'read');
    // A file attribute the account may not read does not exist for it (`view`).
    const attribute = access.view.attributes.find((a) => a.id === ref.attributeId);
    if (!attribute || attribute.kind !== 'file') throw notFound(fileMessages.notFileAttribute);
    const talk = await findTalk(this.k, access.subject, ref.talkId, access.rows);
    if (!talk) throw notFound(talkMessages.talkNotFound);
    return { ...access, attribute, talk };
  }

  /**
   * Adding files changes the talk: the room's `update` on the subject and the attribute. A talk the
   * account has just created and not yet edited also takes them on `create` (a record is saved
   * first and its files follow, 002 §5 "upload with the talk").
   */
  private async writable(auth: AuthContext, ref: FileRef, need: { add: boolean; remove: boolean }) {
    const t = await this.target(auth, ref);
    const fresh =
      t.actions.create &&
      t.talk.created_by === auth.accountId &&
      t.talk.version === 1 &&
      Date.now() - t.talk.created_at < FRESH_TALK_MS;
    if (!t.actions.update && !fresh) throw forbidden(talkMessages.notAllowed('update', t.subject.name));
    if (!t.attribute.isEditable && !fresh)
      throw unprocessable([
        { message: talkMessages.notEditable(t.attribute.name), field: t.attribute.identifier },
      ]);
    const allowed = (await this.permissions.attributeActions(auth, t.subject, t.actions)).get(t.attribute.id);
    const canAdd = (allowed?.update ?? false) || (fresh && (allowed?.create ?? false));
    const canRemove = (allowed?.delete ?? false) || (fresh && (allowed?.create ?? false));
    if ((need.add && !canAdd) || (need.remove && !canRemove))
      throw new HttpError(403, [
        { message: talkMessages.attributeNotAllowed(t.attribute.name), field: t.attribute.identifier },
      ]);
    return t;
  }

  /**
   * Adds the incoming files and records the removals, all or nothing. Each file is checked as it
   * streams in (extension, signature, size); a name already on the attribute, or repeated, is
   * ignored (002 §5). On a single-file attribute a new file replaces the one there (002 §4).
   */
  async upload(
    auth: AuthContext,
    ref: FileRef,
    input: UploadInput,
    opts: { adding?: boolean; strict?: boolean } = {},
  ): Promise<FileUploadAnswer> {
    const { subject, attribute } = await this.writable(auth, ref, {
      add: opts.adding ?? true,
      remove: input.removals.length > 0,
    });
    const single = !acceptsMany(attribute);
    const live = await repo.filesOf(this.k, subject.id, ref.talkId, attribute.id);
    const removing = new Set(input.removals.filter((id) => live.some((f) => f.id === id)));
    // The removal call names one file: a file already gone is a 404 there. The editor's list may
    // repeat a removal already made, which is not an error.
    if (opts.strict && input.removals.some((id) => !removing.has(id)))
      throw notFound(fileMessages.fileNotFound);
    const taken = new Set(single ? [] : live.filter((f) => !removing.has(f.id)).map((f) => f.name));
    const stored: Stored[] = [];
    const ignored: string[] = [];
    let count = 0;
    try {
      for await (const file of input.files) {
        count += 1;
        if (count > MAX_FILES_PER_SELECTION)
          throw unprocessable([{ message: fileMessages.tooMany, field: attribute.identifier }]);
        if (single && count > 1)
          throw unprocessable([
            { message: fileMessages.singleFile(attribute.name), field: attribute.identifier },
          ]);
        const name = cleanFileName(file.name);
        if (!isAllowedFileName(name)) throw invalidFile(attribute.identifier);
        if (taken.has(name)) {
          ignored.push(name);
          await drain(file.stream);
          continue;
        }
        taken.add(name);
        const inspector = new FileInspector(name, this.sizeLimit, attribute.identifier);
        // Both ends settle before going on, so nothing of this file is still being written when
        // the call answers (a refused file's temporary bytes are gone by then).
        const [reading, writing] = await Promise.allSettled([
          pipeline(file.stream, inspector),
          this.store.put(inspector, `c${auth.companyId}`).catch((err: unknown) => {
            // A store that failed before reading must not leave the upload waiting on it.
            inspector.destroy(err instanceof Error ? err : new Error(String(err)));
            throw err;
          }),
        ]);
        if (writing.status === 'fulfilled' && reading.status === 'rejected')
          await discard(this.store, [writing.value]);
        if (reading.status === 'rejected') throw reading.reason;
        if (writing.status === 'rejected') throw writing.reason;
        const key = writing.value;
        stored.push({ name, key, size: inspector.size, sha256: inspector.sha256 });
      }
      // An upload call with no file at all is a client mistake, not a no-op.
      if ((opts.adding ?? true) && count === 0 && removing.size === 0)
        throw badRequest(fileMessages.required);
    } catch (err) {
      await discard(
        this.store,
        stored.map((s) => s.key),
      );
      throw err;
    }
    return this.commit(auth, subject, attribute, ref.talkId, stored, ignored, [...removing]);
  }

  private async commit(
    auth: AuthContext,
    subject: SubjectMeta,
    attribute: AttributeMeta,
    talkId: number,
    stored: Stored[],
    ignored: string[],
    removals: number[],
  ): Promise<FileUploadAnswer> {
    const at = Date.now();
    const result = await this.events
      .write(async (trx) => {
        // Read again inside the transaction: another upload may have committed meanwhile.
        const before = await repo.filesOf(trx, subject.id, talkId, attribute.id);
        const replaced = !acceptsMany(attribute) && stored.length > 0 ? before.map((f) => f.id) : [];
        const removed = [...new Set([...removals, ...replaced])].filter((id) =>
          before.some((f) => f.id === id),
        );
        const remaining = before.filter((f) => !removed.includes(f.id));
        const names = new Set(remaining.map((f) => f.name));
        const kept = stored.filter((s) => !names.has(s.name));
        const dropped = stored.filter((s) => names.has(s.name));
        if (
          attribute.isRequired &&
          !attribute.isInternal &&
          before.length > 0 &&
          remaining.length + kept.length === 0
        )
          throw unprocessable([{ message: fileMessages.required, field: attribute.identifier }]);
        await repo.markDeleted(trx, removed, at, auth.accountId);
        const ids = await repo.insertFiles(
          trx,
          kept.map((s) => ({
            companyId: auth.companyId,
            subjectId: subject.id,
            talkId,
            attributeId: attribute.id,
            name: s.name,
            type: mediaTypeOf(s.name),
            size: s.size,
            storageKey: s.key,
            sha256: s.sha256,
            at,
            accountId: auth.accountId,
          })),
        );
        const after = [...remaining.map((f) => f.name), ...kept.map((s) => s.name)];
        if (removed.length || kept.length) {
          await insertChanges(trx, [
            changeRow(auth, subject, talkId, at, 'updated', {
              id: attribute.id,
              oldValue: JSON.stringify(before.map((f) => f.name)),
              newValue: JSON.stringify(after),
            }),
          ]);
        }
        const about = { subject: subject.identifier, attribute: attribute.identifier };
        await appendEvents(trx, [
          ...ids.map((fileId, n) => ({
            companyId: auth.companyId,
            kind: 'file.added' as const,
            subjectId: subject.id,
            talkId,
            ...eventActor(auth),
            payload: { ...about, fileId, name: kept[n]?.name ?? '' },
            at,
          })),
          ...removed.map((fileId) => ({
            companyId: auth.companyId,
            kind: 'file.removed' as const,
            subjectId: subject.id,
            talkId,
            ...eventActor(auth),
            payload: { ...about, fileId, name: before.find((f) => f.id === fileId)?.name ?? '' },
            at,
          })),
        ]);
        return { ids, removed, dropped };
      })
      .catch(async (err: unknown) => {
        // Nothing was committed: the bytes written for this call go.
        await discard(
          this.store,
          stored.map((s) => s.key),
        );
        const code = (err as { code?: unknown }).code;
        // PostgreSQL: two uploads of one name raced past the check; the index kept one.
        if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE')
          throw conflict(fileMessages.nameTaken(stored.map((s) => s.name).join(', ')), attribute.identifier);
        throw err;
      });
    // Names that arrived meanwhile lose to the file already there; their bytes go.
    await discard(
      this.store,
      result.dropped.map((s) => s.key),
    );
    const rows = await repo.filesOf(this.k, subject.id, talkId, attribute.id);
    return {
      files: rows.filter((r) => result.ids.includes(r.id)).map((r) => toStoredFile(subject.identifier, r)),
      ignored: [...ignored, ...result.dropped.map((s) => s.name)],
      removed: result.removed,
    };
  }

  /** Records one file as deleted (002 §4); its bytes stay until the talk is deleted. */
  async remove(auth: AuthContext, ref: FileRef, fileId: number): Promise<void> {
    await this.upload(auth, ref, { files: noFiles(), removals: [fileId] }, { adding: false, strict: true });
  }

  /** The live files of an attribute, for GET /value/file (one file, or a zip of several). */
  async files(auth: AuthContext, ref: FileRef) {
    const { subject, attribute } = await this.target(auth, ref);
    const files = await repo.filesOf(this.k, subject.id, ref.talkId, attribute.id);
    if (files.length === 0) throw notFound(fileMessages.noFiles);
    return { subject, attribute, files };
  }

  async file(auth: AuthContext, ref: FileRef, fileId: number): Promise<repo.FileRow> {
    const { files } = await this.files(auth, ref).catch((err: unknown) => {
      if (err instanceof HttpError && err.statusCode === 404) throw notFound(fileMessages.fileNotFound);
      throw err;
    });
    const file = files.find((f) => f.id === fileId);
    if (!file) throw notFound(fileMessages.fileNotFound);
    return file;
  }

  /** The stored bytes of a file row the caller has already been allowed to read. */
  open(file: repo.FileRow): Promise<Readable> {
    return this.store.get(file.storage_key);
  }

  /**
   * Component 34: the file made on demand, never stored. A record naming a report model (its
   * select-model, 20, and select-filter, 16) makes that report as .xlsx (report-generate.ts);
   * any other record, its own values as CSV (file-generate.ts).
   */
  async generate(
    auth: AuthContext,
    ref: FileRef,
  ): Promise<{ name: string; type: string; body: Buffer | Readable }> {
    const target = await this.target(auth, ref);
    const { subject, attribute } = target;
    if (attribute.componentId !== FILE_ON_DEMAND_COMPONENT)
      throw unprocessable([
        { message: fileMessages.notGenerated(attribute.name), field: attribute.identifier },
      ]);
    const choice = this.reports.choice(target, target.talk, attribute);
    if (choice) {
      const report = await this.reports.generate(auth, choice);
      return { name: report.name, type: XLSX_TYPE, body: report.body };
    }
    const talk = await this.talks.get(auth, subject.identifier, ref.talkId);
    const company = await findCompany(this.k, auth.companyId);
    return {
      name: `${subject.identifier}-${ref.talkId}.csv`,
      type: 'text/csv; charset=utf-8',
      body: talkAsCsv(subject, talk, company?.time_zone ?? 'America/Sao_Paulo'),
    };
  }

  icons(fileTypes: string[]): FileIconAnswer {
    return {
      message: fileTypes.map((fileType) => ({ fileType, icon: { iconIdentifier: fileIconFor(fileType) } })),
    };
  }

  /**
   * Removes stored bytes no row names (a crash between writing bytes and committing their row, or
   * a removed subject or attribute). Only keys older than `graceMs` are touched, so an upload in
   * flight on any instance keeps its bytes. Answers how many keys went.
   */
  async sweep(graceMs = 24 * 60 * 60 * 1000): Promise<number> {
    const cutoff = Date.now() - graceMs;
    let removed = 0;
    let batch: string[] = [];
    const flush = async () => {
      const used = await repo.referencedKeys(this.k, batch);
      const orphans = batch.filter((key) => !used.has(key));
      await discard(this.store, orphans);
      removed += orphans.length;
      batch = [];
    };
    for await (const entry of this.store.list()) {
      if (entry.modifiedAt > cutoff) continue;
      batch.push(entry.key);
      if (batch.length >= SWEEP_BATCH) await flush();
    }
    if (batch.length) await flush();
    return removed;
  }
}

/** The multiple-file editor: the attribute's own flag, or its component config's (002 §3). */
export function acceptsMany(attribute: AttributeMeta): boolean {
  return attribute.isMultipleValues || attribute.componentConfigs.isMultiple === true;
}

async function* noFiles(): AsyncIterable<IncomingFile> {}
