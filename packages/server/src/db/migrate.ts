import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';
import { foundation } from './migrations/0001-foundation.ts';
import { records } from './migrations/0002-records.ts';
import { templates } from './migrations/0003-templates.ts';
import { files } from './migrations/0004-files.ts';
import { rooms } from './migrations/0005-rooms.ts';
import { catalogVersion } from './migrations/0006-catalog-version.ts';
import { reportModels } from './migrations/0007-report-models.ts';
import { accountProfile } from './migrations/0008-account-profile.ts';
import { menus } from './migrations/0009-menus.ts';
import { certificateChecks } from './migrations/0010-certificate-checks.ts';
import { messages } from './migrations/0011-messages.ts';
import { taskEvents } from './migrations/0012-task-events.ts';
import { sessionRotation } from './migrations/0013-session-rotation.ts';
import { tags } from './migrations/0014-tags.ts';
import { notifications } from './migrations/0015-notifications.ts';
import { accountPreferences } from './migrations/0016-account-preferences.ts';
import { jobs } from './migrations/0017-jobs.ts';
import { automationRuns } from './migrations/0018-automation-runs.ts';
import { talkImports } from './migrations/0019-talk-imports.ts';
import { accessVersion } from './migrations/0020-access-version.ts';
import { authVersion } from './migrations/0021-auth-version.ts';
import { attributeWords } from './migrations/0022-attribute-words.ts';
import { eventStream } from './migrations/0023-event-stream.ts';
import { runBoundsAndPause } from './migrations/0024-run-bounds-and-pause.ts';
import { eventStepTagAndRunLists } from './migrations/0025-event-step-tag-and-run-lists.ts';
import { passwordResets } from './migrations/0026-password-resets.ts';
import { twoStep } from './migrations/0027-two-step.ts';
import { bookingClaims } from './migrations/0028-booking-claims.ts';
import { carrierJoins } from './migrations/0029-carrier-joins.ts';
import { dashboards } from './migrations/0030-dashboards.ts';
import { emailChannels } from './migrations/0033-email-channels.ts';
import { savedViews } from './migrations/0031-saved-views.ts';
import { sla } from './migrations/0032-sla.ts';
import { slaRecompute } from './migrations/0034-sla-recompute.ts';
import { slaEndedClocks } from './migrations/0035-sla-ended-clocks.ts';
import { preferencesOrder } from './migrations/0036-preferences-order.ts';

/** Versioned migrations, in order. A migration is never edited once released: add the next one. */
function migrations(db: Db): Record<string, Migration> {
  return {
    '0001-foundation': foundation(db.dialect),
    '0002-records': records(db.dialect),
    '0003-templates': templates(db.dialect),
    '0004-files': files(db.dialect),
    '0005-rooms': rooms(),
    '0006-catalog-version': catalogVersion(db.dialect),
    '0007-report-models': reportModels(db.dialect),
    '0008-account-profile': accountProfile(),
    '0009-menus': menus(db.dialect),
    '0010-certificate-checks': certificateChecks(db.dialect),
    '0011-messages': messages(db.dialect),
    '0012-task-events': taskEvents(db.dialect),
    '0013-session-rotation': sessionRotation(),
    '0014-tags': tags(db.dialect),
    '0015-notifications': notifications(db.dialect),
    '0016-account-preferences': accountPreferences(),
    '0017-jobs': jobs(db.dialect),
    '0018-automation-runs': automationRuns(db.dialect),
    '0019-talk-imports': talkImports(db.dialect),
    '0020-access-version': accessVersion(db.dialect),
    '0021-auth-version': authVersion(db.dialect),
    '0022-attribute-words': attributeWords(db.dialect),
    '0023-event-stream': eventStream(db.dialect),
    '0024-run-bounds-and-pause': runBoundsAndPause(),
    '0025-event-step-tag-and-run-lists': eventStepTagAndRunLists(),
    '0026-password-resets': passwordResets(db.dialect),
    '0027-two-step': twoStep(),
    '0028-booking-claims': bookingClaims(),
    '0029-carrier-joins': carrierJoins(),
    '0030-dashboards': dashboards(db.dialect),
    '0031-saved-views': savedViews(),
    '0032-sla': sla(db.dialect),
    '0033-email-channels': emailChannels(db.dialect),
    '0034-sla-recompute': slaRecompute(),
    '0035-sla-ended-clocks': slaEndedClocks(),
    '0036-preferences-order': preferencesOrder(),
  };
}

/**
 * Applies every pending migration; on PostgreSQL Kysely holds a lock so parallel starts are safe.
 * On PostgreSQL they run on one connection without the statement timeout: a migration that rewrites
 * or indexes a large table may take minutes, once, and another instance starting meanwhile waits
 * for its lock that long.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  if (db.dialect !== 'postgres') return migrateOn(db, db.kysely);
  await db.kysely.connection().execute(async (conn) => {
    await sql`set statement_timeout = 0`.execute(conn);
    try {
      await migrateOn(db, conn);
    } finally {
      // Back to the connection's own limit before the pool hands it to a request.
      await sql`reset statement_timeout`.execute(conn);
    }
  });
}

async function migrateOn(db: Db, kysely: Kysely<Database>): Promise<void> {
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations(db)) };
  // On PostgreSQL, name the schema: Kysely looks for its bookkeeping tables across every schema,
  // and another schema's (a second deployment, a test) must not be taken for ours.
  const schema =
    db.dialect === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(kysely)).rows[0]?.s
      : undefined;
  const migrator = new Migrator({
    db: kysely,
    provider,
    // Numbers are handed out to features built side by side (0016 landed before 0015): a database
    // that already ran a later one still takes an earlier one that arrives after it.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Falha ao aplicar a migração ${failed?.migrationName ?? ''}: ${reason}`);
  }
}
