import { render } from '@testing-library/react';
import type { AccountDetail } from '@talkbase/domain/contracts/account';
import { MemoryRouter } from 'react-router';
import { TestProviders } from '../../fields/test-utils.tsx';
import { startSession } from '../session/session-store.ts';
import { ProfilePage } from './ProfilePage.tsx';

/** Tests of the own profile (/usuario): Ana, a person in the room 'Clientes', signed in. */

/** Ana's account as GET /api/account/7 answers it (no notifications: a test adds its own). */
export const ana: AccountDetail = {
  accountId: 7,
  accountType: 1,
  firstName: 'Ana',
  lastName: 'Souza',
  displayName: 'Ana',
  email: 'ana@talkbase.test',
  appName: null,
  phoneNumber: '(11) 91234-5678',
  roomId: 1196,
  profileId: 1196,
  roomName: 'Clientes',
  profileImage: null,
  isAdmin: false,
  inativo: false,
  canEdit: false,
  room: { roomId: 1196, roomName: 'Clientes' },
  sharedTalks: [],
  attributes: [],
  notifications: [],
};

/** Ana's session, as signing in leaves it. */
export function signInAsAna() {
  startSession({
    token: 'tok',
    user: {
      accountId: 7,
      name: 'Ana Souza',
      email: ana.email,
      phoneNumber: ana.phoneNumber,
      image: null,
      roomId: 1196,
      customer: true,
      isAdmin: false,
      keepConnected: false,
    },
  });
}

/** The own profile page, alone in a router. */
export function renderProfilePage() {
  render(
    <TestProviders>
      <MemoryRouter>
        <ProfilePage />
      </MemoryRouter>
    </TestProviders>,
  );
}
