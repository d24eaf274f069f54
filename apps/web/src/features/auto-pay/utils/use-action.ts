import { useCallback, useState } from 'react';
import { getErrorMessage } from '@/lib/api-error';

/** One button's call: whether it runs, and the message of its last failure (cleared on the next run). */
export const useAction = () => {
  const [isWorking, setIsWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async (call: () => Promise<void>) => {
    setIsWorking(true);
    setError(null);
    try {
      await call();
    } catch (caught) {
      setError(getErrorMessage(caught));
    } finally {
      setIsWorking(false);
    }
  }, []);
  return { run, isWorking, error };
};
