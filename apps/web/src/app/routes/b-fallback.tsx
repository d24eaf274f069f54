import { paths } from '@ferry/domain';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { businessesQueryOptions } from '@/lib/businesses';
import { getActiveBusinessId } from '@/lib/storage';
import { useHasSession } from '@/lib/use-has-session';

/**
 * Route module for React Router `lazy`: `/b` (spec 000 §2, the fallback when there is no payer id): a
 * signed-in user goes to their active or first business's home (or onboarding without one), anyone else
 * to sign-in.
 */
export function Component() {
  const signedIn = useHasSession();
  const active = getActiveBusinessId();
  const businesses = useQuery({ ...businessesQueryOptions(), enabled: signedIn && !active });
  if (!signedIn) return <Navigate to={paths.signin()} replace />;
  if (active) return <Navigate to={paths.businessHome(active)} replace />;
  if (businesses.isPending) return <PageLoader fullScreen />;
  if (businesses.isError)
    return <ErrorState error={businesses.error} onRetry={() => void businesses.refetch()} />;
  const first = businesses.data[0];
  return <Navigate to={first ? paths.businessHome(first.id) : paths.onboardAdd()} replace />;
}
