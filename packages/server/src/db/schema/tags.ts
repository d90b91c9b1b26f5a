import type { Generated } from 'kysely';

/** Coloured tags, the filters that earn them and their background runs. */
export interface TagTables {
  tags: TagsTable;
  tag_filters: TagFiltersTable;
  talk_tags: TalkTagsTable;
  tag_runs: TagRunsTable;
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
