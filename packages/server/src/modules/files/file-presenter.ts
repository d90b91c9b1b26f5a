import type { Kysely } from 'kysely';
import { fileUrl, type StoredFile } from '@talkbase/domain/contracts/files';
import type { Database } from '../../db/schema.ts';
import type { TalkFiles } from '../records/record-parts.ts';
import { attachmentsOf, type FileRow } from './files.repository.ts';

export function toStoredFile(subject: string, row: FileRow): StoredFile {
  return {
    talkAttachmentId: row.id,
    subjectAttributeId: row.attribute_id,
    name: row.name,
    type: row.type,
    size: row.size,
    url: fileUrl(subject, row.talk_id, row.attribute_id, row.id),
    insertedIn: new Date(row.created_at).toISOString(),
    actorName: row.actor_name,
  };
}

export type { TalkFiles } from '../records/record-parts.ts';

/**
 * The live files of a page of talks in one query, for the talk presenter. Callers pass talks the
 * account may already read; nothing here widens what it sees.
 */
export async function filesOfTalks(
  db: Kysely<Database>,
  subject: { id: number; identifier: string; attributes: { id: number; kind: string }[] },
  talkIds: number[],
): Promise<TalkFiles> {
  const byTalk = new Map<number, StoredFile[]>();
  // Only files of the attributes given: the presenter passes those the account may read.
  const fileAttributes = new Set(subject.attributes.filter((a) => a.kind === 'file').map((a) => a.id));
  // A subject without file attributes has no files: its grid pages cost no extra query.
  const rows = fileAttributes.size ? await attachmentsOf(db, subject.id, talkIds) : [];
  for (const row of rows) {
    if (!fileAttributes.has(row.attribute_id)) continue;
    const list = byTalk.get(row.talk_id) ?? [];
    list.push(toStoredFile(subject.identifier, row));
    byTalk.set(row.talk_id, list);
  }
  return {
    attachments: (talkId) =>
      (byTalk.get(talkId) ?? []).map((f) => ({
        talkAttachmentId: f.talkAttachmentId,
        subjectAttributeId: f.subjectAttributeId,
        value: f.name,
        type: f.type,
        size: f.size,
        url: f.url,
        actorName: f.actorName,
        insertedIn: f.insertedIn,
      })),
    value: (talkId, attributeId) =>
      (byTalk.get(talkId) ?? [])
        .filter((f) => f.subjectAttributeId === attributeId)
        .map((f) => ({ name: f.name, type: f.type, url: f.url })),
  };
}
