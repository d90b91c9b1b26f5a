/**
 * Tables of the platform itself. Subjects' record tables are created at run time by the records
 * engine and are not typed here. Booleans are stored as 0/1 integers and instants as epoch
 * milliseconds in both dialects, so one query code serves SQLite and PostgreSQL.
 */
import type { AccessTables } from './schema/access.ts';
import type { RecordTables } from './schema/records.ts';
import type { ViewTables } from './schema/views.ts';
import type { ConversationTables } from './schema/conversation.ts';
import type { TagTables } from './schema/tags.ts';
import type { NotificationTables } from './schema/notifications.ts';
import type { JobTables } from './schema/jobs.ts';
import type { EventTables } from './schema/events.ts';
import type { BookingTables } from './schema/bookings.ts';
import type { CarrierJoinTables } from './schema/carrier-joins.ts';
import type { DashboardTables } from './schema/dashboards.ts';
import type { EmailChannelTables } from './schema/email-channels.ts';
import type { SlaTables } from './schema/sla.ts';

export type * from './schema/access.ts';
export type * from './schema/records.ts';
export type * from './schema/views.ts';
export type * from './schema/conversation.ts';
export type * from './schema/tags.ts';
export type * from './schema/notifications.ts';
export type * from './schema/jobs.ts';
export type * from './schema/events.ts';
export type * from './schema/bookings.ts';
export type * from './schema/carrier-joins.ts';
export type * from './schema/dashboards.ts';
export type * from './schema/email-channels.ts';
export type * from './schema/sla.ts';

/** Every table, one area per file under `schema/`; the database Kysely is typed with. */
export interface Database
  extends
    AccessTables,
    RecordTables,
    ViewTables,
    ConversationTables,
    TagTables,
    NotificationTables,
    JobTables,
    EventTables,
    BookingTables,
    CarrierJoinTables,
    DashboardTables,
    EmailChannelTables,
    SlaTables {}
