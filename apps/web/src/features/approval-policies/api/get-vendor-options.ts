import { contactPageSchema } from '@ferry/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { approvalPolicyKeys, billVendorsPath } from './keys';

export type VendorOption = { value: string; label: string };

/** The vendor picker's page (spec 002 §9: pickers ask for page 1 of 100, searched on the server). */
export const VENDOR_OPTIONS_PAGE_SIZE = 100;

/** `GET /business/{id}/accounting/contacts/bill-vendors?pageNumber=1&pageSize=100&searchTerm`: the bills' vendor picker. */
export const vendorOptionsQueryOptions = (businessId: string, searchTerm: string) =>
  queryOptions({
    queryKey: approvalPolicyKeys.vendorOptions(businessId, searchTerm),
    queryFn: ({ signal }) =>
      api.get(billVendorsPath(businessId), {
        query: { pageNumber: 1, pageSize: VENDOR_OPTIONS_PAGE_SIZE, searchTerm: searchTerm || undefined },
        schema: contactPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    select: (page): VendorOption[] => page.items.map((vendor) => ({ value: vendor.id, label: vendor.name })),
  });

export const useVendorOptions = (
  businessId: string,
  searchTerm: string,
  options: { enabled?: boolean } = {},
) => useQuery({ ...vendorOptionsQueryOptions(businessId, searchTerm), enabled: options.enabled ?? true });
