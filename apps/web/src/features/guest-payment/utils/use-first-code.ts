import { useCallback, useRef } from 'react';

/**
 * The code dialogs send a code when they open; here the form's own call already sent the first one. Keep
 * its request id for the dialog's first `sendCode`, and ask again (`resend`) for 'Get a new code'.
 */
export const useFirstCode = (resend: () => Promise<{ requestId: string }>) => {
  const pending = useRef<string | null>(null);
  const resendRef = useRef(resend);
  resendRef.current = resend;
  const keep = useCallback((requestId: string) => {
    pending.current = requestId;
  }, []);
  const sendCode = useCallback(async () => {
    const first = pending.current;
    pending.current = null;
    return first ? { requestId: first } : resendRef.current();
  }, []);
  return { keep, sendCode };
};
