import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { CatalogCache } from './catalog.ts';
import type { SubjectMeta } from './subject-meta.ts';
import * as repo from './subjects.repository.ts';

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

  /** The attributes of other subjects that refer to this one (a record's related records). */
  async referring(companyId: number, identifier: string) {
    const s = await this.load(companyId, identifier);
    const refs = await repo.referringAttributes(this.db.kysely, companyId, s.id);
    return refs.map((r) => ({
      subjectAttributeId: r.attributeId,
      subjectAttributeIdentifier: r.attributeIdentifier,
      attributeName: r.attributeName,
      isMultipleValues: r.isMultipleValues === 1,
      relatedSubject: {
        subjectId: r.subjectId,
        subjectIdentifier: r.subjectIdentifier,
        subjectName: r.subjectName,
        icon: r.icon,
      },
    }));
  }
}
