import type { Generated } from 'kysely';

/** Dashboards and the rooms company dashboards are published to (migration 0030, modules/dashboards). */
export interface DashboardTables {
  dashboards: DashboardsTable;
  dashboard_rooms: DashboardRoomsTable;
}

export interface DashboardsTable {
  id: Generated<number>;
  company_id: number;
  /** The user of a personal dashboard; null for a company dashboard. */
  owner_id: number | null;
  name: string;
  is_home: Generated<number>;
  /** JSON: the widgets (contracts/dashboards.ts). */
  widgets: string;
  version: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface DashboardRoomsTable {
  dashboard_id: number;
  room_id: number;
}
