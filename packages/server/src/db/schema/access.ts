import type { Generated } from 'kysely';

/** Companies, rooms and what they may do, accounts, sessions, sign-in and the server's secrets. */
export interface AccessTables {
  companies: CompaniesTable;
  rooms: RoomsTable;
  accounts: AccountsTable;
  account_attributes: AccountAttributesTable;
  account_images: AccountImagesTable;
  account_preferences: AccountPreferencesTable;
  account_saved_views: AccountSavedViewsTable;
  sessions: SessionsTable;
  passcodes: PasscodesTable;
  password_resets: PasswordResetsTable;
  rate_limits: RateLimitsTable;
  server_secrets: ServerSecretsTable;
  room_subject_actions: RoomSubjectActionsTable;
  room_attribute_actions: RoomAttributeActionsTable;
  room_subject_scopes: RoomSubjectScopesTable;
  room_connections: RoomConnectionsTable;
  room_menu_actions: RoomMenuActionsTable;
  certificate_checks: CertificateChecksTable;
  certificate_tickets: CertificateTicketsTable;
}

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  time_zone: string;
  /** Moved by triggers whenever the company's subjects, attributes or room permissions change. */
  catalog_version: Generated<number>;
  /** Moved by triggers whenever a session or what authentication reads of an account changes (0021). */
  auth_version: Generated<number>;
  /** The company rule `requireTwoStepForAdmins` (PUT /api/company/security, 0027). */
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
  /** When two-step sign-in was last switched on or off for the account (0027). */
  two_factor_changed_at: Generated<number | null>;
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

/** The account's theme, dark mode and font size (migration 0016), and who saved them last (0036). */
export interface AccountPreferencesTable {
  account_id: number;
  theme: string;
  dark_mode: number;
  font_size: number;
  updated_at: number;
  /** The browser id of the last save that named one, and its number (null: a save named none). */
  saved_by: string | null;
  saved_sequence: number | null;
}

/** A person's last view of a subject (0031, issue 38 item 5): 'grid', 'board' or 'calendar'. */
export interface AccountSavedViewsTable {
  account_id: number;
  subject_id: number;
  view: string;
  board_by: string | null;
  calendar_by: string | null;
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
  /** 'sign-in' (verifypasscode) or 'enrol' (confirms switching two-step on) (0027). */
  purpose: Generated<string>;
}

/** A password reset link e-mailed (0026): only its token's SHA-256 is kept; single use. */
export interface PasswordResetsTable {
  id: Generated<number>;
  company_id: number;
  account_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
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

/** The menus a room may see (resource type 7); action `read`. */
export interface RoomMenuActionsTable {
  company_id: number;
  room_id: number;
  menu_id: number;
  action: string;
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
