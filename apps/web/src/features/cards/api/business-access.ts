import { defineAbilityFor, isBusinessFullyVerified } from '@ferry/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type Business, businessKeys, businessSchema } from '@/lib/businesses';

/**
 * `GET /business/{id}`: the business of the page with the member's permissions. Same key and schema as
 * the businesses area, so every area shares one cache entry.
 */
export const useBusinessAccess = (businessId: string) =>
  useQuery({
    queryKey: businessKeys.detail(businessId),
    queryFn: ({ signal }) =>
      api.get(`/business/${encodeURIComponent(businessId)}`, { schema: businessSchema, signal }),
    enabled: businessId !== '',
  });

export type CardAccess = {
  /** Settings › Payment Methods, manage: add, remove, make primary, link, apply, surcharge. */
  canManage: boolean;
  /** Settings › Payment Methods, view or manage. */
  canRead: boolean;
  /** Only a fully verified business may accept card payments. */
  isVerified: boolean;
};

export const getCardAccess = (business: Business): CardAccess => {
  const ability = defineAbilityFor(business.permissions);
  return {
    canManage: ability.can('manage', 'PaymentMethod'),
    canRead: ability.can('read', 'PaymentMethod'),
    isVerified: isBusinessFullyVerified(business.status),
  };
};
