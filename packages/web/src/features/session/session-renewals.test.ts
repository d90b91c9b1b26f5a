import type { SessionUser } from '@talkbase/domain/contracts/account';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  adoptRenewedToken,
  followOtherTabs,
  getSession,
  resetSessionCache,
  startSession,
} from './session-store.ts';

const user: SessionUser = {
  accountId: 7,
  name: 'Ana Souza',
  email: 'ana@empresa.test',
  phoneNumber: null,
  image: null,
  roomId: 1196,
  customer: true,
  isAdmin: false,
  keepConnected: false,
};

/** An unsigned token-shaped string whose payload names the session. */
const tokenOf = (sid: string, n: number) => `h.${btoa(JSON.stringify({ sid, n })).replace(/=+$/, '')}.s`;

describe('tabs sharing one session (the server rotates tokens on refresh)', () => {
  let stop: () => void;
  beforeEach(() => {
    resetSessionCache();
    window.sessionStorage.clear();
    startSession({ token: tokenOf('sessao-a', 0), user });
    stop = followOtherTabs();
  });
  afterEach(() => stop());

  it("adopts a token another tab renewed for the same session, and ignores another session's", () => {
    adoptRenewedToken(tokenOf('sessao-b', 1));
    expect(getSession()?.token).toBe(tokenOf('sessao-a', 0));
    adoptRenewedToken(tokenOf('sessao-a', 1));
    expect(getSession()?.token).toBe(tokenOf('sessao-a', 1));
    expect(window.sessionStorage.getItem('talkbase.token')).toBe(tokenOf('sessao-a', 1));
  });

  it('hears the renewal from another tab over the broadcast channel', async () => {
    const otherTab = new BroadcastChannel('talkbase.session.renewals');
    otherTab.postMessage({ token: tokenOf('sessao-a', 2) });
    await expect.poll(() => getSession()?.token).toBe(tokenOf('sessao-a', 2));
    otherTab.close();
  });
});
