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
  room_subject_actions: RoomSubjectActionsTable;
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
