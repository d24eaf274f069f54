import { isPhoneVerificationRequired } from '@ferry/domain';
import { useQuery } from '@tanstack/react-query';
import { getClientConfig } from './bot-check';

export const CLIENT_CONFIG_QUERY_KEY = ['client-config'] as const;

/**
 * Whether a user of `country` must verify a phone (spec 000 §4: only in the deployment's phone
 * verification countries, `GET /api/client-config`). When the configuration cannot be loaded the phone
 * counts as required (the stricter answer).
 */
export const isPhoneRequiredFor = async (country: string | null | undefined): Promise<boolean> => {
  try {
    return isPhoneVerificationRequired(country, (await getClientConfig()).phoneVerificationCountries);
  } catch {
    return true;
  }
};

/**
 * `isPhoneRequiredFor` as a query: `undefined` while the configuration loads, and not asked (also
 * `undefined`) while `enabled` is false.
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
