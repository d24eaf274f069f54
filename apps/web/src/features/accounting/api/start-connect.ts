import type { AccountingProvider } from '@ferry/domain';
import { connectionUrlSchema } from '@ferry/domain/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { browserLocation } from '../utils/browser-location';
import { type ConnectReturn, rememberConnectReturn } from '../utils/connect-return';

export type StartConnectInput = {
  providerType: AccountingProvider;
  /** The business to connect (absent when signing in with the provider). */
  businessId?: string;
  requestFor?: 'CONNECT' | 'SIGN_IN';
  /** Where the return page lands: the integration settings (default) or, from onboarding, home. */
  from?: ConnectReturn['from'];
};

/**
 * `GET /integration/connection-url?providerType&businessId&requestFor`, then the browser goes to the
 * provider's consent page (`data.url`); it comes back to /integration/connecting.
 */
export const useStartConnect = () =>
  useMutation({
    mutationFn: async ({
      providerType,
      businessId,
      requestFor = 'CONNECT',
      from = 'settings',
    }: StartConnectInput) => {
      const { url } = await api.get('/integration/connection-url', {
        query: { providerType, businessId, requestFor },
        schema: connectionUrlSchema,
      });
      rememberConnectReturn({ businessId: businessId ?? null, from });
      browserLocation.assign(url);
      return url;
    },
  });
