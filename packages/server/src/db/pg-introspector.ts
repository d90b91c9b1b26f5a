import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/**
 * PostgreSQL with an introspector that sees only the connection's own schema (its search_path),
 * where Kysely's reads every table of every schema in the database.
 *
 * Kysely's migrator asks the introspector whether its bookkeeping tables exist on every start.
 * Its PostgreSQL introspector lists every column of every schema and calls
 * `pg_get_serial_sequence` on each by name: while another deployment (or a test app) in the same
 * database creates or drops a schema of its own, that call fails on the other schema's vanished
 * table ("schema … does not exist", "column … does not exist") and our start fails with it. It also
 * grows with every schema in the database. Reading our schema alone removes both.
 */
export class SchemaScopedPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SchemaScopedIntrospector(db);
  }
}

interface ColumnRow {
  table: string;
  kind: string;
  schema: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  identity: string;
  default_value: string | null;
  comment: string | null;
}

/** The `kysely_migration*` tables, left out unless asked for (as Kysely's own introspector does). */
const KYSELY_TABLES = /^kysely_migration(_lock)?$/;

class SchemaScopedIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const rows = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(
      this.#db,
    );
    return rows.rows;
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as "table", c.relkind as kind, ns.nspname as "schema", a.attname as "column",
             typ.typname as "type", tns.nspname as type_schema, a.attnotnull as not_null,
             a.atthasdef as has_default, a.attidentity as identity,
             pg_get_expr(d.adbin, d.adrelid) as default_value,
             col_description(a.attrelid, a.attnum) as "comment"
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
        join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        join pg_catalog.pg_type typ on typ.oid = a.atttypid
        join pg_catalog.pg_namespace tns on tns.oid = typ.typnamespace
        left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
       where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p', 'f')
       order by c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const r of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.test(r.table)) continue;
      let table = tables.get(r.table);
      if (!table) {
        table = {
          name: r.table,
          schema: r.schema,
          isView: r.kind === 'v',
          isForeign: r.kind === 'f',
          columns: [],
        };
        tables.set(r.table, table);
      }
      table.columns.push({
        name: r.column,
        dataType: r.type,
        dataTypeSchema: r.type_schema,
        isNullable: !r.not_null,
        hasDefaultValue: r.has_default || r.identity !== '',
        // A serial's default draws from a sequence; an identity column is generated.
        isAutoIncrementing: r.identity !== '' || (r.default_value?.startsWith('nextval(') ?? false),
        ...(r.comment !== null ? { comment: r.comment } : {}),
      });
    }
    return [...tables.values()];
  }
}
