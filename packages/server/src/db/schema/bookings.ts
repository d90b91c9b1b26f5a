/** The places records hold in time-window slots (0028, modules/bookings). */
export interface BookingTables {
  booking_claims: BookingClaimsTable;
}

export interface BookingClaimsTable {
  subject_id: number;
  attribute_id: number;
  /** 'YYYY-MM-DD HH:mm', the company's wall clock. */
  slot: string;
  /** 1 … the attribute's capacity (higher only for bookings older than the claims). */
  seat: number;
  talk_id: number;
}
