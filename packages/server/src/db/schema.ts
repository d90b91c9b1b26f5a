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
}
