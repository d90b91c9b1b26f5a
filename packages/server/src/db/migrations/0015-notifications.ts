import type { Kysely } from 'kysely';
import type { DialectName } from '../database.ts';
import { idColumn } from '../ddl.ts';

/**
 * Notifications, channels and the inbox (issue 15 items 4, 5, 7; docs/decisions.md "Notifications"):
 * - `notifications` and their `notification_channels` (which channels, which are mandatory);
 * - `company_channels`: each channel's switch per company (rows written on first read);
 * - `account_notification_channels`: the own profile's choices (a missing row means "on");
 * - `inbox_notifications`: what was sent to an account in the app channel, read or not;
 * - `push_subscriptions`: browsers subscribed to Web Push (the VAPID keys live in `server_secrets`).
 */
export function notifications(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('notifications')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_normalized', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('subject_id', 'integer', (c) => c.references('subjects.id').onDelete('set null'))
        .addColumn('title_template', 'text', (c) => c.notNull())
        .addColumn('message_template', 'text', (c) => c.notNull())
        .addColumn('attach_references', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('notifications_company_name')
        .on('notifications')
        .columns(['company_id', 'name_normalized'])
        .execute();

      await db.schema
        .createTable('notification_channels')
        .addColumn('notification_id', 'integer', (c) =>
          c.notNull().references('notifications.id').onDelete('cascade'),
        )
        .addColumn('channel_id', 'integer', (c) => c.notNull())
        .addColumn('is_required', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('notification_channels_pk', ['notification_id', 'channel_id'])
        .execute();

      await db.schema
        .createTable('company_channels')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('channel_id', 'integer', (c) => c.notNull())
        .addColumn('is_enable', 'integer', (c) => c.notNull())
        .addUniqueConstraint('company_channels_unique', ['company_id', 'channel_id'])
        .execute();

      await db.schema
        .createTable('account_notification_channels')
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('notification_id', 'integer', (c) =>
          c.notNull().references('notifications.id').onDelete('cascade'),
        )
        .addColumn('channel_id', 'integer', (c) => c.notNull())
        .addColumn('is_enable', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('account_notification_channels_pk', [
          'account_id',
          'notification_id',
          'channel_id',
        ])
        .execute();

      await db.schema
        .createTable('inbox_notifications')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('notification_id', 'integer', (c) => c.references('notifications.id').onDelete('set null'))
        .addColumn('subject_id', 'integer', (c) => c.references('subjects.id').onDelete('set null'))
        .addColumn('talk_id', 'integer')
        .addColumn('conversation_id', 'text')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('is_read', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('read_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('inbox_notifications_account')
        .on('inbox_notifications')
        .columns(['account_id', 'is_read', 'id'])
        .execute();

      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('push_subscriptions_account')
        .on('push_subscriptions')
        .column('account_id')
        .execute();
    },
  };
}
