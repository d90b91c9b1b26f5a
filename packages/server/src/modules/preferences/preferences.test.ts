import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountPreferences } from '@talkbase/domain/contracts/preferences';
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

const get = async (token: string) => {
  const res = await t.app.inject(as(token, { method: 'GET', url: '/api/account/preferences' }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AccountPreferences>();
};
const put = (token: string, payload: Record<string, unknown>) =>
  t.app.inject(as(token, { method: 'PUT', url: '/api/account/preferences', payload }));

describe('account preferences', () => {
  it('keeps the theme, dark mode and font size per account, for any later sign-in', async () => {
    const person = await createPerson(t.app, admin);
    const first = await login(t.app, person.email, person.password);
    expect(await get(first.token)).toMatchObject({
      theme: '#1976d2',
      darkMode: false,
      fontSize: 0,
      saved: false,
    });

    const saved = await put(first.token, { theme: '#E64A19', darkMode: true, fontSize: 2 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ theme: '#e64a19', darkMode: true, fontSize: 2, saved: true });

    // Another browser: a new sign-in of the same person reads the same choice.
    const second = await login(t.app, person.email, person.password);
    expect(await get(second.token)).toMatchObject({ theme: '#e64a19', darkMode: true, fontSize: 2 });
    // Saving again replaces it; the administrator's own preferences are untouched.
    expect((await put(second.token, { theme: '#1976d2', darkMode: false, fontSize: 1 })).statusCode).toBe(
      200,
    );
    expect(await get(first.token)).toMatchObject({ theme: '#1976d2', darkMode: false, fontSize: 1 });
    expect(await get(admin)).toMatchObject({ theme: '#1976d2', darkMode: false, fontSize: 0, saved: false });
  });

  it('refuses a colour outside the palettes and a font size outside the levels, in pt-BR', async () => {
    const offPalette = await put(admin, { theme: '#123456', darkMode: false, fontSize: 0 });
    expect(offPalette.statusCode).toBe(400);
    expect(errorsOf(offPalette)).toEqual([
      { message: 'Escolha uma cor de uma das paletas oferecidas.', field: 'theme' },
    ]);
    const notColour = await put(admin, { theme: 'red', darkMode: false, fontSize: 0 });
    expect(notColour.statusCode).toBe(400);
    expect(errorsOf(notColour)[0]?.field).toBe('theme');
    const font = await put(admin, { theme: '#1976d2', darkMode: false, fontSize: 3 });
    expect(font.statusCode).toBe(400);
    expect(errorsOf(font)).toEqual([
      { message: 'Tamanho de fonte inválido: use 0, 1 ou 2.', field: 'fontSize' },
    ]);
    const dark = await put(admin, { theme: '#1976d2', darkMode: 'sim', fontSize: 0 });
    expect(dark.statusCode).toBe(400);
    expect(errorsOf(dark)[0]?.field).toBe('darkMode');
    expect((await get(admin)).saved).toBe(false);
  });

  it("keeps a browser's newer save when its older one arrives after it; other browsers' saves apply as they come", async () => {
    const save = async (payload: Record<string, unknown>) => {
      const res = await put(admin, payload);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<AccountPreferences>();
    };
    // The page closes and sends its last choice (sequence 8) while the save before it (7) is still
    // on its way: the late one answers what the account holds, and does not overwrite it.
    await save({ theme: '#1976d2', darkMode: false, fontSize: 0, browser: 'aba-A', sequence: 8 });
    const late = await save({ theme: '#1976d2', darkMode: true, fontSize: 2, browser: 'aba-A', sequence: 7 });
    expect(late).toMatchObject({ darkMode: false, fontSize: 0, saved: true });
    expect(await get(admin)).toMatchObject({ darkMode: false, fontSize: 0 });
    // The same number again is no newer either.
    await save({ theme: '#1976d2', darkMode: true, fontSize: 0, browser: 'aba-A', sequence: 8 });
    expect((await get(admin)).darkMode).toBe(false);
    // Another browser's save applies whatever its number; then the first browser's next one does.
    expect(
      await save({ theme: '#1976d2', darkMode: true, fontSize: 1, browser: 'outro', sequence: 1 }),
    ).toMatchObject({ darkMode: true, fontSize: 1 });
    await save({ theme: '#1976d2', darkMode: false, fontSize: 2, browser: 'aba-A', sequence: 3 });
    expect(await get(admin)).toMatchObject({ darkMode: false, fontSize: 2 });
    await save({ theme: '#1976d2', darkMode: true, fontSize: 2, browser: 'aba-A', sequence: 2 });
    expect((await get(admin)).darkMode).toBe(false);
    // A save that names no browser (an integration) applies as it comes.
    await save({ theme: '#1976d2', darkMode: true, fontSize: 0 });
    expect(await get(admin)).toMatchObject({ darkMode: true, fontSize: 0 });

    const half = await put(admin, { theme: '#1976d2', darkMode: false, fontSize: 0, browser: 'aba-A' });
    expect(half.statusCode).toBe(400);
    expect(errorsOf(half)).toEqual([{ message: 'Informe browser e sequence juntos.', field: 'sequence' }]);
    const badId = await put(admin, {
      theme: '#1976d2',
      darkMode: false,
      fontSize: 0,
      browser: 'a b',
      sequence: 1,
    });
    expect(errorsOf(badId)[0]?.field).toBe('browser');
    const badNumber = await put(admin, {
      theme: '#1976d2',
      darkMode: false,
      fontSize: 0,
      browser: 'a',
      sequence: -1,
    });
    expect(errorsOf(badNumber)).toEqual([
      { message: 'Sequência inválida: use um inteiro de 0 a 2147483647.', field: 'sequence' },
    ]);
    expect((await get(admin)).darkMode).toBe(true);
  });

  it("offers the customer's colours (its access profiles') and accepts them as a theme", async () => {
    const room = await t.app.inject(
      as(admin, { method: 'POST', url: '/api/room', payload: { roomName: 'Vendas', color: '#123456' } }),
    );
    expect(room.statusCode, room.body).toBeLessThan(300);
    expect((await get(admin)).customerColors.map((c) => c.hex)).toContain('#123456');
    const res = await put(admin, { theme: '#123456', darkMode: false, fontSize: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await get(admin)).toMatchObject({ theme: '#123456', saved: true });
  });

  it('needs a signed-in account', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/account/preferences' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/preferences',
      payload: { theme: '#1976d2', darkMode: false, fontSize: 0 },
    });
    expect(res.statusCode).toBe(401);
  });
});
