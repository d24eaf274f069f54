/**
 * Where the accounting connection was started, remembered for the session before the browser leaves for
 * the provider: the return page (/integration/connecting) connects this business and goes back to the
 * integration settings, or to the business's home when it was started from onboarding.
 */
export type ConnectReturn = { businessId: string | null; from: 'onboarding' | 'settings' };

const KEY = 'ferry.accountingConnectReturn';

export const rememberConnectReturn = (value: ConnectReturn): void => {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // Storage unavailable (private mode): the return page falls back to the callback's business.
  }
};

export const readConnectReturn = (): ConnectReturn | null => {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<ConnectReturn>;
    return {
      businessId: typeof parsed.businessId === 'string' ? parsed.businessId : null,
      from: parsed.from === 'onboarding' ? 'onboarding' : 'settings',
    };
  } catch {
    return null;
  }
};

export const forgetConnectReturn = (): void => {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
};
