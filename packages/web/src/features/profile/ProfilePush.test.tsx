import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { clearSession } from '../session/session-store.ts';
import { ana, renderProfilePage, signInAsAna } from './own-profile-fixture.tsx';

const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const SUBSCRIPTION = { endpoint: 'https://push.example.test/ana', keys: { p256dh: 'P', auth: 'A' } };

/** The browser's parts (jsdom has none): Notification, PushManager and a service worker registration. */
function stubBrowser(answer: NotificationPermission) {
  const requestPermission = vi.fn(() => Promise.resolve(answer));
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  vi.stubGlobal('PushManager', function PushManager() {});
  const registration = {
    pushManager: {
      getSubscription: () => Promise.resolve(null),
      subscribe: () => Promise.resolve({ toJSON: () => SUBSCRIPTION }),
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: () => Promise.resolve(registration),
      register: () => Promise.resolve(registration),
      ready: Promise.resolve(registration),
    },
  });
  return requestPermission;
}

const withPush = {
  ...ana,
  notifications: [
    {
      notificationId: 4,
      notificationName: 'Chamado aberto',
      channels: [
        { channelId: 1, isEnable: true, isRequired: false, isDisabled: false },
        { channelId: 3, isEnable: false, isRequired: false, isDisabled: false },
      ],
    },
  ],
};

beforeEach(() => {
  signInAsAna();
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('own profile: browser notifications', () => {
  it('switching "Notificação do navegador" on asks the browser and registers its subscription', async () => {
    const asked = stubBrowser('granted');
    const calls = stubFetch((call) => {
      if (call.method === 'GET' && call.path === '/api/account/7') return { status: 200, body: withPush };
      if (call.path === '/api/notifications/vapid') return { status: 200, body: { publicKey: PUBLIC_KEY } };
      if (call.path === '/api/notifications/subscription') return { status: 200, body: { subscribed: true } };
      return undefined;
    });
    const user = userEvent.setup();
    renderProfilePage();
    const cell = await screen.findByRole('checkbox', { name: 'Chamado aberto: Notificação do navegador' });
    expect(asked).not.toHaveBeenCalled();
    await user.click(cell);
    expect(await screen.findByText('Notificações do navegador ativadas neste navegador.')).toBeTruthy();
    expect(asked).toHaveBeenCalledOnce();
    expect(calls.filter((c) => c.method === 'POST')).toMatchObject([
      { path: '/api/notifications/subscription', body: SUBSCRIPTION },
    ]);
  });

  it('a refusal says how to allow them; an account wanting them is offered the button', async () => {
    stubBrowser('denied');
    stubFetch((call) =>
      call.method === 'GET' && call.path === '/api/account/7'
        ? {
            status: 200,
            body: {
              ...withPush,
              notifications: [
                {
                  ...withPush.notifications[0],
                  channels: [{ channelId: 3, isEnable: true, isRequired: false, isDisabled: false }],
                },
              ],
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderProfilePage();
    await user.click(await screen.findByRole('button', { name: 'Ativar neste navegador' }));
    await waitFor(() => {
      expect(screen.getByTestId('browser-push-state').textContent).toBe(
        'O navegador bloqueou as notificações deste site. Permita-as nas configurações do site para recebê-las.',
      );
    });
  });
});
