import { useEffect } from 'react';
import type { Business } from '@/lib/businesses';
import { getStored, setStored } from '@/lib/storage';

/** Stores a business the user opened as the active business (spec 000 §3), with its permissions. */
export const rememberActiveBusiness = (business: Pick<Business, 'id' | 'permissions'>): void => {
  const stored = getStored('activeBusiness');
  const permissions = business.permissions ?? [];
  if (stored?.id === business.id && JSON.stringify(stored.permissions) === JSON.stringify(permissions))
    return;
  setStored('activeBusiness', { id: business.id, permissions });
};

/** Keeps the loaded business as the active one while its page is open. */
export const useRememberActiveBusiness = (business: Business | undefined): void => {
  useEffect(() => {
    if (business) rememberActiveBusiness(business);
  }, [business]);
};
