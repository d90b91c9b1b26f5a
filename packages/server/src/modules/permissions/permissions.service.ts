import type { Kysely } from 'kysely';
import type { FilterNode } from '@talkbase/domain/filters/filter-tree';
import type { Database } from '../../db/schema.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import * as repo from './permissions.repository.ts';

export const SUBJECT_ACTIONS = ['read', 'create', 'update', 'delete', 'deactivate'] as const;
export type SubjectAction = (typeof SUBJECT_ACTIONS)[number];
export type SubjectActions = Record<SubjectAction, boolean>;
export interface AttributeActions {
  create: boolean;
  update: boolean;
  delete: boolean;
}
export interface SubjectScope {
  filter: FilterNode | null;
  talkIds: number[] | null;
}

/**
 * What the signed-in account's room may do with a subject. Nothing bypasses it: administrators
 * act through room 1, which is granted every action on every subject as subjects are created.
 */
export class PermissionsService {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Inside a transaction pass its handle: on SQLite a query outside it would wait for it to end. */
  async subjectActions(
    auth: AuthContext,
    subjectId: number,
    db: Kysely<Database> = this.db,
  ): Promise<SubjectActions> {
    const rows = await repo.roomSubjectActions(db, auth.roomId, subjectId);
    const set = new Set(rows.map((r) => r.action));
    return {
      read: set.has('read'),
      create: set.has('create'),
      update: set.has('update'),
      delete: set.has('delete'),
      deactivate: set.has('deactivate'),
    };
  }

  /**
   * Per-attribute create/update/delete. A room with no rows for an attribute inherits the
   * subject's actions; rows, where present, are the attribute's only allowed actions. An
   * attribute's own `isEditable` is a rule of the attribute, checked apart (422), not a permission.
   */
  async attributeActions(
    auth: AuthContext,
    subject: { attributes: { id: number }[] },
    subjectActions: SubjectActions,
    db: Kysely<Database> = this.db,
  ): Promise<Map<number, AttributeActions>> {
    const rows = await repo.roomAttributeActions(
      db,
      auth.roomId,
      subject.attributes.map((a) => a.id),
    );
    const byAttr = new Map<number, Set<string>>();
    for (const r of rows) {
      const set = byAttr.get(r.attribute_id) ?? new Set<string>();
      set.add(r.action);
      byAttr.set(r.attribute_id, set);
    }
    const out = new Map<number, AttributeActions>();
    for (const a of subject.attributes) {
      const own = byAttr.get(a.id);
      out.set(a.id, {
        create: subjectActions.create && (own ? own.has('create') : true),
        update: subjectActions.update && (own ? own.has('update') : true),
        delete: subjectActions.update && (own ? own.has('delete') : true),
      });
    }
    return out;
  }

  /** The rows of a subject the room may see: a filter tree and/or a list of record ids. */
  async scope(auth: AuthContext, subjectId: number, db: Kysely<Database> = this.db): Promise<SubjectScope> {
    const row = await repo.roomSubjectScope(db, auth.roomId, subjectId);
    const parse = (text: string | null | undefined): unknown => {
      if (!text) return null;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return null;
      }
    };
    const filter = parse(row?.filter);
    const ids = parse(row?.talk_ids);
    return {
      filter: filter && typeof filter === 'object' ? (filter as FilterNode) : null,
      talkIds: Array.isArray(ids) ? ids.filter((x): x is number => typeof x === 'number') : null,
    };
  }

  async readableSubjectIds(auth: AuthContext): Promise<number[]> {
    return (await repo.readableSubjectIds(this.db, auth.roomId)).map((r) => r.subject_id);
  }
}
