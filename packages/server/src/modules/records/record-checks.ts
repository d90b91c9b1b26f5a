import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { badRequest, HttpError, unprocessable, type ErrorItem } from '../../http/errors.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { PermissionsService, SubjectActions } from '../../access/permissions.service.ts';
import { attributeColumn, hasColumn } from '../../records/subject-ddl.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';
import type { SubjectCatalogue } from '../../records/subject-catalogue.ts';
import { historyText } from './record-history.ts';
import { talkMessages } from '../../records/record-messages.ts';
import type { Prepared } from '../../records/record-prepare.ts';
import { toDbValue, type DbValue } from '../../records/record-values.ts';
import * as repo from '../../records/records.repository.ts';

/** The checks of a write that read the database: the room's attribute actions, references, natural keys. */
export interface CheckDeps {
  permissions: PermissionsService;
  subjects: SubjectCatalogue;
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** Per-attribute actions of the room: 403 naming the attributes it may not set, change or clear. */
export async function checkAttributeActions(
  deps: CheckDeps,
  db: Kysely<Database>,
  auth: AuthContext,
  subject: SubjectMeta,
  actions: SubjectActions,
  values: Map<number, unknown>,
  mode: 'create' | 'update',
  before?: repo.TalkRow,
): Promise<void> {
  const allowed = await deps.permissions.attributeActions(auth, subject, actions, db);
  const blocked: ErrorItem[] = [];
  for (const [attributeId, value] of values) {
    const a = subject.attributes.find((x) => x.id === attributeId);
    const can = allowed.get(attributeId);
    if (!a || !can) continue;
    const empty = isEmpty(value);
    if (mode === 'create' && !can.create && !empty)
      blocked.push({ message: talkMessages.attributeNotAllowed(a.name), field: a.identifier });
    if (mode === 'update' && before && hasColumn(a)) {
      const old = before[attributeColumn(a.id)];
      const clearing = empty && old !== null && old !== undefined && old !== '';
      if (clearing ? !can.delete : !can.update && !empty) {
        // Sending back the value already stored is not a change, whatever the permission.
        const c = toDbValue(a, value, a.identifier);
        if (!(c.ok && historyText(c.value) === historyText(old as DbValue)))
          blocked.push({ message: talkMessages.attributeNotAllowed(a.name), field: a.identifier });
      }
    }
  }
  if (blocked.length === 0) return;
  // A change the account may not make to an attribute it may not read is refused as for an unknown one.
  const { hidden } = await deps.permissions.policy(auth, subject, db);
  const unseen = new Set(subject.attributes.filter((a) => hidden.has(a.id)).map((a) => a.identifier));
  if (blocked.some((b) => b.field !== undefined && unseen.has(b.field)))
    throw badRequest([{ message: talkMessages.unknownAttribute, field: 'talkValues' }]);
  throw new HttpError(403, blocked);
}

/**
 * References point to records the account may read, and natural keys are not taken by another
 * record (`selfId`: the record being changed). 422 naming each attribute.
 */
export async function checkReferencesAndKeys(
  deps: CheckDeps,
  trx: Kysely<Database>,
  auth: AuthContext,
  subject: SubjectMeta,
  p: Prepared,
  selfId?: number,
): Promise<void> {
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
            : await deps.subjects.loadById(auth.companyId, a.relatedSubjectId, trx);
        const relatedAccess = await deps.permissions
          .accessTo(auth, related, 'read', trx)
          .catch(() => undefined);
        const found = relatedAccess
          ? await repo.existingIds(trx, related.id, ids, relatedAccess.rows)
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

/** Runs one item's step of a batch, naming the item in its errors' fields (`talks.{i}.…`). */
export async function itemErrors<T>(i: number, step: () => Promise<T>): Promise<T> {
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
