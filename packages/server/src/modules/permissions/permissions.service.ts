import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import * as repo from './permissions.repository.ts';

export const SUBJECT_ACTIONS = ['read', 'create', 'update', 'delete', 'deactivate'] as const;
export type SubjectAction = (typeof SUBJECT_ACTIONS)[number];
export type SubjectActions = Record<SubjectAction, boolean>;

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

  async readableSubjectIds(auth: AuthContext): Promise<number[]> {
    return (await repo.readableSubjectIds(this.db, auth.roomId)).map((r) => r.subject_id);
  }
}
