import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AvailabilityAnswer } from '@talkbase/domain/contracts/availability';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { as, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { createTalk } from '../../test/records.ts';
import { seatStoredBookings } from '../../db/migrations/0028-booking-claims.ts';

let t: TestApp;
let admin: string;
let janela: number;

const NO_SLOT = 'Nenhum horario disponível';

beforeEach(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).token;
  const res = await t.app.inject(
    as(admin, {
      method: 'POST',
      url: '/api/subject',
      payload: {
        identifier: 'agendamento',
        name: 'Agendamento',
        attributes: [
          { identifier: 'carga', name: 'Carga', componentId: 1 },
          {
            identifier: 'janela',
            name: 'Janela',
            componentId: 28,
            // Mondays to Fridays (the default weekdays), 08:00–10:00 in 60-minute slots.
            componentConfigs: { openingTime: '08:00', closingTime: '10:00', slotMinutes: 60, capacity: 3 },
          },
        ],
      },
    }),
  );
  expect(res.statusCode).toBe(201);
  janela =
    res.json<Subject>().subjectAttributes.find((a) => a.identifier === 'janela')?.subjectAttributeId ?? 0;
});
afterEach(async () => {
  await t.close();
});

// 2030-01-07 is a Monday, 2030-01-13 a Sunday.
const slot = (date: string, time: string, contingency = false) => ({ date, time, contingency });
const values = (carga: string, value: unknown) => ({
  talkValues: [
    { subjectAttributeIdentifier: 'carga', value: carga },
    { subjectAttributeIdentifier: 'janela', value },
  ],
});
const post = (carga: string, value: unknown) =>
  t.app.inject(as(admin, { method: 'POST', url: '/api/talk/agendamento', payload: values(carga, value) }));
const put = (id: number, version: number, value: unknown) =>
  t.app.inject(
    as(admin, {
      method: 'PUT',
      url: `/api/talk/agendamento/${id}`,
      payload: { version, talkValues: [{ subjectAttributeIdentifier: 'janela', value }] },
    }),
  );
const placesLeft = async (date: string, time: string) => {
  const res = await t.app.inject(
    as(admin, { method: 'GET', url: `/api/availability/agendamento/${janela}?from=${date}&days=1` }),
  );
  return res.json<AvailabilityAnswer>()[0]?.hours.find((h) => h.horario === time)?.janelas;
};

describe('bookings the server holds (time window, component 28)', () => {
  it('refuses a slot the attribute does not offer (422, naming the field), on every write', async () => {
    for (const value of [
      slot('2030-01-13', '03:17'), // a Sunday, and before opening
      slot('2030-01-07', '07:00'), // before opening
      slot('2030-01-07', '09:30'), // off the slot length
      slot('2030-01-07', '10:00'), // would end after closing
      slot('2030-04-19', '08:00'), // Good Friday: holidays are closed
    ]) {
      const res = await post('C', value);
      expect(res.statusCode, JSON.stringify(value)).toBe(422);
      expect(errorsOf(res)).toEqual([{ message: NO_SLOT, field: 'janela' }]);
    }
    // Contingency mode is a free date and time: the same Sunday 03:17 is accepted, and takes no place.
    expect((await post('C', slot('2030-01-13', '03:17', true))).statusCode).toBe(201);

    const id = await createTalk(t.app, admin, 'agendamento', {
      carga: 'C',
      janela: slot('2030-01-07', '08:00'),
    });
    const moved = await put(id, 1, slot('2030-01-12', '08:00')); // a Saturday
    expect(moved.statusCode).toBe(422);
    expect(errorsOf(moved)).toEqual([{ message: NO_SLOT, field: 'janela' }]);

    const many = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/talk/agendamento/many',
        payload: {
          talks: [values('A', slot('2030-01-08', '08:00')), values('B', slot('2030-01-08', '08:05'))],
        },
      }),
    );
    expect(many.statusCode).toBe(422);
    expect(errorsOf(many)).toEqual([{ message: NO_SLOT, field: 'talks.1.janela' }]);
  });

  it('holds the capacity under 20 simultaneous bookings: exactly 3 succeed, the rest 409', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(`Carga ${i}`, slot('2030-01-07', '08:00'))),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(17);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(errorsOf(r)).toEqual([{ message: NO_SLOT, field: 'janela' }]);
    // Only the three were kept, and the slot shows as full.
    const list = await t.app.inject(
      as(admin, { method: 'POST', url: '/api/talk/filter/agendamento', payload: {} }),
    );
    expect(list.json<{ totalResults: number }>().totalResults).toBe(3);
    expect(await placesLeft('2030-01-07', '08:00')).toBe(0);
  });

  it('frees the seat when a booking is removed, moved or cleared, and keeps it on other edits', async () => {
    const book = (carga: string) =>
      createTalk(t.app, admin, 'agendamento', { carga, janela: slot('2030-01-07', '09:00') });
    const [a, b, c] = [await book('A'), await book('B'), await book('C')];
    expect((await post('D', slot('2030-01-07', '09:00'))).statusCode).toBe(409);

    // Editing another field of a held booking keeps its place (no 409).
    const other = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: `/api/talk/agendamento/${a}`,
        payload: { version: 1, talkValues: [{ subjectAttributeIdentifier: 'carga', value: 'A2' }] },
      }),
    );
    expect(other.statusCode).toBe(200);
    expect(await placesLeft('2030-01-07', '09:00')).toBe(0);

    // Removing one frees its seat.
    const removed = await t.app.inject(
      as(admin, { method: 'DELETE', url: '/api/talk/agendamento', payload: { talkIds: [a] } }),
    );
    expect(removed.statusCode).toBe(200);
    expect(await placesLeft('2030-01-07', '09:00')).toBe(1);
    expect((await post('D', slot('2030-01-07', '09:00'))).statusCode).toBe(201);
    expect((await post('E', slot('2030-01-07', '09:00'))).statusCode).toBe(409);

    // Moving one to another slot frees it too; moving into a full slot is refused and keeps it.
    expect((await put(b, 1, slot('2030-01-07', '08:00'))).statusCode).toBe(200);
    expect((await post('E', slot('2030-01-07', '09:00'))).statusCode).toBe(201);
    const intoFull = await put(c, 1, slot('2030-01-07', '08:00'));
    expect(intoFull.statusCode).toBe(200); // 08:00 holds b only
    expect(await placesLeft('2030-01-07', '08:00')).toBe(1);

    // Clearing it (or switching to contingency) gives the place back.
    expect((await put(c, 2, slot('2030-01-07', '08:00', true))).statusCode).toBe(200);
    expect(await placesLeft('2030-01-07', '08:00')).toBe(2);
    expect((await put(b, 2, null)).statusCode).toBe(200);
    expect(await placesLeft('2030-01-07', '08:00')).toBe(3);
  });

  it('creates none of a batch that overbooks a slot (409), and keeps its records out of the count', async () => {
    await createTalk(t.app, admin, 'agendamento', { carga: 'A', janela: slot('2030-01-08', '08:00') });
    const batch = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/talk/agendamento/many',
        payload: {
          talks: ['B', 'C', 'D'].map((carga) => values(carga, slot('2030-01-08', '08:00'))),
        },
      }),
    );
    expect(batch.statusCode).toBe(409);
    expect(errorsOf(batch)[0]?.message).toBe(NO_SLOT);
    expect(await placesLeft('2030-01-08', '08:00')).toBe(2);
    const fits = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/talk/agendamento/many',
        payload: { talks: ['B', 'C'].map((carga) => values(carga, slot('2030-01-08', '08:00'))) },
      }),
    );
    expect(fits.statusCode).toBe(201);
    expect(await placesLeft('2030-01-08', '08:00')).toBe(0);
  });

  it('seats the bookings stored before the claims (migration 0028), a slot past its capacity kept full', async () => {
    const ids = [];
    for (const carga of ['A', 'B', 'C'])
      ids.push(await createTalk(t.app, admin, 'agendamento', { carga, janela: slot('2030-01-09', '08:00') }));
    await createTalk(t.app, admin, 'agendamento', { carga: 'D', janela: slot('2030-01-09', '09:00', true) });
    // As before 0028: the bookings are stored, no seat is held, and the capacity is now 1.
    await t.db.kysely.deleteFrom('booking_claims').execute();
    const changed = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: '/api/subject/agendamento/attribute/janela',
        payload: { componentConfigs: { openingTime: '08:00', closingTime: '10:00', capacity: 1 } },
      }),
    );
    expect(changed.statusCode).toBe(200);
    expect(await placesLeft('2030-01-09', '08:00')).toBe(1);

    await seatStoredBookings(t.db.kysely as unknown as Kysely<unknown>);
    expect(await placesLeft('2030-01-09', '08:00')).toBe(0);
    expect(await placesLeft('2030-01-09', '09:00')).toBe(1); // the contingency value takes none
    expect((await post('E', slot('2030-01-09', '08:00'))).statusCode).toBe(409);
    // Each of the three keeps its booking through an edit of another field.
    const edit = await t.app.inject(
      as(admin, {
        method: 'PUT',
        url: `/api/talk/agendamento/${ids[2]}`,
        payload: { version: 1, talkValues: [{ subjectAttributeIdentifier: 'carga', value: 'C2' }] },
      }),
    );
    expect(edit.statusCode).toBe(200);
  });
});
