import type { Generated } from 'kysely';

/** Templates (which columns and areas a view shows) and the company menu. */
export interface ViewTables {
  templates: TemplatesTable;
  template_areas: TemplateAreasTable;
  template_area_configs: TemplateAreaConfigsTable;
  template_area_attributes: TemplateAreaAttributesTable;
  template_relations: TemplateRelationsTable;
  menus: MenusTable;
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
