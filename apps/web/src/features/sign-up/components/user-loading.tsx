import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { hasSession, type UserProfile, useCurrentUser } from '@/lib/session';

/** The signed-in access pages' user: asked for only with a session (without one they go to sign-in). */
export const useSignedInUser = () => {
  const signedIn = hasSession();
  const userQuery = useCurrentUser({ enabled: signedIn });
  return { signedIn, userQuery, user: userQuery.data };
};

/** What a signed-in access page shows until its user is known: the loader, or the load error with a retry. */
export const UserLoading = ({ userQuery }: { userQuery: UseQueryResult<UserProfile> }) =>
  userQuery.isError ? (
    <ErrorState error={userQuery.error} onRetry={() => void userQuery.refetch()} />
  ) : (
    <PageLoader label="Loading your account..." />
  );
