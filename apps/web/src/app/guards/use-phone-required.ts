import { isPhoneVerificationRequired } from '@ferry/domain';
import { useQuery } from '@tanstack/react-query';
import { getClientConfig } from '@/lib/bot-check';

export const CLIENT_CONFIG_QUERY_KEY = ['client-config'] as const;

/**
 * Whether a user of `country` must verify a phone (spec 000 §4: only in the deployment's phone
 * verification countries, `GET /api/client-config`). `undefined` while the configuration loads; when it
 * cannot be loaded the phone counts as required (the stricter answer). Not asked when `enabled` is false.
 */
export const usePhoneRequired = (
  country: string | null | undefined,
  enabled: boolean,
): boolean | undefined => {
  const config = useQuery({
    queryKey: CLIENT_CONFIG_QUERY_KEY,
    queryFn: () => getClientConfig(),
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: false,
    retry: 1,
    enabled,
  });
  if (!enabled) return undefined;
  if (config.data) return isPhoneVerificationRequired(country, config.data.phoneVerificationCountries);
  return config.isError ? true : undefined;
};
