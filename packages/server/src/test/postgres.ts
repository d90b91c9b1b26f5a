import pg from 'pg';

/** PostgreSQL helpers of the server suite's setup: databases and schemas made and dropped. */

/** A database of the server that `url` points at (same host, user and options). */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** One statement on the server's own connection (database-level statements run outside any). */
export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  text: string,
): Promise<pg.QueryResult<R>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<R>(text);
  } finally {
    await client.end();
  }
}
