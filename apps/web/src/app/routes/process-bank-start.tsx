import { paths } from '@ferry/domain';
import { Navigate, useLocation } from 'react-router';
import { ProcessBankStartPage } from '@/features/banking';
import { useHasSession } from '@/lib/use-has-session';
import { RequireUser } from '../guards/require-user';

/**
 * Route module for React Router `lazy`: `/process/bank/start` (the bank emails' links). Without a session it
 * signs in first and comes back here (`redirectUrl`); then the route guard applies as on any signed-in page.
 */
export function Component() {
  const signedIn = useHasSession();
  const { pathname, search } = useLocation();
  if (!signedIn) return <Navigate to={paths.signin(`${pathname}${search}`)} replace />;
  return (
    <RequireUser>
      <ProcessBankStartPage />
    </RequireUser>
  );
}
