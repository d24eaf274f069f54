import { paths } from '@ferry/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { hasSession, startSession, USER_QUERY_KEY } from '@/lib/session';
import type { OpenedInvitation } from '../api/open-invitation';
import { storeInvitation } from '../utils/stored-invitation';

/**
 * Where an opened invitation leads (by link or by code). The invitation is stored first ('invitedUser').
 * - A session was issued (new or password-less invitee): keep it, then verify (/verify, which leads on
 *   to /set-password) when a password is still needed, else the accept screen.
 * - The invitee has an account and is not signed in: sign-in, returning to /accept-invitation.
 * - Otherwise (signed in already): the accept screen, which also handles "signed in as someone else".
 */
export const useContinueInvitation = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useCallback(
    async (opened: OpenedInvitation, code?: string) => {
      storeInvitation(opened, code);
      if (opened.token && opened.sessionId) {
        const profile = await startSession({ token: opened.token, sessionId: opened.sessionId });
        queryClient.setQueryData(USER_QUERY_KEY, profile);
        await navigate(opened.requiresPassword ? paths.verify() : paths.acceptInvitation(), {
          replace: true,
        });
        return;
      }
      if (opened.requiresSignIn && !hasSession()) {
        await navigate(paths.signin(paths.acceptInvitation()), { replace: true });
        return;
      }
      await navigate(opened.requiresPassword ? paths.verify() : paths.acceptInvitation(), { replace: true });
    },
    [navigate, queryClient],
  );
};
