import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { getActiveBusinessId, readRaw, STORAGE_CHANGE_EVENT, type StorageKey } from './storage';

const subscribe = (onChange: () => void) => {
  window.addEventListener(STORAGE_CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange); // other tabs
  return () => {
    window.removeEventListener(STORAGE_CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
};

/** Re-renders when the raw stored string of `key` changes (this tab or another). */
export const useStoredRaw = (key: StorageKey): string | null => {
  const getSnapshot = useCallback(() => readRaw(key), [key]);
  return useSyncExternalStore(subscribe, getSnapshot, () => null);
};

/** The stored active business id (well-formed ids only), kept current. */
export const useActiveBusinessId = (): string | null => {
  const raw = useStoredRaw('activeBusiness');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `raw` is the change signal for the parsed value
  return useMemo(() => getActiveBusinessId(), [raw]);
};
