import type { Kysely, Selectable } from 'kysely';
import type { Database, TalkFilesTable } from '../../db/schema.ts';

/** SQL over talk_files. Every read of live files leaves out those marked deleted. */

/** A live file as read: the table's columns (less the company and removal ones) and who added it. */
export type FileRow = Omit<Selectable<TalkFilesTable>, 'company_id' | 'deleted_at' | 'deleted_by'> & {
  actor_name: string | null;
};

export interface NewFile {
  companyId: number;
  subjectId: number;
  talkId: number;
  attributeId: number;
  name: string;
  type: string;
  size: number;
  storageKey: string;
  sha256: string;
  at: number;
  accountId: number;
}

function liveFiles(db: Kysely<Database>) {
  return db
    .selectFrom('talk_files')
    .leftJoin('accounts', 'accounts.id', 'talk_files.created_by')
    .select([
      'talk_files.id',
      'talk_files.subject_id',
      'talk_files.talk_id',
      'talk_files.attribute_id',
      'talk_files.name',
      'talk_files.type',
      'talk_files.size',
      'talk_files.storage_key',
      'talk_files.sha256',
      'talk_files.created_at',
      'talk_files.created_by',
      'accounts.display_name as actor_name',
    ])
    .where('talk_files.deleted_at', 'is', null);
}

/** The live files of one attribute of one talk, oldest first. */
export async function filesOf(
  db: Kysely<Database>,
  subjectId: number,
  talkId: number,
  attributeId: number,
): Promise<FileRow[]> {
  return liveFiles(db)
    .where('talk_files.subject_id', '=', subjectId)
    .where('talk_files.talk_id', '=', talkId)
    .where('talk_files.attribute_id', '=', attributeId)
    .orderBy('talk_files.id')
    .execute();
}

/** The live files of a page of talks, for talkAttachments and the file attributes' values. */
export async function attachmentsOf(
  db: Kysely<Database>,
  subjectId: number,
  talkIds: number[],
): Promise<FileRow[]> {
  if (talkIds.length === 0) return [];
  return liveFiles(db)
    .where('talk_files.subject_id', '=', subjectId)
    .where('talk_files.talk_id', 'in', talkIds)
    .orderBy('talk_files.talk_id')
    .orderBy('talk_files.id')
    .execute();
}

export async function insertFiles(db: Kysely<Database>, files: NewFile[]): Promise<number[]> {
  if (files.length === 0) return [];
  const rows = await db
    .insertInto('talk_files')
    .values(
      files.map((f) => ({
        company_id: f.companyId,
        subject_id: f.subjectId,
        talk_id: f.talkId,
        attribute_id: f.attributeId,
        name: f.name,
        type: f.type,
        size: f.size,
        storage_key: f.storageKey,
        sha256: f.sha256,
        created_at: f.at,
        created_by: f.accountId,
        deleted_at: null,
        deleted_by: null,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function markDeleted(
  db: Kysely<Database>,
  fileIds: number[],
  at: number,
  accountId: number,
): Promise<void> {
  if (fileIds.length === 0) return;
  await db
    .updateTable('talk_files')
    .set({ deleted_at: at, deleted_by: accountId })
    .where('id', 'in', fileIds)
    .where('deleted_at', 'is', null)
    .execute();
}

/**
 * Removes every file row of these talks, deleted ones included, and answers their storage keys so
 * the bytes can go once the transaction has committed.
 */
export async function deleteFilesOfTalks(
  db: Kysely<Database>,
  subjectId: number,
  talkIds: number[],
): Promise<string[]> {
  if (talkIds.length === 0) return [];
  const rows = await db
    .deleteFrom('talk_files')
    .where('subject_id', '=', subjectId)
    .where('talk_id', 'in', talkIds)
    .returning('storage_key')
    .execute();
  return rows.map((r) => r.storage_key);
}

/** Which of these storage keys some row still refers to. */
export async function referencedKeys(db: Kysely<Database>, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('talk_files')
    .select('storage_key')
    .where('storage_key', 'in', keys)
    .execute();
  return new Set(rows.map((r) => r.storage_key));
}
