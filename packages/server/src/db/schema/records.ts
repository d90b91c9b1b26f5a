import type { Generated } from 'kysely';

/**
 * Subjects (record types) and their attributes, and what the records engine keeps beside a record:
 * its history and its files.
 */
export interface RecordTables {
  subjects: SubjectsTable;
  attributes: AttributesTable;
  talk_changes: TalkChangesTable;
  talk_files: TalkFilesTable;
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
