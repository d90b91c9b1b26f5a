import { Navigate, Outlet } from 'react-router';
import { canAccess, type Access } from '../features/session/access.ts';
import { useSession } from '../features/session/useSession.ts';

/** Route wrapper: users without the access are sent to the dashboard (000 §6). */
export function RequireAccess({ access }: { access: Access }) {
  const session = useSession();
  if (!session || !canAccess(session.user, access)) return <Navigate to="/" replace />;
  return <Outlet />;
}
