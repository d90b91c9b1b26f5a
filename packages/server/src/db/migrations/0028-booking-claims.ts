import { sql, type Kysely } from 'kysely';
import { readTimeWindow } from '@talkbase/domain/fields/time-window';
import { attributeColumn } from '@talkbase/domain/records/value-kinds';

/**
 * Bookings the server holds (issue 35 item 2, modules/bookings): one row per place a record takes
 * in a slot of a time-window attribute (component 28). The primary key (attribute, slot, seat)
 * is what holds the capacity under concurrency: a booking inserts seat 1, 2 … capacity until one
 * is free, and two transactions can never both hold the same seat. `talk_id` is unique per
 * attribute: a record holds one place; moving or removing its booking deletes its row.
 *
 * The bookings already stored are given their seats here (in record order; a slot booked past
 * its capacity before this keeps every booking, the later ones beyond the capacity).
 */
export function bookingClaims() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('booking_claims')
        .addColumn('subject_id', 'integer', (c) => c.notNull())
        .addColumn('attribute_id', 'integer', (c) => c.notNull())
        .addColumn('slot', 'text', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('talk_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('booking_claims_pk', ['attribute_id', 'slot', 'seat'])
        .addUniqueConstraint('booking_claims_talk', ['attribute_id', 'talk_id'])
        .execute();
      await db.schema
        .createIndex('booking_claims_subject_talk')
        .on('booking_claims')
        .columns(['subject_id', 'talk_id'])
        .execute();

      await seatStoredBookings(db);
    },
  };
}

/**
 * Gives the bookings already stored their seats, in record order (0028; tests run it on records
 * whose seats were taken away). A slot booked past its capacity keeps every booking: the later
 * ones get seats beyond the capacity, so the slot is full and no new booking gets in.
 */
export async function seatStoredBookings(db: Kysely<unknown>): Promise<void> {
  const attributes = await sql<{ id: number; subject_id: number }>`
    select id, subject_id from attributes where component_id = 28 and is_multiple_values = 0
    order by id`.execute(db);
  for (const a of attributes.rows) {
    const column = sql.ref(attributeColumn(a.id));
    const rows = await sql<{ id: number; value: unknown }>`
      select id, ${column} as value from ${sql.table(`subject_${a.subject_id}`)}
      where ${column} is not null order by id`.execute(db);
    const seats = new Map<string, number>();
    for (const r of rows.rows) {
      let parsed: unknown = r.value;
      try {
        if (typeof parsed === 'string') parsed = JSON.parse(parsed);
      } catch {
        continue;
      }
      const booking = readTimeWindow(parsed);
      if (!booking || booking.contingency) continue;
      const slot = `${booking.date} ${booking.time}`;
      const seat = (seats.get(slot) ?? 0) + 1;
      seats.set(slot, seat);
      await sql`insert into booking_claims (subject_id, attribute_id, slot, seat, talk_id)
        values (${a.subject_id}, ${a.id}, ${slot}, ${seat}, ${r.id})`.execute(db);
    }
  }
}
