import {
  type AutoPaymentActionRequest,
  type AutoPaymentAuthorizeRequest,
  autoPaymentMappingSchema,
  businessToMapSchema,
  type GuestLink,
  guestLinkSchema,
  guestPaymentInfoSchema,
} from '@ferry/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { getBotCheckToken } from '@/lib/bot-check';
import { isAutoPayLink, MAPPING_ID_RETRIES, mappingIdRetryDelay } from '../utils/route';

/*
 * The payer's auto-payment calls (packages/domain/src/schemas/auto-payments-api.ts, "The authorising
 * payer"): the mapping, the businesses it may be authorised for, the authorisation itself, the payer's
 * controls once authorised, and the SMS code the authorisation needs.
 */

const enc = encodeURIComponent;

export const autoPayKeys = {
  all: ['auto-pay'] as const,
  link: (token: string) => [...autoPayKeys.all, 'link', token] as const,
  guestInfo: (token: string) => [...autoPayKeys.all, 'guest-info', token] as const,
  mapping: (id: string) => [...autoPayKeys.all, 'mapping', id] as const,
  businesses: (id: string) => [...autoPayKeys.all, 'businesses-to-map', id] as const,
};

/** An auto-payment link whose mapping id is not there yet (the mapping is still being made). */
export class MappingPendingError extends Error {
  constructor() {
    super('The auto-payment request is not ready yet.');
    this.name = 'MappingPendingError';
  }
}

/**
 * `POST /guest/link {token}` for the auto-pay guard: an auto-payment link without its mapping id yet is
 * asked again up to 5 times, 500 ms × the attempt apart (spec 000 §4 'Auto-payment result').
 */
export const useAutoPayLink = (token: string) =>
  useQuery<GuestLink>({
    queryKey: autoPayKeys.link(token),
    queryFn: async ({ signal }) => {
      const link = await api.post(
        '/guest/link',
        { token, recaptchaToken: await getBotCheckToken() },
        { schema: guestLinkSchema, signal },
      );
      if (isAutoPayLink(link) && !link.autoPaymentMappingId) throw new MappingPendingError();
      return link;
    },
    enabled: token !== '',
    retry: (failures, error) => error instanceof MappingPendingError && failures < MAPPING_ID_RETRIES,
    // React Query counts the failures before this retry from 0: the attempt is one more.
    retryDelay: (failures) => mappingIdRetryDelay(failures + 1),
    staleTime: 30_000,
  });

/**
 * `GET /guest/payment-info` (guest session of the link): its guest business (the one that authorises);
 * 403 phoneNotVerified until the phone step is done.
 */
export const useAutoPayGuestInfo = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: autoPayKeys.guestInfo(token),
    queryFn: ({ signal }) => api.get('/guest/payment-info', { schema: guestPaymentInfoSchema, signal }),
    enabled: enabled && token !== '',
    retry: false,
  });

/** `GET /auto-payment/{id}`: the mapping as the authorising payer sees it. */
export const useAutoPayMapping = (mappingId: string | null | undefined) =>
  useQuery({
    queryKey: autoPayKeys.mapping(mappingId ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/auto-payment/${enc(mappingId ?? '')}`, { schema: autoPaymentMappingSchema, signal }),
    enabled: Boolean(mappingId),
    retry: false,
  });

/** `GET /auto-payment/mapping/{id}/businesses-to-map?allowGuestBusiness=false`: the signed-in payer's businesses. */
export const useBusinessesToMap = (mappingId: string | null | undefined) =>
  useQuery({
    queryKey: autoPayKeys.businesses(mappingId ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/auto-payment/mapping/${enc(mappingId ?? '')}/businesses-to-map`, {
        query: { allowGuestBusiness: 'false' },
        schema: z.array(businessToMapSchema),
        signal,
      }),
    enabled: Boolean(mappingId),
    retry: false,
  });

/** `PATCH /auto-payment/{id}`: authorise (ACCEPTED; the server may answer HOLD) or decline (PAYER_DECLINED). */
export const authorizeAutoPayment = (mappingId: string, body: AutoPaymentAuthorizeRequest) =>
  api.patch(`/auto-payment/${enc(mappingId)}`, body, { schema: autoPaymentMappingSchema });

/** `POST /business/{businessId}/auto-payment/{id}/payer-action`: cancel, or change the payment method. */
export const takePayerAction = (businessId: string, mappingId: string, body: AutoPaymentActionRequest) =>
  api.post(`/business/${enc(businessId)}/auto-payment/${enc(mappingId)}/payer-action`, body, {
    schema: autoPaymentMappingSchema,
  });

const codeSentSchema = z.object({ requestId: z.string() });

/**
 * The auto-payment-otp-verification dialog's code: `POST /otp/phone` texts a code to the primary phone,
 * `POST /otp/verify/phone` checks it; the verified request's id is the `otpId` of the authorisation.
 */
export const sendAutoPayCode = async (): Promise<{ requestId: string }> =>
  api.post('/otp/phone', { recaptchaToken: await getBotCheckToken() }, { schema: codeSentSchema });

export const verifyAutoPayCode = async (input: { requestId: string; otp: string }): Promise<string> => {
  await api.post(
    '/otp/verify/phone',
    { ...input, recaptchaToken: await getBotCheckToken() },
    { schema: z.object({}).passthrough() },
  );
  return input.requestId;
};
