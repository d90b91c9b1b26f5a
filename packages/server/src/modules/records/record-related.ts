import type { Kysely } from 'kysely';
import type { RelatedTalk } from '@talkbase/domain/contracts/talks';
import type { Database } from '../../db/schema.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import type { CheckDeps } from './record-checks.ts';
import { displayNameOf, type RelatedLoader } from './record-presenter.ts';
import * as repo from '../../records/records.repository.ts';

/** Reads the subjects a record points to, as far as the account may read them. */
export function relatedLoader(deps: CheckDeps, auth: AuthContext, subject: SubjectMeta): RelatedLoader {
  return async (id) => {
    const related =
      id === subject.id
        ? subject
        : await deps.subjects.loadById(auth.companyId, id, undefined, auth).catch(() => undefined);
    if (!related) return null;
    const access = await deps.permissions.accessTo(auth, related, 'read').catch(() => undefined);
    return access ? { subject: access.view, rows: access.rows } : null;
  };
}

/**
 * Records elsewhere that point to these (the delete of 002 §8 lists them instead), at most 50 a
 * referring attribute. One the account cannot see is counted but never named.
 */
export async function relatedRecords(
  deps: CheckDeps,
  db: Kysely<Database>,
  auth: AuthContext,
  subject: SubjectMeta,
  ids: number[],
): Promise<RelatedTalk[]> {
  const refs = await deps.subjects.referring(auth.companyId, subject.identifier);
  const out: RelatedTalk[] = [];
  for (const r of refs) {
    const from =
      r.relatedSubject.subjectId === subject.id
        ? subject
        : await deps.subjects.loadById(auth.companyId, r.relatedSubject.subjectId);
    const hits = await repo.referencing(
      db,
      { fromSubjectId: from.id, attributeId: r.subjectAttributeId, multiple: r.isMultipleValues },
      ids,
      50,
    );
    const selfRefs = hits.filter((h) => !(from.id === subject.id && ids.includes(h.talkId)));
    if (!selfRefs.length) continue;
    const fromAccess = await deps.permissions.accessTo(auth, from, 'read').catch(() => undefined);
    const rows = fromAccess
      ? await repo.rowsByIds(
          db,
          from,
          selfRefs.map((h) => h.talkId),
          fromAccess.rows,
        )
      : [];
    const names = new Map(rows.map((row) => [row.id, displayNameOf(fromAccess?.view ?? from, row)]));
    for (const h of selfRefs) {
      const seen = names.has(h.talkId);
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
