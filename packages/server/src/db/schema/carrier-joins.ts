/** Carrier relationships' join records (0029, modules/carrier-joins). */
export interface CarrierJoinTables {
  carrier_joins: CarrierJoinsTable;
}

/** One "from" item (a load) of a record's carrier relationship (component 29) and its carrier. */
export interface CarrierJoinsTable {
  subject_id: number;
  attribute_id: number;
  /** The record the relationship belongs to. */
  talk_id: number;
  /** The item's place in the relationship's list, from 0. */
  position: number;
  /** The load's record (the attribute's related subject); null for a typed label. */
  from_subject_id: number | null;
  from_talk_id: number | null;
  from_label: string;
  /** The carrier. */
  to_label: string;
}
