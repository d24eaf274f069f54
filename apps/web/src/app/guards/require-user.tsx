import { decideRoute, type StoredUser as GuardUser, isPrimaryPhoneVerified } from '@ferry/domain';
import { Center, Container } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { usePhoneRequired } from '@/lib/phone-required';
import { currentUserQueryOptions, getStoredUser, type UserProfile } from '@/lib/session';
import { isSigningOut } from '@/lib/sign-out';
import type { StoredUser } from '@/lib/storage';
import { useHasSession } from '@/lib/use-has-session';
import { useStoredRaw } from '@/lib/use-stored-value';

/**
 * How much of the route guard a page needs:
 * - `session`: only a stored session (/verify and /set-password: they are where steps 4 and 5 lead);
 * - `verified`: steps 1–4 and 6, without the account-type step (pages an invited user reaches before
 *   choosing an account type: /accept-invitation, /no-business);
 * - `full`: all six steps of spec 000 §4.
 */
export type RequireUserLevel = 'session' | 'verified' | 'full';

export type RequireUserProps = {
  level?: RequireUserLevel;
  /** The guarded content; without it the guard is a layout route and renders its `<Outlet />`. */
  children?: ReactNode;
};

const toGuardUser = (
  user: UserProfile | StoredUser | null,
  session: { signedIn: boolean; isInvitedUser: boolean },
): GuardUser => ({
  authorization: session.signedIn ? 'session' : null,
  isInvitedUser: session.isInvitedUser,
  activeStatus: user?.activeStatus ?? null,
  isEmailVerified: user?.isEmailVerified ?? null,
  isPhoneNumberVerified: user?.isPhoneNumberVerified ?? null,
  userType: user?.userType ?? null,
  phones: user?.phones ?? null,
});

/**
 * The browser's route guard (spec 000 §4), as a layout route element or a wrapper. It decides from the
 * stored session and user (so a reload does not wait on the network), refreshes the user from `GET /user`
 * and decides again when the answer differs; until a user is known the first time it shows the loader.
 * `authorization` is "a session is stored"; `isInvitedUser` is "an invitation is stored". The primary phone
 * must be verified only in the deployment's phone verification countries.
 */
export const RequireUser = ({ level = 'full', children }: RequireUserProps) => {
  const location = useLocation();
  const signedIn = useHasSession();
  const userRaw = useStoredRaw('user');
  const isInvitedUser = useStoredRaw('invitedUser') !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the raw value is the change signal
  const storedUser = useMemo(() => getStoredUser(), [userRaw]);

  const needsUser = signedIn && level !== 'session';
  const userQuery = useQuery({ ...currentUserQueryOptions(), enabled: needsUser, refetchOnMount: true });
  const user = userQuery.data ?? storedUser;
  const needsPhoneAnswer = needsUser && user !== null && !isPrimaryPhoneVerified(user);
  const phoneRequired = usePhoneRequired(user?.country, needsPhoneAnswer);

  const content = children ?? <Outlet />;
  const path = `${location.pathname}${location.search}`;

  if (!signedIn) {
    // A sign-out in progress navigates on its own (with the invited user's redirect).
    if (isSigningOut()) return <PageLoader fullScreen />;
    const decision = decideRoute(toGuardUser(null, { signedIn, isInvitedUser }), path);
    return decision.kind === 'redirect' ? <Navigate to={decision.to} replace={decision.replace} /> : content;
  }
  if (level === 'session') return content;

  if (!user) {
    if (userQuery.isError) {
      return (
        <Center mih="100dvh" p="xl">
          <Container size="xs" w="100%">
            <ErrorState error={userQuery.error} onRetry={() => void userQuery.refetch()} />
          </Container>
        </Center>
      );
    }
    return <PageLoader fullScreen label="Loading your account..." />;
  }
  if (needsPhoneAnswer && phoneRequired === undefined) return <PageLoader fullScreen />;

  const decision = decideRoute(toGuardUser(user, { signedIn, isInvitedUser }), path, {
    phoneRequired: phoneRequired ?? true,
    requireUserType: level === 'full',
  });
  return decision.kind === 'redirect' ? <Navigate to={decision.to} replace={decision.replace} /> : content;
};
