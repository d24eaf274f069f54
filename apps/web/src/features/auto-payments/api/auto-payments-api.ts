import {
  type AutoPaymentActionRequest,
  autoPaymentMappingSchema,
  autoPaymentRunSchema,
  contactAutoPaymentSchema,
  pagedSchema,
} from '@ferry/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

/*
 * The business side of auto payments (packages/domain/src/schemas/auto-payments-api.ts): a contact's
 * mapping, activity and upcoming auto payments; the payee's request, reminder and controls; the payer's
 * controls and 'Don't pay this one'.
 */

const enc = encodeURIComponent;
const base = (businessId: string) => `/business/${enc(businessId)}`;

export type AutoPaymentSide = 'PAYEE' | 'PAYER';
export type AutoPaymentRunsParams = { pageNumber: number; pageSize: number };

export const autoPaymentKeys = {
  business: (businessId: string) => ['auto-payments', businessId] as const,
  contact: (businessId: string, contactId: string) =>
    [...autoPaymentKeys.business(businessId), 'contact', contactId] as const,
  runs: (businessId: string, params: AutoPaymentRunsParams) =>
    [...autoPaymentKeys.business(businessId), 'runs', params] as const,
};

/** `GET contacts/{contactId}/auto-payment`: the mapping (or null), whether to offer a request, activity, upcoming. */
export const useContactAutoPayment = (businessId: string, contactId: string, enabled = true) =>
  useQuery({
    queryKey: autoPaymentKeys.contact(businessId, contactId),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/contacts/${enc(contactId)}/auto-payment`, {
        schema: contactAutoPaymentSchema,
        signal,
      }),
    enabled: enabled && businessId !== '' && contactId !== '',
  });

const runsPageSchema = pagedSchema(autoPaymentRunSchema);

/** `GET auto-payments?pageNumber&pageSize`: the business's auto payments, either side. */
export const useAutoPaymentRuns = (businessId: string, params: AutoPaymentRunsParams) =>
  useQuery({
    queryKey: autoPaymentKeys.runs(businessId, params),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/auto-payments`, { query: params, schema: runsPageSchema, signal }),
    placeholderData: keepPreviousData,
    enabled: businessId !== '',
  });

/**
 * After any change: the auto-payment data, the contacts (their auto-payment labels) and the payments (a
 * cancelled or skipped auto payment cancels its payment). Inactive queries too: lists do not refetch on mount.
 */
const useRefreshAfterChange = (businessId: string) => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        autoPaymentKeys.business(businessId),
        sharedQueryKeys.contacts(businessId),
        sharedQueryKeys.payments(businessId),
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'all' })),
    );
};

/** `POST auto-payment {customerId}`: the payee asks a customer to authorise auto payments (email sent). */
export const useRequestAutoPayment = (businessId: string) => {
  const refresh = useRefreshAfterChange(businessId);
  return useMutation({
    mutationFn: (customerId: string) =>
      api.post(`${base(businessId)}/auto-payment`, { customerId }, { schema: autoPaymentMappingSchema }),
    onSuccess: refresh,
  });
};

/** `PATCH auto-payment/{id}/send-reminder`: the payee emails the request again. */
export const useSendAutoPaymentReminder = (businessId: string) => {
  const refresh = useRefreshAfterChange(businessId);
  return useMutation({
    mutationFn: (mappingId: string) =>
      api.patch(`${base(businessId)}/auto-payment/${enc(mappingId)}/send-reminder`, undefined, {
        schema: autoPaymentMappingSchema,
      }),
    onSuccess: refresh,
  });
};

export type AutoPaymentActionInput = { mappingId: string; side: AutoPaymentSide } & AutoPaymentActionRequest;

/** `POST auto-payment/{id}/payee-action` or `/payer-action` (by the caller's side). */
export const useAutoPaymentAction = (businessId: string) => {
  const refresh = useRefreshAfterChange(businessId);
  return useMutation({
    mutationFn: ({ mappingId, side, ...body }: AutoPaymentActionInput) =>
      api.post(
        `${base(businessId)}/auto-payment/${enc(mappingId)}/${side === 'PAYEE' ? 'payee-action' : 'payer-action'}`,
        body,
        { schema: autoPaymentMappingSchema },
      ),
    onSuccess: refresh,
  });
};

/** `POST auto-payments/{autoPaymentId}/skip`: the payer stops one upcoming auto payment. */
export const useSkipAutoPayment = (businessId: string) => {
  const refresh = useRefreshAfterChange(businessId);
  return useMutation({
    mutationFn: (autoPaymentId: string) =>
      api.post(`${base(businessId)}/auto-payments/${enc(autoPaymentId)}/skip`, undefined, {
        schema: autoPaymentRunSchema,
      }),
    onSuccess: refresh,
  });
};
