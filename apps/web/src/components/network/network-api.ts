import {
  type ContactView,
  contactPageSchema,
  contactViewSchema,
  FBN_PAGE_SIZE_MAX,
  FBN_SEARCH_MIN,
  fbnLookupResultSchema,
  NETWORK_SEARCH_MIN,
  networkBusinessSchema,
  PICKER_PAGE_SIZE,
  pagedSchema,
} from '@ferry/domain';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { NEVER_CACHED } from '@/lib/react-query';
import { activityLogKeys } from '../activity-log/get-activity-logs';

export type ContactKind = 'vendor' | 'customer';

const enc = encodeURIComponent;
/** The API's contact type (domain `CONTACT_KINDS`). */
const CONTACT_TYPE: Record<ContactKind, 'VENDOR' | 'CUSTOMER'> = { vendor: 'VENDOR', customer: 'CUSTOMER' };
const PLURAL: Record<ContactKind, 'vendors' | 'customers'> = { vendor: 'vendors', customer: 'customers' };

/** The server's success messages (the API client keeps only `data`). */
export const CONTACT_ADDED_MESSAGES: Record<ContactKind, string> = {
  vendor: 'Vendor added successfully.',
  customer: 'Customer added successfully.',
};
export const INVITATIONS_SENT_MESSAGE = 'Invitations sent.';

const networkPageSchema = pagedSchema(networkBusinessSchema);
export type NetworkPage = z.infer<typeof networkPageSchema>;

export const networkKeys = {
  search: (businessId: string, term: string) => ['network-search', businessId, term] as const,
  inviteCandidates: (businessId: string, kind: ContactKind, term: string) =>
    ['network-invite-candidates', businessId, kind, term] as const,
  fbn: (businessId: string, kind: ContactKind, term: string) =>
    ['network-fbn', businessId, kind, term] as const,
};

/** The fbn product of a picker (spec 002 §7 `GET /business/{id}/fbn/{product}`): vendors pay, customers receive. */
const FBN_PRODUCT: Record<ContactKind, 'payable' | 'receivable'> = {
  vendor: 'payable',
  customer: 'receivable',
};
const fbnPageSchema = pagedSchema(fbnLookupResultSchema);
export type FbnPage = z.infer<typeof fbnPageSchema>;

/**
 * `GET /business/{id}/fbn/{product}?searchTerm=`: a picker's network lookup — businesses on Ferry by
 * name from 2 characters (20 a page), each with the contact of this kind already linked to it. Never
 * cached (spec 002 §9).
 */
export const useFbnLookup = (businessId: string, kind: ContactKind, term: string) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: networkKeys.fbn(businessId, kind, term),
      queryFn: ({ pageParam, signal }) =>
        api.get(`/business/${enc(businessId)}/fbn/${FBN_PRODUCT[kind]}`, {
          query: { searchTerm: term, pageNumber: pageParam, pageSize: FBN_PAGE_SIZE_MAX },
          schema: fbnPageSchema,
          signal,
        }),
      initialPageParam: 1,
      getNextPageParam: (last: FbnPage) =>
        last.pageNumber * last.pageSize < last.total ? last.pageNumber + 1 : undefined,
      enabled: Boolean(businessId) && term.length >= FBN_SEARCH_MIN,
      ...NEVER_CACHED,
      refetchInterval: false,
    }),
  );

/** `GET /business/{id}/search?businessName=&pageNumber=`: businesses on Ferry open to discovery (10 a page). */
export const searchNetwork = (
  businessId: string,
  businessName: string,
  pageNumber: number,
  signal?: AbortSignal,
) =>
  api.get(`/business/${enc(businessId)}/search`, {
    query: { businessName, pageNumber },
    schema: networkPageSchema,
    ...(signal ? { signal } : {}),
  });

/** Network search is never cached (spec 002 §9); it runs from 3 characters. */
export const useNetworkSearch = (businessId: string, term: string) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: networkKeys.search(businessId, term),
      queryFn: ({ pageParam, signal }) => searchNetwork(businessId, term, pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: (last: NetworkPage) =>
        last.pageNumber * last.pageSize < last.total ? last.pageNumber + 1 : undefined,
      enabled: Boolean(businessId) && term.length >= NETWORK_SEARCH_MIN,
      ...NEVER_CACHED,
      refetchInterval: false,
    }),
  );

/** `POST /business/{id}/vendors/business` (or `/customers/business`): a contact from a network business. */
export const addNetworkContact = (businessId: string, kind: ContactKind, fbnBusinessId: string) =>
  api.post(
    `/business/${enc(businessId)}/${PLURAL[kind]}/business`,
    { fbnBusinessId, entityType: CONTACT_TYPE[kind] },
    { schema: contactViewSchema },
  );

export const useAddNetworkContact = (businessId: string, kind: ContactKind) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fbnBusinessId: string): Promise<ContactView> =>
      addNetworkContact(businessId, kind, fbnBusinessId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityLogKeys.all }),
  });
};

/** `GET /business/{id}/accounting/contacts/vendors` (or customers): the first 100 by name, with a search. */
export const getInviteCandidates = (
  businessId: string,
  kind: ContactKind,
  searchTerm: string,
  signal?: AbortSignal,
) =>
  api.get(`/business/${enc(businessId)}/accounting/contacts/${PLURAL[kind]}`, {
    query: {
      pageNumber: 1,
      pageSize: PICKER_PAGE_SIZE,
      sortBy: 'name',
      sortOrder: 'asc',
      ...(searchTerm ? { searchTerm } : {}),
    },
    schema: contactPageSchema,
    ...(signal ? { signal } : {}),
  });

export const useInviteCandidates = (
  businessId: string,
  kind: ContactKind,
  searchTerm: string,
  enabled: boolean,
) =>
  useQuery(
    queryOptions({
      queryKey: networkKeys.inviteCandidates(businessId, kind, searchTerm),
      queryFn: ({ signal }) => getInviteCandidates(businessId, kind, searchTerm, signal),
      enabled: enabled && Boolean(businessId),
      placeholderData: keepPreviousData,
    }),
  );

/** `POST /business/{id}/network/invitations`: one email per contact not yet on the network. */
export const sendNetworkInvitations = (businessId: string, contactIds: string[]) =>
  api.post(
    `/business/${enc(businessId)}/network/invitations`,
    { contactIds },
    { schema: z.object({ sent: z.number() }) },
  );

export const useSendNetworkInvitations = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactIds: string[]) => sendNetworkInvitations(businessId, contactIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityLogKeys.all }),
  });
};
