import type { Generated } from 'kysely';

/**
 * Tables of the platform itself. Subjects' record tables are created at run time by the records
 * engine and are not typed here. Booleans are stored as 0/1 integers and instants as epoch
 * milliseconds in both dialects, so one query code serves SQLite and PostgreSQL.
 */
export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  time_zone: string;
  /** Moved by triggers whenever the company's subjects, attributes or room permissions change. */
  catalog_version: Generated<number>;
  /** Moved by triggers whenever a session or what authentication reads of an account changes (0021). */
  auth_version: Generated<number>;
  two_factor_required: number;
  created_at: number;
}

export interface RoomsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  display_name: string | null;
  color: string | null;
  kind: string;
  created_at: number;
  /** JSON: menus, roomFilters, roomNotifications, requireDigitalSignature (spec 001 §3). */
  settings: Generated<string>;
}

export interface AccountsTable {
  id: Generated<number>;
  company_id: number;
  account_type: number;
  room_id: number;
  first_name: string | null;
  last_name: string | null;
  display_name: string;
  app_name: string | null;
  email: string | null;
  /** Lower-cased e-mail, unique across the deployment: sign-in does not name a company. */
  email_normalized: string | null;
  phone_number: string | null;
  image: string | null;
  password_hash: string;
  integration_hash: string | null;
  is_admin: number;
  two_factor_enabled: number;
  is_active: number;
  created_at: number;
  updated_at: number;
  /** JSON: the records shared with this account, in the delimitation editor's shape (0008). */
  shared_talks: Generated<string>;
  /** Set when the account was removed; its row stays for history (0008). */
  deleted_at: number | null;
}

/** 'Configuração de campos' of an account: one attribute value per row, in order (0008). */
export interface AccountAttributesTable {
  company_id: number;
  account_id: number;
  position: number;
  attribute_id: number;
  /** JSON. */
  value: string | null;
}

/** An account's profile image, base64 (0008). */
export interface AccountImagesTable {
  account_id: number;
  company_id: number;
  name: string;
  type: string;
  data: string;
  updated_at: number;
}

export interface SessionsTable {
  id: string;
  account_id: number;
  company_id: number;
  keep_connected: number;
  created_at: number;
  refreshed_at: number;
  expires_at: number;
  revoked_at: number | null;
  ip: string | null;
  user_agent: string | null;
  /** The generation of the session's current access token (0013); a refresh moves it on. */
  token_gen: Generated<number>;
  rotated_at: number | null;
}

export interface PasscodesTable {
  id: Generated<number>;
  company_id: number;
  account_id: number;
  code_hash: string;
  keep_connected: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  failed_attempts: number;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
}

export interface Database {
  companies: CompaniesTable;
  rooms: RoomsTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  passcodes: PasscodesTable;
  rate_limits: RateLimitsTable;
  server_secrets: ServerSecretsTable;
  subjects: SubjectsTable;
  attributes: AttributesTable;
  talk_changes: TalkChangesTable;
  talk_files: TalkFilesTable;
  room_subject_actions: RoomSubjectActionsTable;
  templates: TemplatesTable;
  template_areas: TemplateAreasTable;
  template_area_configs: TemplateAreaConfigsTable;
  template_area_attributes: TemplateAreaAttributesTable;
  template_relations: TemplateRelationsTable;
  room_attribute_actions: RoomAttributeActionsTable;
  room_subject_scopes: RoomSubjectScopesTable;
  room_connections: RoomConnectionsTable;
  menus: MenusTable;
  room_menu_actions: RoomMenuActionsTable;
  account_attributes: AccountAttributesTable;
  account_images: AccountImagesTable;
  talk_conversations: TalkConversationsTable;
  talk_messages: TalkMessagesTable;
  talk_message_recipients: TalkMessageRecipientsTable;
  talk_message_reads: TalkMessageReadsTable;
  outbox_events: OutboxEventsTable;
  task_events: TaskEventsTable;
  certificate_checks: CertificateChecksTable;
  certificate_tickets: CertificateTicketsTable;
  task_runs: TaskRunsTable;
  tags: TagsTable;
  tag_filters: TagFiltersTable;
  talk_tags: TalkTagsTable;
  tag_runs: TagRunsTable;
  account_preferences: AccountPreferencesTable;
  notifications: NotificationsTable;
  notification_channels: NotificationChannelsTable;
  company_channels: CompanyChannelsTable;
  account_notification_channels: AccountNotificationChannelsTable;
  inbox_notifications: InboxNotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
  jobs: JobsTable;
  job_events: JobEventsTable;
  job_event_steps: JobEventStepsTable;
  job_works: JobWorksTable;
  job_work_steps: JobWorkStepsTable;
  job_refs: JobRefsTable;
  job_generations: JobGenerationsTable;
}

export interface SubjectsTable {
  id: Generated<number>;
  company_id: number;
  identifier: string;
  name: string;
  icon: string | null;
  is_builtin: number;
  created_at: number;
  updated_at: number;
}

export interface AttributesTable {
  id: Generated<number>;
  company_id: number;
  subject_id: number;
  identifier: string;
  name: string;
  component_id: number;
  is_required: number;
  is_editable: number;
  is_natural_key: number;
  is_multiple_values: number;
  is_orderable: number;
  is_internal: number;
  length: number | null;
  default_value: string | null;
  /** JSON object. */
  component_configs: string;
  related_subject_id: number | null;
  tooltip: string | null;
  description: string | null;
  icon: string | null;
  position: number;
  created_at: number;
  updated_at: number;
}

export interface RoomSubjectActionsTable {
  company_id: number;
  room_id: number;
  subject_id: number;
  /** read | create | update | delete | deactivate */
  action: string;
}

export interface RoomAttributeActionsTable {
  company_id: number;
  room_id: number;
  attribute_id: number;
  /** read | create | update | delete */
  action: string;
}

export interface RoomSubjectScopesTable {
  company_id: number;
  room_id: number;
  subject_id: number;
  filter: string | null;
  talk_ids: string | null;
  name: string | null;
}

export interface RoomConnectionsTable {
  company_id: number;
  room_id: number;
  room_to_id: number;
}

export interface TalkChangesTable {
  id: Generated<number>;
  company_id: number;
  subject_id: number;
  talk_id: number;
  account_id: number | null;
  at: number;
  /** created | updated | deleted | activated | deactivated */
  action: string;
  attribute_id: number | null;
  old_value: string | null;
  new_value: string | null;
}

/** A file of a record (components 22 and 34); its bytes are in the file store under `storage_key`. */
export interface TalkFilesTable {
  id: Generated<number>;
  company_id: number;
  subject_id: number;
  talk_id: number;
  attribute_id: number;
  name: string;
  /** Media type, from the extension. */
  type: string;
  size: number;
  storage_key: string;
  sha256: string;
  created_at: number;
  created_by: number | null;
  /** Set when the file is removed from its attribute (spec 002 §4); the bytes stay until the talk goes. */
  deleted_at: number | null;
  deleted_by: number | null;
}

/** A template of a subject (spec 001 §3); `template_type` and `scenario_id` as in domain contracts/templates.ts. */
export interface TemplatesTable {
  id: Generated<number>;
  company_id: number;
  subject_id: number;
  template_type: number;
  scenario_id: number;
  name: string;
  account_id: number | null;
  parent_template_id: number | null;
  show_talk_id_on_grid: number;
  version: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A column or form area; nested areas point to their parent; group areas have no attribute. */
export interface TemplateAreasTable {
  id: Generated<number>;
  company_id: number;
  template_id: number;
  parent_area_id: number | null;
  attribute_id: number | null;
  name: string | null;
  position: number;
  widget_id: number;
}

export interface TemplateAreaConfigsTable {
  id: Generated<number>;
  company_id: number;
  area_id: number;
  identifier: string;
  /** JSON scalar. */
  value: string;
}

export interface TemplateAreaAttributesTable {
  id: Generated<number>;
  company_id: number;
  area_id: number;
  attribute_id: number;
  label: string | null;
  position: number;
}

export interface TemplateRelationsTable {
  company_id: number;
  template_id: number;
  related_template_id: number;
}

/** The company menu's nodes (0009); parents have no scenario, subject, template or filters. */
export interface MenusTable {
  id: Generated<number>;
  company_id: number;
  parent_id: number | null;
  position: number;
  name: string;
  scenario: string | null;
  subject_id: number | null;
  template_id: number | null;
  icon: string | null;
  /** JSON list of saved filter ids. */
  filters: string | null;
}

/** The menus a room may see (resource type 7); action `read`. */
export interface RoomMenuActionsTable {
  company_id: number;
  room_id: number;
  menu_id: number;
  action: string;
}

/** A record's conversation (0011); its id is the notification variable `IdentificadorConversa`. */
export interface TalkConversationsTable {
  id: Generated<number>;
  company_id: number;
  subject_id: number;
  talk_id: number;
  created_at: number;
}

export interface TalkMessagesTable {
  id: Generated<number>;
  company_id: number;
  subject_id: number;
  talk_id: number;
  conversation_id: number;
  author_account_id: number | null;
  author_label: string | null;
  text: string;
  /** 1 when only `talk_message_recipients` (and the author) see it. */
  restricted: number;
  created_at: number;
}

export interface TalkMessageRecipientsTable {
  message_id: number;
  account_id: number;
}

export interface TalkMessageReadsTable {
  company_id: number;
  account_id: number;
  subject_id: number;
  talk_id: number;
  last_read_message_id: number;
  read_at: number;
}

/** Events written in the transaction of the change that causes them (GUIDE §8; 0011). */
export interface OutboxEventsTable {
  id: Generated<number>;
  company_id: number;
  kind: string;
  event_type: number | null;
  subject_id: number;
  talk_id: number | null;
  talk_version: number | null;
  message_id: number | null;
  account_id: number | null;
  depth: Generated<number>;
  source: string | null;
  /** JSON. */
  payload: string;
  created_at: number;
  processed_at: number | null;
  attempts: Generated<number>;
  last_error: string | null;
}

/** A start, pause or finish of a task (0012). */
export interface TaskEventsTable {
  id: Generated<number>;
  company_id: number;
  subject_id: number;
  talk_id: number;
  account_id: number | null;
  action: string;
  at: number;
}

/** A task's timer: its state, who runs it and since when, and the time worked in closed runs (0012). */
export interface TaskRunsTable {
  subject_id: number;
  talk_id: number;
  company_id: number;
  state: string;
  running_by: number | null;
  running_since: number | null;
  accumulated_ms: Generated<number>;
  updated_at: number;
}

/** Every digital-certificate check of an account; a valid one is in force until expires_at. */
export interface CertificateChecksTable {
  id: Generated<number>;
  company_id: number;
  account_id: number;
  valid: number;
  account_log_type_id: number;
  holder_name: string | null;
  cpf: string | null;
  checked_at: number;
  expires_at: number | null;
}

/** One-use tickets naming an account to the certificate endpoint (id: SHA-256 of the ticket). */
export interface CertificateTicketsTable {
  id: string;
  company_id: number;
  account_id: number;
  session_id: string;
  origin: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Coloured tags records earn through filters (migration 0014, modules/tags). */
export interface TagsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  name_normalized: string;
  color: string;
  generation: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface TagFiltersTable {
  id: Generated<number>;
  company_id: number;
  tag_id: number;
  subject_id: number;
  subject_attribute_id: number | null;
  name: string;
  filter: string;
  position: number;
}

/** Which records carry which tag: source 'filter' (earned) or 'manual' (set by an automation). */
export interface TalkTagsTable {
  company_id: number;
  tag_id: number;
  subject_id: number;
  talk_id: number;
  source: string;
  created_at: number;
}

/** Background re-tagging of one tag over one subject's existing records. */
export interface TagRunsTable {
  tag_id: number;
  subject_id: number;
  company_id: number;
  generation: number;
  state: string;
  last_id: Generated<number>;
  processed: Generated<number>;
  total: Generated<number>;
  lease_until: Generated<number>;
  started_at: number | null;
  finished_at: number | null;
}

/** The account's theme, dark mode and font size (migration 0016). */
export interface AccountPreferencesTable {
  account_id: number;
  theme: string;
  dark_mode: number;
  font_size: number;
  updated_at: number;
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

/** Automations (migration 0017, modules/jobs): the job document and the rows that give ids and indexes. */
export interface JobsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  name_normalized: string;
  /** JSON: the job as the API answers it (000 §3), every id filled in. */
  document: string;
  /** Comma-wrapped event types of its steps (',1,5,'). */
  event_types: string;
  version: Generated<number>;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface JobEventsTable {
  id: Generated<number>;
  company_id: number;
  job_id: number;
  position: number;
}

export interface JobEventStepsTable {
  id: Generated<number>;
  company_id: number;
  job_id: number;
  event_id: number;
  event_index: number;
  step_index: number;
  event_type: number;
  subject_id: number;
  cron: string | null;
}

export interface JobWorksTable {
  id: Generated<number>;
  company_id: number;
  job_id: number;
  position: number;
}

export interface JobWorkStepsTable {
  id: Generated<number>;
  company_id: number;
  job_id: number;
  work_id: number;
  work_index: number;
  step_index: number;
  kind: string;
}

/** What a job's actions point at: 'tag', 'notification', 'job' (ExecuteParentJob). */
export interface JobRefsTable {
  company_id: number;
  job_id: number;
  ref_kind: string;
  ref_id: number;
}

/** Moved on every job write of the company: engines re-read their jobs when it changes. */
export interface JobGenerationsTable {
  company_id: number;
  generation: number;
}
