import type { Kysely } from 'kysely';
import type { DialectName } from '../database.ts';
import { idColumn } from '../ddl.ts';

/**
 * The conversation on every record (issue 13 item 2) and the event outbox (GUIDE §8, "One event
 * stream"); see docs/decisions.md "Record conversations" and "Event outbox".
 *
 * - `talk_conversations`: one row per record with messages; its id is the `IdentificadorConversa`.
 * - `talk_messages`: the messages; `restricted` = 1 when addressed to `talk_message_recipients` only.
 * - `talk_message_reads`: each account's read marker per record, for unread counts.
 * - `outbox_events`: events written in the same transaction as the change that causes them.
 */
export function messages(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('talk_conversations')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
        .addColumn('talk_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('talk_conversations_talk')
        .unique()
        .on('talk_conversations')
        .columns(['subject_id', 'talk_id'])
        .execute();

      await db.schema
        .createTable('talk_messages')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
        .addColumn('talk_id', 'integer', (c) => c.notNull())
        .addColumn('conversation_id', 'integer', (c) =>
          c.notNull().references('talk_conversations.id').onDelete('cascade'),
        )
        // Null for a message posted by an automation (`author_label` names it then).
        .addColumn('author_account_id', 'integer', (c) => c.references('accounts.id'))
        .addColumn('author_label', 'text')
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('restricted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('talk_messages_talk')
        .on('talk_messages')
        .columns(['subject_id', 'talk_id', 'id'])
        .execute();

      await db.schema
        .createTable('talk_message_recipients')
        .addColumn('message_id', 'integer', (c) =>
          c.notNull().references('talk_messages.id').onDelete('cascade'),
        )
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addPrimaryKeyConstraint('talk_message_recipients_pk', ['message_id', 'account_id'])
        .execute();
      await db.schema
        .createIndex('talk_message_recipients_account')
        .on('talk_message_recipients')
        .columns(['account_id', 'message_id'])
        .execute();

      await db.schema
        .createTable('talk_message_reads')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
        .addColumn('talk_id', 'integer', (c) => c.notNull())
        .addColumn('last_read_message_id', 'integer', (c) => c.notNull())
        .addColumn('read_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('talk_message_reads_pk', ['account_id', 'subject_id', 'talk_id'])
        .execute();

      await db.schema
        .createTable('outbox_events')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        // 'message.created'; later 'talk.created', 'talk.updated', 'talk.deleted', 'tag.gained'…
        .addColumn('kind', 'text', (c) => c.notNull())
        // The automations' event type (spec 000 §3: 1, 3, 5, 6, 7), null where none applies.
        .addColumn('event_type', 'integer')
        // No foreign keys: an event outlives what it is about (a deleted record's event still runs).
        .addColumn('subject_id', 'integer', (c) => c.notNull())
        .addColumn('talk_id', 'integer')
        .addColumn('talk_version', 'integer')
        .addColumn('message_id', 'integer')
        .addColumn('account_id', 'integer')
        // How many automation steps led here (0: a person or an integration); bounds loops.
        .addColumn('depth', 'integer', (c) => c.notNull().defaultTo(0))
        // What caused it when not a person, e.g. 'job:12' (so a job does not re-trigger itself).
        .addColumn('source', 'text')
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('processed_at', 'bigint')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .execute();
      await db.schema
        .createIndex('outbox_events_pending')
        .on('outbox_events')
        .columns(['processed_at', 'id'])
        .execute();
      await db.schema
        .createIndex('outbox_events_talk')
        .on('outbox_events')
        .columns(['subject_id', 'talk_id', 'id'])
        .execute();
    },
  };
}
