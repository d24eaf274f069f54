/**
 * Sign-out as the browser does it (spec 000 §4 "Sign-out"): end the session (`PATCH /auth/logout`; the
 * stored data is cleared even when the call fails), drop every cached query, then go to sign-in — with a
 * redirect to the stored page when an invited user has one.
 *
 * While a sign-out is under way `isSigningOut()` is true, so the route guard does not race it with its
 * own redirect to sign-in (which would lose the redirect).
 */
import { paths } from '@ferry/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { endSession } from './session';
import { getStored } from './storage';

let signingOut = false;

/** True between the start of a sign-out and its navigation to sign-in. */
export const isSigningOut = (): boolean => signingOut;

/** `/signin`, with `redirectUrl` = the stored 'redirectPage' while an invited user is being handled. */
export const getSignOutRedirect = (): string => {
  const page = getStored('invitedUser') ? getStored('redirectPage') : null;
  return paths.signin(typeof page === 'string' && page.startsWith('/') ? page : undefined);
};

export const useSignOut = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isPending, setIsPending] = useState(false);

  const signOut = useCallback(async () => {
    const to = getSignOutRedirect();
    signingOut = true;
    setIsPending(true);
    try {
      await endSession();
      queryClient.removeQueries();
      await navigate(to, { replace: true });
    } finally {
      signingOut = false;
      setIsPending(false);
    }
  }, [navigate, queryClient]);

  return { signOut, isPending };
};
