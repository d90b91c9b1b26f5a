import type { Generated } from 'kysely';

/** Notifications, their channels and the inbox. */
export interface NotificationTables {
  notifications: NotificationsTable;
  notification_channels: NotificationChannelsTable;
  company_channels: CompanyChannelsTable;
  account_notification_channels: AccountNotificationChannelsTable;
  inbox_notifications: InboxNotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
}

/** Notifications (0015; modules/notifications). */
export interface NotificationsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  name_normalized: string;
  description: string | null;
  subject_id: number | null;
  title_template: string;
  message_template: string;
  attach_references: number;
  created_at: number;
  updated_at: number;
}

export interface NotificationChannelsTable {
  notification_id: number;
  channel_id: number;
  is_required: number;
}

export interface CompanyChannelsTable {
  id: Generated<number>;
  company_id: number;
  channel_id: number;
  is_enable: number;
}

export interface AccountNotificationChannelsTable {
  account_id: number;
  notification_id: number;
  channel_id: number;
  is_enable: number;
}

export interface InboxNotificationsTable {
  id: Generated<number>;
  company_id: number;
  account_id: number;
  notification_id: number | null;
  subject_id: number | null;
  talk_id: number | null;
  conversation_id: string | null;
  title: string;
  description: string;
  is_read: number;
  created_at: number;
  read_at: number | null;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  company_id: number;
  account_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
}
