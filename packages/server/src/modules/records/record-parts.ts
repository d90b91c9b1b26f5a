import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FileValueItem, TalkAttachment } from '@talkbase/domain/contracts/files';
import type { TalkTag } from '@talkbase/domain/contracts/tags';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { RowExtras } from '../../records/records.repository.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';

/** A page of records' files, as the presenter shows them (modules/files reads them). */
export interface TalkFiles {
  /** 002 §3 Talk.talkAttachments of one talk: every live file of its file attributes. */
  attachments(talkId: number): TalkAttachment[];
  /** The value of a file attribute in talkValues: its live files as File items. */
  value(talkId: number, attributeId: number): FileValueItem[];
}

type FilesOfTalks = (
  db: Kysely<Database>,
  subject: { id: number; identifier: string; attributes: { id: number; kind: string }[] },
  talkIds: number[],
) => Promise<TalkFiles>;

/** Inside a removal's transaction: a part's rows of the removed records go. */
type RemoveWith<T> = (trx: Kysely<Database>, subjectId: number, talkIds: number[]) => Promise<T>;

type TagsOfTalks = (
  db: Kysely<Database>,
  subjectId: number,
  talkIds: readonly number[],
) => Promise<Map<number, TalkTag[]>>;

/** A record's tags as a column of its own read, and how to read that column's value. */
interface TagsInRow {
  column: (subjectId: number, dialect: DialectName) => RowExtras['columns'][number];
  parse: (value: unknown) => TalkTag[];
}

/** The condition "the record (aliased `alias`) carries one of these tags". */
type CarriesAnyTag = (subjectId: number, tagIds: readonly number[], alias?: string) => RawBuilder<unknown>;

/** Display names of records by `${subjectId}:${talkId}`, of those the reading account may see. */
type RecordNames = (wanted: ReadonlyMap<number, ReadonlySet<number>>) => Promise<Map<string, string>>;

/** Values a part presents in place of the stored ones, by `${talkId}:${attributeId}`. */
type PresentedValues = (
  db: Kysely<Database>,
  subject: SubjectMeta,
  talkIds: number[],
  names: RecordNames,
) => Promise<Map<string, unknown>>;

const NO_FILES: TalkFiles = { attachments: () => [], value: () => [] };

/** The column a record read with `rowExtras` carries its tags in. */
export const TAGS_IN_ROW = 'tags_json';

/**
 * What is kept beside records and belongs to them — files, conversations, tags, join records — registered by the
 * modules that own it (app.ts), so that records never import them: the presenter asks for a
 * page's files here, and a removal takes every part's rows in its own transaction.
 */
export class RecordParts {
  #files: FilesOfTalks = () => Promise.resolve(NO_FILES);
  #removeFiles: RemoveWith<string[]> = () => Promise.resolve([]);
  #discard: (keys: string[]) => Promise<void> = () => Promise.resolve();
  readonly #removals: RemoveWith<unknown>[] = [];
  #tags: TagsOfTalks = () => Promise.resolve(new Map<number, TalkTag[]>());
  #carriesAnyTag: CarriesAnyTag | undefined;
  #tagsInRow: TagsInRow | undefined;
  readonly #presented: PresentedValues[] = [];

  /**
   * The tags module: each record's tags for the presenter (a page's in one query, a record read
   * alone's in its own statement), and the grid's filter by tags.
   */
  tags(read: TagsOfTalks, carriesAny: CarriesAnyTag, inRow?: TagsInRow): void {
    this.#tags = read;
    this.#carriesAnyTag = carriesAny;
    this.#tagsInRow = inRow;
  }

  /** A page's tags; rows read with `rowExtras` bring their own (`TAGS_IN_ROW`). */
  async tagsOf(
    db: Kysely<Database>,
    subjectId: number,
    rows: readonly { id: number; [TAGS_IN_ROW]?: unknown }[],
  ): Promise<Map<number, TalkTag[]>> {
    const inRow = this.#tagsInRow;
    if (inRow && rows.length > 0 && rows.every((r) => TAGS_IN_ROW in r))
      return new Map(rows.map((r) => [r.id, inRow.parse(r[TAGS_IN_ROW])]));
    return this.#tags(
      db,
      subjectId,
      rows.map((r) => r.id),
    );
  }

  /** What a record read alone takes with it in its own statement (`findTalk`): its tags. */
  rowExtras(subjectId: number, dialect: DialectName): RowExtras | undefined {
    const inRow = this.#tagsInRow;
    if (!inRow) return undefined;
    let extras = this.#extras.get(subjectId);
    if (!extras) {
      extras = { key: `tags:${dialect}:${subjectId}`, columns: [inRow.column(subjectId, dialect)] };
      this.#extras.set(subjectId, extras);
    }
    return extras;
  }

  readonly #extras = new Map<number, RowExtras>();

  /** Without the tags module no record carries a tag: the condition is false. */
  carriesAnyTag(...args: Parameters<CarriesAnyTag>): RawBuilder<unknown> {
    return this.#carriesAnyTag ? this.#carriesAnyTag(...args) : sql`1 = 0`;
  }

  /**
   * The files module: a page's files for the presenter; their rows removed with the records
   * (answering their storage keys), and the bytes of those once the removal has committed.
   */
  files(read: FilesOfTalks, remove: RemoveWith<string[]>, discard: (keys: string[]) => Promise<void>): void {
    this.#files = read;
    this.#removeFiles = remove;
    this.#discard = discard;
  }

  /** A part whose rows go with the records, in the same transaction. */
  onRemoval(remove: RemoveWith<unknown>): void {
    this.#removals.push(remove);
  }

  /** A part that presents some attributes' values from its own rows (the carrier joins). */
  presents(read: PresentedValues): void {
    this.#presented.push(read);
  }

  /** Every part's presented values of a page of records (later parts win on the same key). */
  async presentedOf(...args: Parameters<PresentedValues>): Promise<Map<string, unknown>> {
    const out = new Map<string, unknown>();
    for (const read of this.#presented) for (const [k, v] of await read(...args)) out.set(k, v);
    return out;
  }

  filesOf(...args: Parameters<FilesOfTalks>): Promise<TalkFiles> {
    return this.#files(...args);
  }

  /** Every part's rows of these records, inside `trx`; answers the storage keys to free after commit. */
  async removeWith(trx: Kysely<Database>, subjectId: number, talkIds: number[]): Promise<string[]> {
    for (const remove of this.#removals) await remove(trx, subjectId, talkIds);
    return this.#removeFiles(trx, subjectId, talkIds);
  }

  /** Frees removed files' bytes: only once the removal has committed. */
  discard(keys: string[]): Promise<void> {
    return keys.length === 0 ? Promise.resolve() : this.#discard(keys);
  }
}
