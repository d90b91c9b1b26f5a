import { holdBookings, releaseBookings } from './modules/bookings/booking-claims.ts';
import type { PermissionsService } from './access/permissions.service.ts';
import {
  carrierJoinValues,
  removeCarrierJoins,
  saveCarrierJoins,
  type ReadableIds,
} from './modules/carrier-joins/carrier-joins.ts';
import { existingIds } from './records/records.repository.ts';
import type { SubjectCatalogue } from './records/subject-catalogue.ts';
import type { FileStore } from './modules/files/file-store.ts';
import { discard } from './modules/files/file-store.ts';
import { filesOfTalks } from './modules/files/file-presenter.ts';
import { deleteFilesOfTalks } from './modules/files/files.repository.ts';
import { deleteConversationsOf } from './modules/messages/messages.repository.ts';
import { carriesAnyTag, tagsColumn, tagsOfColumn, tagsOfTalks } from './modules/tags/tags.repository.ts';
import type { TalksService } from './modules/records/records.service.ts';
import { applyTemplateWriteRules } from './modules/templates/template-write-rules.ts';

/**
 * What hangs off records registers with them (app.ts calls this once per app): files,
 * conversations and tags are read, filtered on and removed with their records; a template's rules
 * apply to every write made through it; a time window's booking holds its place in the slot
 * (modules/bookings) from the write that makes it until it is moved or its record removed.
 * Records import none of these modules.
 */
export function wireRecordParts(
  talks: TalksService,
  fileStore: FileStore,
  access: { subjects: SubjectCatalogue; permissions: PermissionsService },
): void {
  // Loads a carrier relationship names are references: read through the writer's access.
  const readableIds: ReadableIds = async (trx, auth, subjectId, ids) => {
    const related = await access.subjects.loadById(auth.companyId, subjectId, trx).catch(() => undefined);
    const policy =
      related && (await access.permissions.accessTo(auth, related, 'read', trx).catch(() => undefined));
    return policy ? existingIds(trx, subjectId, ids, policy.rows) : new Set<number>();
  };
  talks.parts.files(filesOfTalks, deleteFilesOfTalks, (keys) => discard(fileStore, keys));
  talks.parts.onRemoval(deleteConversationsOf);
  talks.parts.tags(tagsOfTalks, carriesAnyTag, { column: tagsColumn, parse: tagsOfColumn });
  talks.writeRules.throughTemplate(applyTemplateWriteRules);
  talks.writeRules.onWritten({ written: (trx, _auth, subject, ids) => holdBookings(trx, subject, ids) });
  talks.parts.onRemoval(releaseBookings);
  // A carrier relationship's join records: saved with the record, shown from them, removed with it.
  talks.writeRules.onWritten({
    written: (trx, auth, subject, ids) => saveCarrierJoins(trx, auth, subject, ids, readableIds),
  });
  talks.parts.presents(carrierJoinValues);
  talks.parts.onRemoval(removeCarrierJoins);
}
