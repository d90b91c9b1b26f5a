import { afterEach, describe, expect, it, vi } from 'vitest';
import { on, stubFetch } from '../test/fetch-stub.ts';
import { login } from './account-api.ts';
import { ApiError, apiRequest, connectSession } from './client.ts';

function session(token: string | null, renew: () => Promise<boolean>) {
  let current = token;
  connectSession({ token: () => current, renew });
  return { set: (next: string) => (current = next) };
}

afterEach(() => {
  connectSession({ token: () => null, renew: () => Promise.resolve(false) });
});

describe('API client', () => {
  it("sends the session's token as a bearer header", async () => {
    session('abc', () => Promise.resolve(false));
    const calls = stubFetch(on('GET', '/api/health', 200, { status: 'ok' }));
    await expect(apiRequest('/api/health')).resolves.toEqual({ status: 'ok' });
    expect(calls[0]?.authorization).toBe('Bearer abc');
  });

  it('renews once after a 401 and retries with the new token', async () => {
    const s = session('old', () => {
      s.set('new');
      return Promise.resolve(true);
    });
    const calls = stubFetch((call) =>
      call.authorization === 'Bearer new'
        ? { status: 200, body: { ok: true } }
        : { status: 401, body: { errors: [{ message: 'x' }] } },
    );
    await expect(apiRequest('/api/thing')).resolves.toEqual({ ok: true });
    expect(calls.map((c) => c.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('gives up with the error when the renewal fails', async () => {
    const renew = vi.fn(() => Promise.resolve(false));
    session('old', renew);
    stubFetch(() => ({ status: 403, body: { errors: [{ message: 'Proibido' }] } }));
    const failure = apiRequest('/api/thing');
    await expect(failure).rejects.toMatchObject({ status: 403, errors: [{ message: 'Proibido' }] });
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('never renews for a refused sign-in: the message reaches the form', async () => {
    const renew = vi.fn(() => Promise.resolve(true));
    session('old', renew);
    stubFetch(
      on('POST', '/api/account/login', 401, { errors: [{ message: 'Usuário ou senha inválidos.' }] }),
    );
    await expect(login({ email: 'a@b.c', password: 'x' })).rejects.toThrow('Usuário ou senha inválidos.');
    expect(renew).not.toHaveBeenCalled();
  });

  it('reports an unreachable server as status 0 with a readable message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error: unknown = await apiRequest('/api/health').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).message).toMatch(/servidor/);
  });
});
