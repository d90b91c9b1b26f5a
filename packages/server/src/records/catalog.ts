import type { Kysely } from 'kysely';
import type { FilterNode } from '@talkbase/domain/filters/filter-tree';
import type { Database } from '../db/schema.ts';
import { toSubjectMeta, type SubjectMeta } from './subject-meta.ts';
import * as repo from './catalog.repository.ts';

/** The rows of a subject a room may see: a filter tree and/or a list of record ids (a delimitation). */
export interface SubjectScope {
  filter: FilterNode | null;
  talkIds: number[] | null;
}

/** What one room may do: actions per subject and per attribute, and its delimitations. */
export interface RoomGrants {
  subjectActions: Map<number, ReadonlySet<string>>;
  attributeActions: Map<number, ReadonlySet<string>>;
  scopes: Map<number, SubjectScope>;
}

/**
 * A company's catalog as one immutable snapshot: its subjects with their attributes, and every
 * room's permissions. Read on nearly every request, changed rarely, so it is kept in memory.
 */
export interface Catalog {
  version: number;
  timeZone: string;
  subjectsById: ReadonlyMap<number, SubjectMeta>;
  subjectsByIdentifier: ReadonlyMap<string, SubjectMeta>;
  room(roomId: number): RoomGrants;
  /** The room's settings document (rooms.settings, JSON text; '{}' for an unknown room). */
  roomSettings(roomId: number): string;
}

const NO_GRANTS: RoomGrants = { subjectActions: new Map(), attributeActions: new Map(), scopes: new Map() };

function parseJson(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function toScope(row: { filter: string | null; talk_ids: string | null }): SubjectScope {
  const filter = parseJson(row.filter);
  const ids = parseJson(row.talk_ids);
  return {
    filter: filter && typeof filter === 'object' ? (filter as FilterNode) : null,
    talkIds: Array.isArray(ids) ? ids.filter((x): x is number => typeof x === 'number') : null,
  };
}

async function loadCatalog(
  db: Kysely<Database>,
  companyId: number,
  version: number,
  timeZone: string,
): Promise<Catalog> {
  const [subjects, attributes, subjectActions, attributeActions, scopes, roomRows] = await Promise.all([
    repo.subjectsOf(db, companyId),
    repo.attributesOf(db, companyId),
    repo.subjectActionsOf(db, companyId),
    repo.attributeActionsOf(db, companyId),
    repo.scopesOf(db, companyId),
    repo.roomSettingsOf(db, companyId),
  ]);
  const settings = new Map(roomRows.map((r) => [r.id, r.settings]));
  const subjectsById = new Map<number, SubjectMeta>();
  const subjectsByIdentifier = new Map<string, SubjectMeta>();
  for (const s of subjects) {
    const meta = toSubjectMeta(s, attributes);
    subjectsById.set(meta.id, meta);
    subjectsByIdentifier.set(meta.identifier, meta);
  }
  const rooms = new Map<number, RoomGrants>();
  const grantsOf = (roomId: number): RoomGrants => {
    let g = rooms.get(roomId);
    if (!g) {
      g = { subjectActions: new Map(), attributeActions: new Map(), scopes: new Map() };
      rooms.set(roomId, g);
    }
    return g;
  };
  const add = (map: Map<number, ReadonlySet<string>>, key: number, action: string) => {
    const set = (map.get(key) as Set<string> | undefined) ?? new Set<string>();
    set.add(action);
    map.set(key, set);
  };
  for (const r of subjectActions) add(grantsOf(r.room_id).subjectActions, r.subject_id, r.action);
  for (const r of attributeActions) add(grantsOf(r.room_id).attributeActions, r.attribute_id, r.action);
  for (const r of scopes) grantsOf(r.room_id).scopes.set(r.subject_id, toScope(r));
  return {
    version,
    timeZone,
    subjectsById,
    subjectsByIdentifier,
    room: (roomId) => rooms.get(roomId) ?? NO_GRANTS,
    roomSettings: (roomId) => settings.get(roomId) ?? '{}',
  };
}

/**
 * Every instance keeps each company's catalog in memory and checks it against
 * `companies.catalog_version`, which triggers move in the same transaction as any change to
 * subjects, attributes and room permissions (migration 0006), and to room settings and what
 * limits an account's rows (its attribute values, the records shared with it: 0020). The version
 * comes with the session read of each request (or from a primary-key read when none is given),
 * so a change is seen on the next request by every instance, with no messages to lose and no
 * time window.
 *
 * A snapshot read inside a transaction is used but never kept: that transaction may still roll back.
 */
export class CatalogCache {
  private readonly db: Kysely<Database>;
  private readonly byCompany = new Map<number, Catalog>();

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /**
   * The company's catalog. `known` is a version the caller read at the start of its request (the
   * auth context's, read with the session): while the kept catalog is of that version it is served
   * without a query — as if the version had been read then. Otherwise, and always inside a
   * transaction, the version is read now.
   */
  get(
    companyId: number,
    db: Kysely<Database> = this.db,
    known?: { catalogVersion?: number },
  ): Promise<Catalog> {
    const cached = this.byCompany.get(companyId);
    if (cached && !db.isTransaction && known?.catalogVersion === cached.version)
      return Promise.resolve(cached);
    return this.current(companyId, db);
  }

  private async current(companyId: number, db: Kysely<Database>): Promise<Catalog> {
    const head = await repo.catalogHead(db, companyId);
    const version = head?.catalog_version ?? 0;
    const timeZone = head?.time_zone ?? 'America/Sao_Paulo';
    const cached = this.byCompany.get(companyId);
    if (cached && cached.version === version && cached.timeZone === timeZone) return cached;
    const fresh = await loadCatalog(db, companyId, version, timeZone);
    if (!db.isTransaction) this.byCompany.set(companyId, fresh);
    return fresh;
  }
}
