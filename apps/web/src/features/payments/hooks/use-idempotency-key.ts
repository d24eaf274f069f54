import { useCallback, useRef } from 'react';
import { createUuid } from '@/lib/random';

export type IdempotencyKey = {
  /** The key of the current action: a new one the first time, the same one for its retries. */
  current: () => string;
  /** The action is done (it succeeded, or the person started over): the next call gets a new key. */
  reset: () => void;
};

/**
 * One Idempotency-Key per user action. A retry of the same action after a failure (a lost answer, a
 * time-out) sends the same key, so the server does the work at most once.
 */
export const useIdempotencyKey = (): IdempotencyKey => {
  const key = useRef<string | null>(null);
  const current = useCallback(() => {
    key.current ??= createUuid();
    return key.current;
  }, []);
  const reset = useCallback(() => {
    key.current = null;
  }, []);
  return { current, reset };
};
