import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('migration 0015 after 0016', () => {
  it('a database that already ran 0016 takes 0015 when it arrives', async () => {
    const tables = [
      'push_subscriptions',
      'inbox_notifications',
      'account_notification_channels',
      'company_channels',
      'notification_channels',
      'notifications',
    ];
    for (const table of tables) await t.db.kysely.schema.dropTable(table).execute();
    await sql`delete from kysely_migration where name = '0015-notifications'`.execute(t.db.kysely);
    await migrateToLatest(t.db);
    const names = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      t.db.kysely,
    );
    expect(names.rows.map((r) => r.name)).toContain('0015-notifications');
    expect(await t.db.kysely.selectFrom('notifications').select('id').execute()).toEqual([]);
  });
});
