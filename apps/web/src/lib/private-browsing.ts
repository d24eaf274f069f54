/**
 * Private-browsing detection (spec 000 §9): a storage quota under 1200 MB counts as private. A private
 * window is sent as `isIncognito` at sign-in and is never registered as a trusted device.
 */
export const PRIVATE_QUOTA_BYTES = 1200 * 1024 * 1024;

export const isPrivateBrowsing = async (): Promise<boolean> => {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (!estimate || typeof estimate.quota !== 'number') return false;
    return estimate.quota < PRIVATE_QUOTA_BYTES;
  } catch {
    return false;
  }
};
