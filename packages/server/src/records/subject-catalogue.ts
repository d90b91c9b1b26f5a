import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { CatalogCache } from './catalog.ts';
import type { SubjectMeta } from './subject-meta.ts';

export const SUBJECT_NOT_FOUND = 'Assunto não encontrado.';

/**
 * The runtime catalogue: a company's subjects with their attributes, as kept in memory and checked
 * per call (catalog.ts). What reads records asks this; the designer (modules/subjects) writes.
 */
export class SubjectCatalogue {
  protected readonly db: Db;
  readonly catalog: CatalogCache;
  constructor(db: Db, catalog: CatalogCache = new CatalogCache(db.kysely)) {
    this.db = db;
    this.catalog = catalog;
  }

  /** A subject with its attributes. The answer is shared and must not be changed by the caller. */
  async load(
    companyId: number,
    identifier: string,
    db?: Kysely<Database>,
    known?: { catalogVersion?: number },
  ): Promise<SubjectMeta> {
    const s = (await this.catalog.get(companyId, db, known)).subjectsByIdentifier.get(
      identifier.toLowerCase(),
    );
    if (!s) throw notFound(SUBJECT_NOT_FOUND);
    return s;
  }

  async loadById(
    companyId: number,
    id: number,
    db?: Kysely<Database>,
    known?: { catalogVersion?: number },
  ): Promise<SubjectMeta> {
    const s = (await this.catalog.get(companyId, db, known)).subjectsById.get(id);
    if (!s) throw notFound(SUBJECT_NOT_FOUND);
    return s;
  }
}
