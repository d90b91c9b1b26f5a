import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountDetail } from '@talkbase/domain/contracts/account';
import type { RoomNotification } from '@talkbase/domain/contracts/rooms';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../fields/test-utils.tsx';
import { on, stubFetch } from '../../test/fetch-stub.ts';
import { ana, renderProfilePage, signInAsAna } from '../profile/own-profile-fixture.tsx';
import { clearSession } from '../session/session-store.ts';
import { RoomNotificationMatrix } from './RoomNotificationMatrix.tsx';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const channels = [
  { channelId: 1, channelDescription: 'Aplicação', isEnable: true, companyChannelId: 11 },
  { channelId: 2, channelDescription: 'E-mail', isEnable: false, companyChannelId: 12 },
];
const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

describe('notification × channel matrices', { timeout: 30_000 }, () => {
  it('own profile: a mandatory channel is locked and ticked, a room-disabled one is locked and off, the rest toggle and save', async () => {
    const me = {
      ...ana,
      notifications: [
        {
          notificationId: 3,
          notificationName: 'Chamado aberto',
          channels: [
            { channelId: 1, isEnable: true, isRequired: true, isDisabled: false },
            { channelId: 2, isEnable: false, isRequired: false, isDisabled: true },
          ],
        },
        {
          notificationId: 4,
          notificationName: 'Chamado fechado',
          channels: [{ channelId: 2, isEnable: true, isRequired: false, isDisabled: false }],
        },
      ],
    } satisfies AccountDetail;
    signInAsAna();
    const calls = stubFetch(on('GET', '/api/account/7', 200, me), on('PUT', '/api/account/7', 200, me));
    const user = userEvent.setup();
    renderProfilePage();
    await screen.findByRole('heading', { name: 'Notificações' });
    const mandatory = box('Chamado aberto: Aplicação (Canal obrigatório)');
    expect([mandatory.checked, mandatory.disabled]).toEqual([true, true]);
    const disabled = box('Chamado aberto: E-mail (Canal desabilitado para o perfil de acesso)');
    expect([disabled.checked, disabled.disabled]).toEqual([false, true]);
    await user.click(mandatory);
    await user.click(disabled);
    expect([mandatory.checked, disabled.checked]).toEqual([true, false]);
    const open = box('Chamado fechado: E-mail');
    expect([open.checked, open.disabled]).toEqual([true, false]);
    await user.click(open);
    expect(open.checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      notifications: [
        {
          notificationId: 3,
          channels: [
            { channelId: 1, isEnable: true },
            { channelId: 2, isEnable: false },
          ],
        },
        { notificationId: 4, channels: [{ channelId: 2, isEnable: false }] },
      ],
    });
  });

  it("room form: the notification's mandatory channel is locked, a company-disabled channel cannot be toggled, an open cell toggles and can be made mandatory", async () => {
    stubFetch(on('GET', '/api/company/channels', 200, channels));
    const changes: RoomNotification[][] = [];
    function Harness() {
      const [value, setValue] = useState<RoomNotification[]>([]);
      return (
        <RoomNotificationMatrix
          empty="vazio"
          options={[
            {
              notificationId: 3,
              notificationName: 'Chamado aberto',
              notificationChannels: [
                { channelId: 1, isRequired: true },
                { channelId: 2, isRequired: false },
              ],
            },
            {
              notificationId: 4,
              notificationName: 'Chamado fechado',
              notificationChannels: [{ channelId: 1, isRequired: false }],
            },
          ]}
          value={value}
          onChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
        />
      );
    }
    const user = userEvent.setup();
    render(
      <TestProviders>
        <Harness />
      </TestProviders>,
    );
    const disabled = await screen.findByRole('checkbox', {
      name: 'Chamado aberto: E-mail (Canal desabilitado para o perfil de acesso)',
    });
    const mandatory = box('Chamado aberto: Aplicação (Canal obrigatório)');
    expect([mandatory.checked, mandatory.disabled, (disabled as HTMLInputElement).disabled]).toEqual([
      true,
      true,
      true,
    ]);
    await user.click(mandatory);
    await user.click(disabled);
    expect(changes).toEqual([]);
    // No saved cell: on for the room, as the server reads it.
    expect(box('Chamado fechado: Aplicação').checked).toBe(true);
    await user.click(box('Chamado fechado: Aplicação'));
    expect(changes.at(-1)).toEqual([
      {
        channel: { channelId: 1 },
        notifications: [{ notificationId: 4, isEnable: false, isRequired: false }],
      },
    ]);
    expect(screen.queryByRole('checkbox', { name: 'Chamado fechado: Aplicação — Obrigatório' })).toBeNull();
    await user.click(box('Chamado fechado: Aplicação'));
    await user.click(box('Chamado fechado: Aplicação — Obrigatório'));
    expect(changes.at(-1)).toEqual([
      { channel: { channelId: 1 }, notifications: [{ notificationId: 4, isEnable: true, isRequired: true }] },
    ]);
  });
});
