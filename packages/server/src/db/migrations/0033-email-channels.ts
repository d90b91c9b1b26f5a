import type { Kysely } from 'kysely';
import type { DialectName } from '../database.ts';
import { idColumn } from '../ddl.ts';

/**
 * E-mail channels (issue 37, modules/email-channels):
 * - `email_channels`: an address (unique across companies: inbound mail is routed by it), the
 *   subject its mail opens records of, their default values (JSON), what to do with unknown
 *   senders, and how mail arrives (`inbound`: 'smtp', the server's SMTP listener, or 'imap', a
 *   mailbox the server watches: the `imap_*` columns, its password sealed with EMAIL_SECRET_KEY);
 * - `message_emails`: the conversation messages that came in or went out by e-mail, with their
 *   Message-ID (threading and duplicate deliveries), the other party's address, the delivery
 *   status and the SPF/DKIM/DMARC verdict (JSON) of mail received.
 */
export function emailChannels(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('email_channels')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull().unique())
        .addColumn('subject_id', 'integer', (c) => c.notNull())
        .addColumn('defaults', 'text', (c) => c.notNull())
        .addColumn('unknown_sender', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('inbound', 'text', (c) => c.notNull())
        .addColumn('imap_host', 'text')
        .addColumn('imap_port', 'integer')
        .addColumn('imap_tls', 'integer')
        .addColumn('imap_user', 'text')
        .addColumn('imap_password', 'text')
        .addColumn('imap_mailbox', 'text')
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('email_channels_company')
        .on('email_channels')
        .columns(['company_id', 'id'])
        .execute();

      await db.schema
        .createTable('message_emails')
        .addColumn('id', ...idColumn(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('channel_id', 'integer', (c) => c.notNull())
        .addColumn('subject_id', 'integer', (c) => c.notNull())
        .addColumn('talk_id', 'integer', (c) => c.notNull())
        .addColumn('message_id', 'integer', (c) => c.notNull())
        .addColumn('rfc_message_id', 'text', (c) => c.notNull())
        .addColumn('direction', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('verdict', 'text')
        .addColumn('error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('message_emails_rfc')
        .on('message_emails')
        .columns(['company_id', 'rfc_message_id'])
        .execute();
      await db.schema
        .createIndex('message_emails_message')
        .on('message_emails')
        .column('message_id')
        .execute();
      await db.schema
        .createIndex('message_emails_talk')
        .on('message_emails')
        .columns(['subject_id', 'talk_id'])
        .execute();
    },
  };
}
