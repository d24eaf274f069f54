import { contactPageSchema } from '@ferry/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cardKeys, cardPaymentPath } from './keys';
import { type FeeQuote, feeQuoteSchema } from './schemas';

export type FeeQuoteInput = { baseAmount: number; payeeId: string; cardId?: string };

/**
 * `POST .../card-payment/fee-quote {baseAmount, payeeId, cardId}`: a mutation, as the quote is never
 * cached (spec 002 §9).
 */
export const useFeeQuote = (businessId: string) =>
  useMutation({
    mutationFn: (input: FeeQuoteInput): Promise<FeeQuote> =>
      api.post(cardPaymentPath(businessId, '/fee-quote'), input, { schema: feeQuoteSchema }),
  });

export type NetworkVendor = { contactId: string; name: string; payeeId: string; payeeName: string };

/**
 * The vendors on the Ferry network (`GET .../accounting/contacts/vendors`, first 100 by name): only those
 * linked to a network business can be quoted, as the payee's card settings decide the fee.
 */
export const useNetworkVendors = (businessId: string, enabled: boolean) =>
  useQuery({
    queryKey: cardKeys.networkVendors(businessId),
    queryFn: ({ signal }) =>
      api.get(`/business/${encodeURIComponent(businessId)}/accounting/contacts/vendors`, {
        query: { pageNumber: 1, pageSize: 100, sortBy: 'name', sortOrder: 'asc' },
        schema: contactPageSchema,
        signal,
      }),
    select: (page): NetworkVendor[] =>
      page.items.flatMap((contact) =>
        contact.fbnBusiness
          ? [
              {
                contactId: contact.id,
                name: contact.name,
                payeeId: contact.fbnBusiness.businessId,
                payeeName: contact.fbnBusiness.businessName,
              },
            ]
          : [],
      ),
    enabled: enabled && businessId !== '',
  });
