import type { Generated } from 'kysely';

/** E-mail channels and the messages that came in or went out by e-mail (0033, modules/email-channels). */
export interface EmailChannelTables {
  email_channels: EmailChannelsTable;
  message_emails: MessageEmailsTable;
}

export interface EmailChannelsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  /** Lower case; unique across companies (inbound mail is routed by it). */
  address: string;
  subject_id: number;
  /** JSON: `[{subjectAttributeIdentifier, value}]`. */
  defaults: string;
  unknown_sender: string;
  active: number;
  inbound: string;
  imap_host: string | null;
  imap_port: number | null;
  imap_tls: number | null;
  imap_user: string | null;
  imap_password: string | null;
  imap_mailbox: string | null;
  version: number;
  created_at: number;
  updated_at: number;
}

export interface MessageEmailsTable {
  id: Generated<number>;
  company_id: number;
  channel_id: number;
  subject_id: number;
  talk_id: number;
  /** The conversation message (talk_messages.id). */
  message_id: number;
  /** The mail's Message-ID, without angle brackets. */
  rfc_message_id: string;
  direction: 'in' | 'out';
  address: string;
  status: 'received' | 'pending' | 'sent' | 'failed';
  /** JSON SPF/DKIM/DMARC verdict of mail received. */
  verdict: string | null;
  error: string | null;
  created_at: number;
}
