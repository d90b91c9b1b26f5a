import type { SessionUser } from '@talkbase/domain/contracts/account';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { on, stubFetch } from '../../test/fetch-stub.ts';
import { clearNotices, getNotices } from '../notices/notices-store.ts';
import { getTabs, rememberTab } from '../tabs/tabs-store.ts';
import { configureSessionLifecycle, renewSession, signOut } from './session-lifecycle.ts';
import { getSession, resetSessionCache, startSession } from './session-store.ts';

const user = (keepConnected: boolean): SessionUser => ({
  accountId: 7,
  name: 'Ana Souza',
  email: 'ana@empresa.test',
  phoneNumber: null,
  image: null,
  roomId: 1196,
  customer: true,
  isAdmin: false,
  keepConnected,
});

describe('session (000 §4)', () => {
  const afterSignOut = vi.fn();
  beforeEach(() => {
    resetSessionCache();
    afterSignOut.mockReset();
    configureSessionLifecycle({ afterSignOut });
  });
  afterEach(() => {
    clearNotices();
  });

  it('keeps a "Manter conectado" session in local storage, any other in this tab only', () => {
    startSession({ token: 't1', user: user(true) });
    expect(window.localStorage.getItem('talkbase.token')).toBe('t1');
    startSession({ token: 't2', user: user(false) });
    expect(window.localStorage.getItem('talkbase.token')).toBeNull();
    expect(window.sessionStorage.getItem('talkbase.token')).toBe('t2');
    resetSessionCache();
    expect(getSession()?.token).toBe('t2');
  });

  it('replaces the token with the renewed one', async () => {
    startSession({ token: 'old', user: user(true) });
    stubFetch(on('POST', '/api/account/refresh', 200, { authorized: true, token: 'new' }));
    await expect(renewSession()).resolves.toBe(true);
    expect(getSession()?.token).toBe('new');
    expect(window.localStorage.getItem('talkbase.token')).toBe('new');
  });

  it('signs out with the session-lost notice when the renewal is refused', async () => {
    startSession({ token: 'old', user: user(true) });
    rememberTab({ path: '/config/theme', title: 'Temas' });
    window.localStorage.setItem('talkbase.templates.12', '{}');
    stubFetch(on('POST', '/api/account/refresh', 401, { errors: [{ message: 'Sessão expirada' }] }));
    await expect(renewSession()).resolves.toBe(false);
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem('talkbase.user')).toBeNull();
    expect(window.localStorage.getItem('talkbase.templates.12')).toBeNull();
    expect(getTabs()).toEqual([]);
    expect(getNotices().map((n) => [n.kind, n.message])).toEqual([
      ['error', 'Você não possui mais acesso ao sistema. Por favor, realize o login novamente.'],
    ]);
    expect(afterSignOut).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the server cannot be reached', async () => {
    startSession({ token: 'old', user: user(true) });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await expect(renewSession()).resolves.toBe(false);
    expect(getSession()?.token).toBe('old');
    expect(getNotices()).toEqual([]);
  });

  it('"Sair" clears both stores and ends the session on the server', () => {
    startSession({ token: 'tok', user: user(false) });
    window.localStorage.setItem('talkbase.token', 'stale');
    const calls = stubFetch(on('POST', '/api/account/logout', 204));
    signOut();
    expect(window.sessionStorage.getItem('talkbase.token')).toBeNull();
    expect(window.localStorage.getItem('talkbase.token')).toBeNull();
    expect(calls[0]).toMatchObject({ path: '/api/account/logout', authorization: 'Bearer tok' });
    expect(afterSignOut).toHaveBeenCalledTimes(1);
  });
});
