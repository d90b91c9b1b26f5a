import { SignInPage } from '../features/session/SignInPage.tsx';
import { useSession } from '../features/session/useSession.ts';
import { Shell } from './Shell.tsx';

/** Nobody signed in: the sign-in screen, whatever the address (000 §2). */
export function SessionGate() {
  const session = useSession();
  return session ? <Shell key={session.user.accountId} user={session.user} /> : <SignInPage />;
}
