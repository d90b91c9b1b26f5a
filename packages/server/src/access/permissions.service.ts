import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import type { AuthContext } from './identity.ts';
import type { Catalog, CatalogCache, SubjectScope } from '../records/catalog.ts';
import type { SubjectMeta } from '../records/subject-meta.ts';
import { accountLimits } from './permissions.repository.ts';
import { scopeOf } from './row-scope.ts';
import {
  accountRows,
  permissionMessages,
  subjectGrants,
  toAccountLimits,
  visibleRows,
  type AccountLimits,
  type AccessPolicy,
  type SubjectAction,
  type SubjectActions,
  type SubjectGrants,
} from './access-policy.ts';

export {
  ATTRIBUTE_ACTIONS,
  ATTRIBUTE_NO_ACTION,
  SUBJECT_ACTIONS,
  type AccessPolicy,
  type AttributeGrant,
  type SubjectAction,
  type SubjectActions,
} from './access-policy.ts';
export interface AttributeActions {
  create: boolean;
  update: boolean;
  delete: boolean;
}
export type { SubjectScope };

/**
 * A check every call about one subject passes once its read permission holds: the digital-
 * certificate gate (spec 002 §4, modules/certificates), which refuses (403) a subject the room
 * lists in `requireDigitalSignature` while the account has no check in force.
 */
export type SubjectGate = (auth: AuthContext, subjectId: number, db: Kysely<Database>) => Promise<void>;

/** Accounts whose limits are kept at once; past it the memory starts again. */
const MAX_KEPT_ACCOUNTS = 10_000;

/**
 * What the signed-in account's room may do with a subject: the one access policy (GUIDE §8).
 * Nothing bypasses it: administrators act through room 1, which is granted every action on every
 * subject as subjects are created, and reads every attribute. The answers come from the company's
 * catalog (modules/catalog), checked against the database's catalog version on every call, so a
 * changed room takes effect on the next request everywhere.
 *
 * Grants (actions, attributes, delimitation) are kept per catalog snapshot, room and subject; the
 * policy of a request (grants + the SQL of its visible rows, judged at the request's instant) is
 * kept per auth context, so every reading path of one request shares one value.
 */
export class PermissionsService {
  private readonly catalog: CatalogCache;
  private readonly db: Kysely<Database>;
  private readonly limitsByRequest = new WeakMap<AuthContext, Promise<AccountLimits>>();
  /**
   * Each account's limits as of a catalog version (migration 0020 moves it with them): a request
   * whose session read brought that version uses them without a query.
   */
  private readonly limitsByAccount = new Map<string, { version: number; limits: Promise<AccountLimits> }>();
  private readonly grantsBySnapshot = new WeakMap<Catalog, Map<string, SubjectGrants>>();
  private readonly byRequest = new WeakMap<
    AuthContext,
    Map<number, { version: number; policy: AccessPolicy }>
  >();

  private readonly subjectGate: SubjectGate | undefined;

  constructor(catalog: CatalogCache, db: Kysely<Database>, subjectGate?: SubjectGate) {
    this.catalog = catalog;
    this.db = db;
    this.subjectGate = subjectGate;
  }

  /**
   * The account's own row limits (shared records, attribute filters): once per request, and kept
   * across requests while the catalog version their session read brought stays the same.
   */
  private limits(auth: AuthContext, db?: Kysely<Database>): Promise<AccountLimits> {
    if (db?.isTransaction) return accountLimits(db, auth.companyId, auth.accountId).then(toAccountLimits);
    let kept = this.limitsByRequest.get(auth);
    if (kept) return kept;
    const version = auth.catalogVersion;
    const key = `${auth.companyId}:${auth.accountId}`;
    const known = this.limitsByAccount.get(key);
    if (known && version !== undefined && known.version === version) kept = known.limits;
    else {
      // Read after the session: as new as the version it brought, or newer.
      kept = accountLimits(this.db, auth.companyId, auth.accountId).then(toAccountLimits);
      if (version !== undefined) this.keepLimits(key, version, kept);
    }
    this.limitsByRequest.set(auth, kept);
    return kept;
  }

  private keepLimits(key: string, version: number, limits: Promise<AccountLimits>): void {
    if (this.limitsByAccount.size >= MAX_KEPT_ACCOUNTS) this.limitsByAccount.clear();
    const entry = { version, limits };
    this.limitsByAccount.set(key, entry);
    limits.catch(() => {
      if (this.limitsByAccount.get(key) === entry) this.limitsByAccount.delete(key);
    });
  }

  private snapshot(auth: AuthContext, db?: Kysely<Database>): Promise<Catalog> {
    return this.catalog.get(auth.companyId, db, auth);
  }

  private grantsIn(catalog: Catalog, roomId: number, subject: SubjectMeta): SubjectGrants {
    let bySubject = this.grantsBySnapshot.get(catalog);
    if (!bySubject) {
      bySubject = new Map();
      this.grantsBySnapshot.set(catalog, bySubject);
    }
    const key = `${roomId}:${subject.id}`;
    let g = bySubject.get(key);
    if (!g) {
      // The snapshot's own copy of the subject, so the grants match the version they came from.
      g = subjectGrants(roomId, catalog.room(roomId), catalog.subjectsById.get(subject.id) ?? subject);
      bySubject.set(key, g);
    }
    return g;
  }

  /** The room's grants on a subject (no rows condition): actions, attributes, delimitation. */
  async grants(auth: AuthContext, subject: SubjectMeta, db?: Kysely<Database>): Promise<SubjectGrants> {
    return this.grantsIn(await this.snapshot(auth, db), auth.roomId, subject);
  }

  /** The instant and the company's time zone that date rules and relative filters are judged in. */
  async ruleContext(auth: AuthContext, db?: Kysely<Database>): Promise<{ now: Date; timeZone: string }> {
    const { timeZone } = await this.snapshot(auth, db);
    return { now: new Date(), timeZone };
  }

  /**
   * The account's policy on a subject, whatever it may do with it (a subject it may not read has
   * every action false and every attribute hidden). Inside a transaction pass its handle: a
   * query outside it does not see the transaction's own writes.
   */
  async policy(auth: AuthContext, subject: SubjectMeta, db?: Kysely<Database>): Promise<AccessPolicy> {
    const catalog = await this.snapshot(auth, db);
    let mine = this.byRequest.get(auth);
    const kept = mine?.get(subject.id);
    if (kept && kept.version === catalog.version && !db?.isTransaction) return kept.policy;
    const grants = this.grantsIn(catalog, auth.roomId, subject);
    const rules = { now: new Date(), timeZone: catalog.timeZone };
    const limits = await this.limits(auth, db);
    const parts = [visibleRows(grants, rules), accountRows(limits, grants.subject, rules)].filter(
      (p) => p !== undefined,
    );
    const visible = parts.length === 2 ? sql`(${parts[0]} and ${parts[1]})` : parts[0];
    const policy: AccessPolicy = { ...grants, rows: scopeOf(visible), rules };
    if (!db?.isTransaction) {
      if (!mine) {
        mine = new Map();
        this.byRequest.set(auth, mine);
      }
      mine.set(subject.id, { version: catalog.version, policy });
    }
    return policy;
  }

  /**
   * The subject, the account's policy on it, checked for `need`. A subject it may not read, and an
   * unknown one, answer the same 404: nothing tells them apart. Missing `need`: 403.
   */
  async access(
    auth: AuthContext,
    identifier: string,
    need: SubjectAction,
    db?: Kysely<Database>,
  ): Promise<AccessPolicy> {
    const subject = (await this.snapshot(auth, db)).subjectsByIdentifier.get(identifier.toLowerCase());
    if (!subject) throw notFound();
    return this.accessTo(auth, subject, need, db);
  }

  async accessTo(
    auth: AuthContext,
    subject: SubjectMeta,
    need: SubjectAction,
    db?: Kysely<Database>,
  ): Promise<AccessPolicy> {
    const policy = await this.policy(auth, subject, db);
    if (!policy.actions.read) throw notFound();
    // After the read check, so that a subject the room may not read still answers 404.
    if (this.subjectGate) await this.subjectGate(auth, subject.id, db ?? this.db);
    if (!policy.actions[need]) throw forbidden(permissionMessages.notAllowed(need, subject.name));
    return policy;
  }

  /**
   * A subject the account may read, for its schema (attributes it may read, related subjects): the
   * certificate gate guards records, not the description of a subject, which the screens need to
   * ask for the check. 404 for a subject it may not read or that does not exist.
   */
  async schemaOf(auth: AuthContext, identifier: string): Promise<AccessPolicy> {
    const subject = (await this.snapshot(auth)).subjectsByIdentifier.get(identifier.toLowerCase());
    const policy = subject ? await this.policy(auth, subject) : undefined;
    if (!policy?.actions.read) throw notFound();
    return policy;
  }

  /** A subject of the account's company by id, from the catalog (whatever the account may do with it). */
  async subjectById(auth: AuthContext, subjectId: number): Promise<SubjectMeta | undefined> {
    return (await this.snapshot(auth)).subjectsById.get(subjectId);
  }

  async subjectByIdentifier(auth: AuthContext, identifier: string): Promise<SubjectMeta | undefined> {
    return (await this.snapshot(auth)).subjectsByIdentifier.get(identifier.toLowerCase());
  }

  /** The policy of a subject the account may read, or null (related subjects, lookups). */
  async readable(
    auth: AuthContext,
    subject: SubjectMeta,
    db?: Kysely<Database>,
  ): Promise<AccessPolicy | null> {
    const policy = await this.policy(auth, subject, db);
    return policy.actions.read ? policy : null;
  }

  async subjectActions(auth: AuthContext, subjectId: number, db?: Kysely<Database>): Promise<SubjectActions> {
    const catalog = await this.snapshot(auth, db);
    const subject = catalog.subjectsById.get(subjectId);
    if (!subject) return { read: false, create: false, update: false, delete: false, deactivate: false };
    return { ...this.grantsIn(catalog, auth.roomId, subject).actions };
  }

  /**
   * Per-attribute create/update/delete. A room with no rows for an attribute inherits the
   * subject's actions; rows, where present, are the attribute's only allowed actions. An
   * attribute's own `isEditable` is a rule of the attribute, checked apart (422), not a permission.
   */
  async attributeActions(
    auth: AuthContext,
    subject: SubjectMeta,
    subjectActions: SubjectActions,
    db?: Kysely<Database>,
  ): Promise<Map<number, AttributeActions>> {
    const byAttr = (await this.snapshot(auth, db)).room(auth.roomId).attributeActions;
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
    const scope = (await this.snapshot(auth, db)).room(auth.roomId).scopes.get(subjectId);
    return scope ?? { filter: null, talkIds: null };
  }

  async readableSubjectIds(auth: AuthContext): Promise<number[]> {
    const grants = (await this.snapshot(auth)).room(auth.roomId).subjectActions;
    return [...grants].filter(([, actions]) => actions.has('read')).map(([subjectId]) => subjectId);
  }
}
