import { useState } from 'react';
import { getStoredUser, useCurrentUser } from '@/lib/session';
import { useStartVerification } from '../api/start-verification';
import { browserLocation } from '../utils/browser-location';
import { isFollowableHostedUrl } from '../utils/safe-url';
import { getStartErrorMessage } from '../utils/start-error';
import { rememberVerificationStart } from '../utils/verification-storage';

/**
 * Starts a hosted identity check and sends the browser to the provider's page. `isPending` stays true
 * while the browser leaves, so the button keeps its spinner; `error` is the spec's message (§8).
 */
export const useBeginVerification = (businessId: string | null) => {
  const start = useStartVerification();
  const { data: user } = useCurrentUser();
  const [isLeaving, setIsLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const begin = async () => {
    setError(null);
    try {
      const started = await start.mutateAsync({ businessId });
      if (!isFollowableHostedUrl(started.hostedUrl)) throw new Error('Unexpected hosted page address');
      rememberVerificationStart({
        businessId,
        userStatus: user?.activeStatus ?? getStoredUser()?.activeStatus,
      });
      setIsLeaving(true);
      browserLocation.assign(started.hostedUrl);
    } catch (cause) {
      setError(getStartErrorMessage(cause));
    }
  };

  return { begin, isPending: start.isPending || isLeaving, error };
};
