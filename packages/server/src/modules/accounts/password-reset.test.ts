import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { as, createPerson, createTestApp, errorsOf, login, type TestApp } from '../../test/harness.ts';
import { readOutbox, type ReadMail } from '../../test/mail.ts';

let t: TestApp;
let admin: { token: string; accountId: number };

beforeEach(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://talkbase.example.com.br/' });
  admin = await login(t.app);
});
afterEach(async () => {
  await t.close();
});

const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/password/forgot', payload: { email } });
const reset = (token: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/password/reset', payload: { token, newPassword } });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/login', payload: { email, password } });

/** Waits for a reset e-mail sent after the 204 (a file may be read while still being written). */
async function outbox(): Promise<ReadMail[]> {
  for (let i = 0; i < 100; i++) {
    const mails = await readOutbox(t.dataDir);
    if (mails.some((m) => m.text.includes('#token='))) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
  return readOutbox(t.dataDir);
}

function tokenIn(mail: ReadMail | undefined): string {
  const match = /https:\/\/talkbase\.example\.com\.br\/redefinir-senha#token=([\w-]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no reset link in mail: ${mail?.text ?? '(none)'}`);
  return match[1];
}

const NEW_PASSWORD = 'Outra-Senha-Bem-Forte-42';

describe('password reset by e-mail', () => {
  it('e-mails a one-hour single-use link; the new password works, the old one and every session end', async () => {
    const p = await createPerson(t.app, admin.token);
    const session = await login(t.app, p.email, p.password);
    const res = await forgot(p.email.toUpperCase());
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: [p.email], subject: 'Redefinição de senha do Talkbase' });
    expect(mails[0]?.text).toContain('1 hora');
    const token = tokenIn(mails[0]);
    // Only a hash of the token is stored.
    const stored = await t.db.kysely.selectFrom('password_resets').select('token_hash').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);

    const weak = await reset(token, 'senhasenha1');
    expect(weak.statusCode).toBe(422);
    expect(errorsOf(weak)[0]).toEqual({
      message: 'Esta senha não é segura o suficiente',
      field: 'newPassword',
    });
    const short = await reset(token, 'curta');
    expect(short.statusCode).toBe(400);
    expect(errorsOf(short)[0]).toMatchObject({ message: 'Digite no mínimo 10 caracteres' });

    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(204);
    expect((await t.app.inject(as(session.token, { method: 'GET', url: '/api/subject' }))).statusCode).toBe(
      401,
    );
    expect((await signIn(p.email, p.password)).statusCode).toBe(401);
    expect((await signIn(p.email, NEW_PASSWORD)).statusCode).toBe(200);
    // Single use.
    const again = await reset(token, 'Mais-Uma-Senha-Forte-77');
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again)[0]).toEqual({
      message: 'Este link de redefinição de senha é inválido, já foi usado ou expirou. Peça um novo.',
      field: 'token',
    });
  });

  it('answers 204 alike for an unknown address and sends nothing; an expired link is refused', async () => {
    const unknown = await forgot('ninguem@talkbase.test');
    expect(unknown.statusCode).toBe(204);
    expect(unknown.body).toBe('');
    await new Promise((r) => setTimeout(r, 200));
    expect(await readOutbox(t.dataDir)).toEqual([]);
    const malformed = await forgot('não é e-mail');
    expect(malformed.statusCode).toBe(400);
    expect(errorsOf(malformed)[0]?.message).toBe('Insira um Email válido');

    const p = await createPerson(t.app, admin.token);
    await forgot(p.email);
    const token = tokenIn((await outbox())[0]);
    await t.db.kysely
      .updateTable('password_resets')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(422);
    expect((await reset('inventado', NEW_PASSWORD)).statusCode).toBe(422);
    expect((await signIn(p.email, p.password)).statusCode).toBe(200);
  });

  it('sends nothing to a suspended account, and suspending burns a link already sent', async () => {
    const p = await createPerson(t.app, admin.token);
    await forgot(p.email);
    const token = tokenIn((await outbox())[0]);
    const off = await t.app.inject(
      as(admin.token, {
        method: 'PUT',
        url: `/api/account/${p.accountId}/active`,
        payload: { isActive: false },
      }),
    );
    expect(off.statusCode).toBe(200);
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(422);
    await forgot(p.email);
    await new Promise((r) => setTimeout(r, 200));
    expect(await readOutbox(t.dataDir)).toHaveLength(1);
  });

  it('lets an administrator send the link ("Enviar redefinição de senha"), and no one else', async () => {
    const p = await createPerson(t.app, admin.token);
    const plain = await login(t.app, p.email, p.password);
    const denied = await t.app.inject(
      as(plain.token, { method: 'POST', url: `/api/account/${admin.accountId}/password/forgot` }),
    );
    expect(denied.statusCode).toBe(403);
    const sent = await t.app.inject(
      as(admin.token, { method: 'POST', url: `/api/account/${p.accountId}/password/forgot` }),
    );
    expect(sent.statusCode).toBe(204);
    const mails = await readOutbox(t.dataDir);
    expect(mails).toHaveLength(1);
    expect((await reset(tokenIn(mails[0]), NEW_PASSWORD)).statusCode).toBe(204);
    expect((await signIn(p.email, NEW_PASSWORD)).statusCode).toBe(200);
    const missing = await t.app.inject(
      as(admin.token, { method: 'POST', url: '/api/account/999999/password/forgot' }),
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('integration credentials ("Gerar nova senha")', () => {
  it('answers a new password once; the old one and its sessions stop at once; the hash stays', async () => {
    const created = await t.app.inject(
      as(admin.token, {
        method: 'POST',
        url: '/api/account/',
        payload: { accountType: 2, roomId: 1196, appName: 'ERP Novo', displayName: 'ERP' },
      }),
    );
    const { accountId, hash, password } = created.json<{
      accountId: number;
      hash: string;
      password: string;
    }>();
    const erpLogin = (pw: string) =>
      t.app.inject({ method: 'POST', url: '/api/account/login', payload: { hash, password: pw } });
    const old = (await erpLogin(password)).json<{ token: string }>().token;
    const res = await t.app.inject(
      as(admin.token, { method: 'POST', url: `/api/account/${accountId}/credentials` }),
    );
    expect(res.statusCode).toBe(200);
    const fresh = res.json<{ accountId: number; hash: string; password: string }>();
    expect(fresh.accountId).toBe(accountId);
    expect(fresh.hash).toBe(hash);
    expect(fresh.password).not.toBe(password);
    expect((await erpLogin(password)).statusCode).toBe(401);
    expect((await erpLogin(fresh.password)).statusCode).toBe(200);
    expect((await t.app.inject(as(old, { method: 'GET', url: '/api/subject' }))).statusCode).toBe(401);

    // A person has no generated credentials; a non-administrator may not ask.
    const p = await createPerson(t.app, admin.token);
    const person = await t.app.inject(
      as(admin.token, { method: 'POST', url: `/api/account/${p.accountId}/credentials` }),
    );
    expect(person.statusCode).toBe(422);
    expect(errorsOf(person)[0]?.message).toBe('Somente contas de integração recebem uma nova senha gerada.');
    const plain = await login(t.app, p.email, p.password);
    const denied = await t.app.inject(
      as(plain.token, { method: 'POST', url: `/api/account/${accountId}/credentials` }),
    );
    expect(denied.statusCode).toBe(403);
  });
});
