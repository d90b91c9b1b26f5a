import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  as,
  createTestApp,
  errorsOf,
  login,
  type TestApp,
} from '../../test/harness.ts';
import { readOutbox } from '../../test/mail.ts';

// Addresses are only labels here: requests are injected in process, nothing goes on the network.
const OWNER = '127.0.0.1';
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ LOGIN_LIMIT_PER_ACCOUNT: '3', LOGIN_LIMIT_PER_ADDRESS: '50' });
});
afterEach(async () => {
  await t.close();
});

const signIn = (password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/login',
    remoteAddress,
    payload: { email: ADMIN_EMAIL, password },
  });

describe('sign-in limits an attacker cannot turn against the owner (security probe: lockout kept the owner out)', () => {
  it('stops a guesser at its own address while the owner, elsewhere, signs in', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn('errada-1234', '203.0.113.9')).statusCode).toBe(401);
    const guesser = await signIn(ADMIN_PASSWORD, '203.0.113.9');
    expect(guesser.statusCode).toBe(429);
    expect(errorsOf(guesser)[0]?.message).toBe(
      'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
    );
    expect((await signIn(ADMIN_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
  });

  it('stops guesses spread over many addresses for new addresses only, and tells the owner once', async () => {
    // The owner has signed in from this device before.
    expect((await signIn(ADMIN_PASSWORD, OWNER)).statusCode).toBe(200);
    // Three times the per-address limit across addresses: 9 guesses, then new addresses wait.
    for (let i = 1; i <= 12; i++) {
      const res = await signIn('errada-1234', `203.0.113.${i}`);
      expect(res.statusCode).toBe(i <= 9 ? 401 : 429);
    }
    // A new address is held back even with the right password: that is what a guesser would use.
    expect((await signIn(ADMIN_PASSWORD, '203.0.113.99')).statusCode).toBe(429);
    // The owner's device is not.
    expect((await signIn(ADMIN_PASSWORD, OWNER)).statusCode).toBe(200);

    const warnings = (await readOutbox(t.dataDir)).filter((m) => m.subject.includes('Tentativas de acesso'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.to).toEqual([ADMIN_EMAIL]);
  });

  it('still limits one address across accounts', async () => {
    const other = await createTestApp({ LOGIN_LIMIT_PER_ADDRESS: '4' });
    try {
      for (let i = 0; i < 4; i++) {
        const res = await other.app.inject({
          method: 'POST',
          url: '/api/account/login',
          remoteAddress: '203.0.113.50',
          payload: { email: `x${i}@talkbase.test`, password: 'errada-1234' },
        });
        expect(res.statusCode).toBe(401);
      }
      const limited = await other.app.inject({
        method: 'POST',
        url: '/api/account/login',
        remoteAddress: '203.0.113.50',
        payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      });
      expect(limited.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('guesses of the current password (security probe: unlimited 409s while signed in)', () => {
  it('holds a session guessing its current password to the sign-in limit, and a right guess resets it', async () => {
    const me = await login(t.app);
    const change = (currentPassword: string) =>
      t.app.inject(
        as(me.token, {
          method: 'PUT',
          url: `/api/account/${String(me.accountId)}`,
          payload: { currentPassword, newPassword: 'Outra-Senha-Bem-Forte-9' },
        }),
      );
    for (let i = 0; i < 3; i++) expect((await change('errada-1234')).statusCode).toBe(409);
    const held = await change(ADMIN_PASSWORD);
    expect(held.statusCode).toBe(429);
    expect(errorsOf(held)[0]?.message).toBe('Muitas tentativas. Aguarde alguns minutos e tente novamente.');
    // Nothing changed: the old password still signs in.
    expect((await signIn(ADMIN_PASSWORD, OWNER)).statusCode).toBe(200);
  });

  it('counts a guess only against its limit, not a right answer', async () => {
    const me = await login(t.app);
    const change = (currentPassword: string, newPassword: string) =>
      t.app.inject(
        as(me.token, {
          method: 'PUT',
          url: `/api/account/${String(me.accountId)}`,
          payload: { currentPassword, newPassword },
        }),
      );
    expect((await change('errada-1234', 'Outra-Senha-Bem-Forte-9')).statusCode).toBe(409);
    expect((await change('errada-1234', 'Outra-Senha-Bem-Forte-9')).statusCode).toBe(409);
    expect((await change(ADMIN_PASSWORD, 'Outra-Senha-Bem-Forte-9')).statusCode).toBe(200);
    // The success reset the count: three more guesses are answered before the limit holds.
    for (let i = 0; i < 3; i++)
      expect((await change('errada-1234', 'Mais-Uma-Senha-Forte-7')).statusCode).toBe(409);
    expect((await change('Outra-Senha-Bem-Forte-9', 'Mais-Uma-Senha-Forte-7')).statusCode).toBe(429);
  });
});
