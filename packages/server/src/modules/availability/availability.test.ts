import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AvailabilityAnswer } from '@talkbase/domain/contracts/availability';
import type { Subject } from '@talkbase/domain/contracts/subjects';
import { as, createPerson, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { createTalk } from '../../test/records.ts';

let t: TestApp;
let admin: string;
let agenda: Subject;
let janela: number;

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
            componentConfigs: {
              openingTime: '08:00',
              closingTime: '10:00',
              slotMinutes: 60,
              capacity: 2,
              weekdays: [2, 3, 4, 5, 6, 7],
              phone: '(11) 3333-4444',
            },
          },
        ],
      },
    }),
  );
  expect(res.statusCode).toBe(201);
  agenda = res.json<Subject>();
  janela = agenda.subjectAttributes.find((a) => a.identifier === 'janela')?.subjectAttributeId ?? 0;
});
afterEach(async () => {
  await t.close();
});

const book = (date: string, time: string, contingency = false) =>
  createTalk(t.app, admin, 'agendamento', { carga: 'C', janela: { date, time, contingency } });

async function days(token: string, query: string) {
  return t.app.inject(as(token, { method: 'GET', url: `/api/availability/agendamento/${janela}?${query}` }));
}

// 2030-01-07 is a Monday; 2030-01-13 a Sunday.
describe('availability of a time window', () => {
  it('answers 7 days of slots less the places booked by other records', async () => {
    const mine = await book('2030-01-07', '08:00');
    await book('2030-01-07', '08:00');
    await book('2030-01-07', '09:00');
    await book('2030-01-07', '09:00', true); // contingency takes no place
    const inactive = await book('2030-01-08', '08:00');
    await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/talk/batchDeactivate/agendamento',
        payload: { talkIds: [inactive] },
      }),
    );
    await book('2030-01-21', '08:00'); // outside the week asked

    const res = await days(admin, 'from=2030-01-07&days=7');
    expect(res.statusCode).toBe(200);
    const answer = res.json<AvailabilityAnswer>();
    expect(answer.map((d) => d.date)).toEqual([
      '2030-01-07',
      '2030-01-08',
      '2030-01-09',
      '2030-01-10',
      '2030-01-11',
      '2030-01-12',
      '2030-01-13',
    ]);
    expect(answer[0]).toEqual({
      id: '2030-01-07',
      date: '2030-01-07',
      hours: [
        { horario: '08:00', janelas: 0 },
        { horario: '09:00', janelas: 1 },
      ],
    });
    // A deactivated record keeps its place until its booking is moved or it is removed
    // (modules/bookings): activating it again can never overbook the slot.
    expect(answer[1]?.hours).toEqual([
      { horario: '08:00', janelas: 1 },
      { horario: '09:00', janelas: 2 },
    ]);
    expect(answer[6]?.hours).toEqual([]); // Sunday is not among the configured weekdays

    // The record being edited does not take its own place.
    const editing = (await days(admin, `from=2030-01-07&days=1&talkId=${mine}`)).json<AvailabilityAnswer>();
    expect(editing[0]?.hours[0]).toEqual({ horario: '08:00', janelas: 1 });
  });

  it('closes holidays of the time window set', async () => {
    // 2030-03-04 is Carnival Monday: closed in the time window.
    const answer = (await days(admin, 'from=2030-03-04&days=2')).json<AvailabilityAnswer>();
    expect(answer[0]?.hours).toEqual([]);
    expect(answer[1]?.hours).toEqual([]); // Carnival Tuesday
  });

  it('refuses bad input and attributes that are not time windows', async () => {
    expect((await days(admin, 'from=07/01/2030')).statusCode).toBe(400);
    expect((await days(admin, 'from=2030-01-07&days=90')).statusCode).toBe(400);
    const carga = agenda.subjectAttributes.find((a) => a.identifier === 'carga')?.subjectAttributeId ?? 0;
    expect(
      (await t.app.inject(as(admin, { method: 'GET', url: `/api/availability/agendamento/${carga}` })))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject(as(admin, { method: 'GET', url: `/api/availability/naoexiste/${janela}` })))
        .statusCode,
    ).toBe(404);
  });

  it('is not there for a room that does not read the subject', async () => {
    const person = await createPerson(t.app, admin);
    const token = (await login(t.app, person.email, person.password)).token;
    expect((await days(token, 'from=2030-01-07')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/availability/agendamento/${janela}` })).statusCode,
    ).toBe(401);
  });

  it('starts today by default and leaves out slots already begun', async () => {
    const answer = (await days(admin, 'days=1')).json<AvailabilityAnswer>();
    expect(answer).toHaveLength(1);
    const now = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date());
    const part = (type: string) => now.find((p) => p.type === type)?.value ?? '';
    expect(answer[0]?.date).toBe(`${part('year')}-${part('month')}-${part('day')}`);
    const clock = `${part('hour')}:${part('minute')}`;
    for (const h of answer[0]?.hours ?? []) expect(h.horario > clock).toBe(true);
  });
});
