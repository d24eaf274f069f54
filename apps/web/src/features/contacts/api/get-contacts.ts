import { contactPageSchema } from '@ferry/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ContactKindConfig } from '../utils/contact-kind';
import { type ContactListParams, contactKeys, contactsPath } from './keys';

/** `GET .../contacts/{vendors|customers}?pageNumber&pageSize&sortBy=name&sortOrder&searchTerm` (paged). */
export const getContacts = (
  businessId: string,
  config: ContactKindConfig,
  params: ContactListParams,
  signal?: AbortSignal,
) =>
  api.get(contactsPath(businessId, config.apiSegment), {
    query: {
      pageNumber: params.pageNumber,
      pageSize: params.pageSize,
      sortBy: 'name',
      sortOrder: params.sortOrder,
      searchTerm: params.searchTerm.trim() || undefined,
    },
    schema: contactPageSchema,
    ...(signal ? { signal } : {}),
  });

export const contactsQueryOptions = (
  businessId: string,
  config: ContactKindConfig,
  params: ContactListParams,
) =>
  queryOptions({
    queryKey: contactKeys.list(businessId, config.kind, params),
    queryFn: ({ signal }) => getContacts(businessId, config, params, signal),
    // The previous page stays on screen while the next loads (search, sort, paging).
    placeholderData: keepPreviousData,
  });

export const useContacts = (businessId: string, config: ContactKindConfig, params: ContactListParams) =>
  useQuery(contactsQueryOptions(businessId, config, params));
