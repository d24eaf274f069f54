import { useMemo } from 'react';
import { hasSession } from './session';
import { useStoredRaw } from './use-stored-value';

/** Whether a session is stored, kept current when it starts or ends (this tab or another). */
export const useHasSession = (): boolean => {
  const raw = useStoredRaw('session');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `raw` is the change signal for the parsed value
  return useMemo(() => hasSession(), [raw]);
};
