import { sql, type Kysely } from 'kysely';
import { message } from '@talkbase/domain/fields/messages';
import { isOfferedBooking, readTimeWindow, timeWindowConfig } from '@talkbase/domain/fields/time-window';
import type { Database } from '../../db/schema.ts';
import { conflict, unprocessable } from '../../http/errors.ts';
import { attributeColumn, talkTable } from '../../records/subject-ddl.ts';
import type { SubjectMeta } from '../../records/subject-meta.ts';

/** The time window (002 §2, §3, §5). */
export const TIME_WINDOW_COMPONENT = 28;

type Attribute = SubjectMeta['attributes'][number];

/** The time-window attributes whose bookings take a place: single-valued ones (the editor's). */
export function bookingAttributes(subject: SubjectMeta): Attribute[] {
  return subject.attributes.filter((a) => a.componentId === TIME_WINDOW_COMPONENT && !a.isMultipleValues);
}

/** A stored value as the slot it takes ('YYYY-MM-DD HH:mm'); null when it takes none. */
export function slotOf(value: unknown): string | null {
  let parsed = value;
  if (typeof parsed === 'string') {
    try {
      parsed = JSON.parse(parsed);
    } catch {
      return null;
    }
  }
  const booking = readTimeWindow(parsed);
  // A contingency date is a free date and time (§2): it takes no place.
  if (!booking || booking.contingency) return null;
  return `${booking.date} ${booking.time}`;
}

/**
 * Makes the places the records `talkIds` hold match their bookings, in the write's transaction
 * (a write hook of the records, record-wiring.ts), on every create, edit, `/many` and import:
 *
 * - a booking already held stays as it is (editing another field never refuses it);
 * - a moved or cleared one (or one switched to contingency) gives its place back;
 * - a new one must be a slot the attribute offers (its weekdays, holidays, opening and closing
 *   times and slot length: `isOfferedBooking`, the check the browser's editor makes too), else
 *   422; then it takes the first free seat of its slot, 1 … capacity, by an insert that the
 *   primary key (attribute, slot, seat) lets through once: on PostgreSQL a concurrent insert of
 *   the same seat waits for the other transaction and then finds it taken, and SQLite writes one
 *   transaction at a time. With no seat left the write is refused, 409.
 *
 * Both answer 'Nenhum horario disponível' naming the attribute (`talks.{i}.{attribute}` for the
 * items of `POST /talk/{subject}/many`, which hands its records here in item order, together).
 */
export async function holdBookings(
  trx: Kysely<Database>,
  subject: SubjectMeta,
  talkIds: readonly number[],
): Promise<void> {
  const attributes = bookingAttributes(subject);
  if (attributes.length === 0 || talkIds.length === 0) return;
  const ids = [...talkIds];
  const attributeIds = attributes.map((a) => a.id);
  const columns = attributes.map(
    (a) => sql`${sql.ref(`t.${attributeColumn(a.id)}`)} as ${sql.ref(`v${a.id}`)}`,
  );
  const { rows } = await sql<Record<string, unknown>>`
    select t.id as id, ${sql.join(columns)} from ${sql.table(talkTable(subject.id))} as t
    where t.id in (${sql.join(ids)})`.execute(trx);
  const held = await trx
    .selectFrom('booking_claims')
    .select(['attribute_id', 'talk_id', 'slot'])
    .where('attribute_id', 'in', attributeIds)
    .where('talk_id', 'in', ids)
    .execute();
  const heldSlot = new Map(held.map((c) => [`${c.attribute_id}:${c.talk_id}`, c.slot]));
  const byId = new Map(rows.map((r) => [Number(r.id), r]));

  for (const [i, talkId] of ids.entries()) {
    const row = byId.get(talkId);
    if (!row) continue;
    for (const a of attributes) {
      const slot = slotOf(row[`v${a.id}`]);
      const before = heldSlot.get(`${a.id}:${talkId}`) ?? null;
      if (slot === before) continue;
      if (before !== null)
        await trx
          .deleteFrom('booking_claims')
          .where('attribute_id', '=', a.id)
          .where('talk_id', '=', talkId)
          .execute();
      if (slot === null) continue;
      const field = ids.length > 1 ? `talks.${i}.${a.identifier}` : a.identifier;
      const config = timeWindowConfig(a.componentConfigs);
      const [date = '', time = ''] = slot.split(' ');
      if (!isOfferedBooking(config, { date, time, contingency: false }))
        throw unprocessable([{ message: message('timeWindowNoSlot'), field }]);
      await takeSeat(trx, subject.id, a.id, config.capacity, slot, talkId, field);
    }
  }
}

async function takeSeat(
  trx: Kysely<Database>,
  subjectId: number,
  attributeId: number,
  capacity: number,
  slot: string,
  talkId: number,
  field: string,
): Promise<void> {
  const taken = new Set(
    (
      await trx
        .selectFrom('booking_claims')
        .select('seat')
        .where('attribute_id', '=', attributeId)
        .where('slot', '=', slot)
        .execute()
    ).map((r) => r.seat),
  );
  for (let seat = 1; seat <= capacity; seat++) {
    if (taken.has(seat)) continue;
    // Taken meanwhile by a transaction that committed first: nothing inserted, try the next one.
    const inserted = await trx
      .insertInto('booking_claims')
      .values({ subject_id: subjectId, attribute_id: attributeId, slot, seat, talk_id: talkId })
      .onConflict((oc) => oc.doNothing())
      .returning('seat')
      .executeTakeFirst();
    if (inserted) return;
  }
  throw conflict(message('timeWindowNoSlot'), field);
}

/** Removed records give their places back (with the rows, in the removal's transaction). */
export async function releaseBookings(
  trx: Kysely<Database>,
  subjectId: number,
  talkIds: number[],
): Promise<void> {
  if (talkIds.length === 0) return;
  await trx
    .deleteFrom('booking_claims')
    .where('subject_id', '=', subjectId)
    .where('talk_id', 'in', talkIds)
    .execute();
}

/**
 * The places taken in the slots of `from` … `to` (ISO dates) of a time-window attribute, one entry
 * per place, leaving out the record `exceptTalkId` (the one being edited): what availability
 * subtracts from each slot's capacity.
 */
export async function takenPlaces(
  db: Kysely<Database>,
  attributeId: number,
  from: string,
  to: string,
  exceptTalkId: number,
): Promise<{ date: string; time: string }[]> {
  const rows = await db
    .selectFrom('booking_claims')
    .select('slot')
    .where('attribute_id', '=', attributeId)
    .where('slot', '>=', `${from} 00:00`)
    .where('slot', '<=', `${to} 23:59`)
    .where('talk_id', '<>', exceptTalkId)
    .execute();
  return rows.map((r) => ({ date: r.slot.slice(0, 10), time: r.slot.slice(11) }));
}
