import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import type { CatalogCache, SubjectScope } from '../catalog/catalog.ts';

export const SUBJECT_ACTIONS = ['read', 'create', 'update', 'delete', 'deactivate'] as const;
export type SubjectAction = (typeof SUBJECT_ACTIONS)[number];
export type SubjectActions = Record<SubjectAction, boolean>;
export interface AttributeActions {
  create: boolean;
  update: boolean;
  delete: boolean;
}
export type { SubjectScope };

/**
 * What the signed-in account's room may do with a subject. Nothing bypasses it: administrators
 * act through room 1, which is granted every action on every subject as subjects are created.
 * The answers come from the company's catalog (modules/catalog), checked against the database's
 * catalog version on every call, so a changed room takes effect on the next request everywhere.
 */
export class PermissionsService {
  private readonly catalog: CatalogCache;
  constructor(catalog: CatalogCache) {
    this.catalog = catalog;
  }

  /** Inside a transaction pass its handle: on SQLite a query outside it would wait for it to end. */
  async subjectActions(auth: AuthContext, subjectId: number, db?: Kysely<Database>): Promise<SubjectActions> {
    const set = (await this.catalog.get(auth.companyId, db, auth))
      .room(auth.roomId)
      .subjectActions.get(subjectId);
    return {
      read: set?.has('read') ?? false,
      create: set?.has('create') ?? false,
      update: set?.has('update') ?? false,
      delete: set?.has('delete') ?? false,
      deactivate: set?.has('deactivate') ?? false,
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
    db?: Kysely<Database>,
  ): Promise<Map<number, AttributeActions>> {
    const byAttr = (await this.catalog.get(auth.companyId, db, auth)).room(auth.roomId).attributeActions;
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
  async scope(auth: AuthContext, subjectId: number, db?: Kysely<Database>): Promise<SubjectScope> {
    const scope = (await this.catalog.get(auth.companyId, db, auth)).room(auth.roomId).scopes.get(subjectId);
    return scope ?? { filter: null, talkIds: null };
  }

  async readableSubjectIds(auth: AuthContext): Promise<number[]> {
    const grants = (await this.catalog.get(auth.companyId, undefined, auth)).room(auth.roomId).subjectActions;
    return [...grants].filter(([, actions]) => actions.has('read')).map(([subjectId]) => subjectId);
  }
}
