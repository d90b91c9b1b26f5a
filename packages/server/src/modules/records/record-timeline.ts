import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { AuthContext } from '../../access/identity.ts';
import type { AccessPolicy } from '../../access/permissions.service.ts';
import { hasColumn } from '../../records/subject-ddl.ts';
import type { AttributeMeta } from '../../records/subject-meta.ts';
import { talkMessages } from '../../records/record-messages.ts';
import { recordNames, type RelatedLoader } from './record-presenter.ts';
import { fromDbValue } from '../../records/record-values.ts';
import * as repo from '../../records/records.repository.ts';
import { changesOf } from '../../records/record-changes.ts';

/**
 * A record's history (the timeline), newest first: changes of attributes the account may not read
 * leave no trace, values in the API's canonical form with the names of referenced records it may see.
 */
export async function talkTimeline(
  k: Kysely<Database>,
  auth: AuthContext,
  access: Pick<AccessPolicy, 'subject' | 'rows' | 'view' | 'hidden'>,
  loadSubject: RelatedLoader,
  talkId: number,
  page: number,
  fetch: number,
) {
  const { subject, rows: scope, view, hidden } = access;
  if (!(await repo.findTalk(k, subject, talkId, scope))) throw notFound(talkMessages.talkNotFound);
  const size = Math.min(Math.max(fetch, 1), 200);
  // Changes of attributes the account may not read leave no trace (left out in SQL: pages stay whole).
  const rows = await changesOf(k, auth.companyId, subject.id, talkId, (page - 1) * size, size, [...hidden]);
  const byId = new Map(view.attributes.map((a) => [a.id, a]));
  // Values are kept as the columns held them; they are answered in the API's canonical form,
  // with the names of referenced records the account may see.
  const canonical = (a: AttributeMeta | undefined, raw: string | null): unknown => {
    if (raw === null || !a) return raw;
    if (hasColumn(a)) return fromDbValue(a, raw);
    try {
      const list = JSON.parse(raw) as unknown;
      return Array.isArray(list)
        ? (list as unknown[]).map((v) => (a.kind === 'reference' ? Number(v) : v))
        : list;
    } catch {
      return raw;
    }
  };
  const entries = rows.map((r) => {
    const a = r.attribute_id ? byId.get(r.attribute_id) : undefined;
    return { r, a, oldValue: canonical(a, r.old_value), newValue: canonical(a, r.new_value) };
  });
  const wanted = new Map<number, Set<number>>();
  for (const e of entries) {
    if (e.a?.kind !== 'reference' || !e.a.relatedSubjectId) continue;
    const set = wanted.get(e.a.relatedSubjectId) ?? new Set<number>();
    for (const v of [e.oldValue, e.newValue].flat()) if (typeof v === 'number') set.add(v);
    wanted.set(e.a.relatedSubjectId, set);
  }
  const names = await recordNames(k, wanted, loadSubject);
  const display = (a: AttributeMeta | undefined, v: unknown): string | null => {
    if (a?.kind !== 'reference' || !a.relatedSubjectId || v === null) return null;
    const ids = Array.isArray(v) ? v : [v];
    const shown = ids.map((id) => names.get(`${String(a.relatedSubjectId)}:${String(id)}`));
    return shown.every((n) => n !== undefined) ? shown.join(', ') : null;
  };
  return {
    itens: entries.map(({ r, a, oldValue, newValue }) => ({
      id: r.id,
      at: new Date(r.at).toISOString(),
      action: r.action,
      accountId: r.account_id,
      accountName: r.account_name,
      subjectAttributeId: r.attribute_id,
      attributeName: a?.name ?? null,
      oldValue,
      newValue,
      oldDisplayValue: display(a, oldValue),
      newDisplayValue: display(a, newValue),
    })),
    currentPage: page,
  };
}
