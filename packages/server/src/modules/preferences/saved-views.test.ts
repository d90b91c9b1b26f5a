import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SavedViews } from '@talkbase/domain/contracts/saved-views';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;

beforeEach(async () => {
  t = await createTestApp();
  ({ token: admin } = await login(t.app));
});

afterEach(async () => {
  await t.close();
});

const list = async (token: string) => {
  const res = await t.app.inject(as(token, { method: 'GET', url: '/api/account/preferences/views' }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SavedViews>().views;
};
const put = (token: string, subject: string, payload: Record<string, unknown>) =>
  t.app.inject(as(token, { method: 'PUT', url: `/api/account/preferences/views/${subject}`, payload }));

describe('saved views (issue 38 item 5)', () => {
  it('keeps each account its last view and attributes per subject, changing only what is sent', async () => {
    expect(await list(admin)).toEqual([]);
    const first = await put(admin, 'Filtro', { view: 'board', boardBy: 'Status' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ view: 'board', boardBy: 'status', calendarBy: null });

    const second = await put(admin, 'filtro', { calendarBy: 'prazo' });
    expect(second.json()).toEqual({ view: 'board', boardBy: 'status', calendarBy: 'prazo' });
    const third = await put(admin, 'filtro', { view: 'calendar', boardBy: null });
    expect(third.json()).toEqual({ view: 'calendar', boardBy: null, calendarBy: 'prazo' });
    expect(await list(admin)).toEqual([
      { subject: 'filtro', view: 'calendar', boardBy: null, calendarBy: 'prazo' },
    ]);

    // Another person has their own (none yet); a new sign-in of the same person reads the same.
    const person = await createPerson(t.app, admin);
    const other = await login(t.app, person.email, person.password);
    expect(await list(other.token)).toEqual([]);
    const again = await login(t.app);
    expect((await list(again.token))[0]?.view).toBe('calendar');
  });

  it('refuses an unknown view, an empty change and an unknown subject, in pt-BR', async () => {
    const badView = await put(admin, 'filtro', { view: 'mapa' });
    expect(badView.statusCode).toBe(400);
    expect(errorsOf(badView)[0]?.message).toBe('Modo de exibição inválido: use grid, board ou calendar.');
    const empty = await put(admin, 'filtro', {});
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty)[0]?.message).toBe('Informe ao menos uma escolha: view, boardBy ou calendarBy.');
    const long = await put(admin, 'filtro', { boardBy: 'x'.repeat(61) });
    expect(long.statusCode).toBe(400);
    const unknown = await put(admin, 'nada_disso', { view: 'board' });
    expect(unknown.statusCode).toBe(404);
    expect(errorsOf(unknown)[0]?.message).toBe('Assunto não encontrado.');
    const unsigned = await t.app.inject({ method: 'GET', url: '/api/account/preferences/views' });
    expect(unsigned.statusCode).toBe(401);
  });
});
