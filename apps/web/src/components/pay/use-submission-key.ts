import { useCallback, useRef } from 'react';
import { createUuid } from '@/lib/random';

/**
 * The Idempotency-Key of a money call: a new one per submission attempt, the same one when the same
 * submission (the same body) is sent again after a failure, so that a retry never pays twice.
 */
export const useSubmissionKey = () => {
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const keyFor = useCallback((body: unknown): string => {
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { key: createUuid(), body: text };
    return attempt.current.key;
  }, []);
  const reset = useCallback(() => {
    attempt.current = null;
  }, []);
  return { keyFor, reset };
};
