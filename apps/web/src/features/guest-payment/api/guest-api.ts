import {
  type GuestAcceptPaymentRequest,
  type GuestPaymentInfo,
  type GuestPhoneSendRequest,
  type GuestSession,
  type GuestStartRequest,
  guestLinkSchema,
  guestPaymentInfoSchema,
  guestSessionSchema,
  guestStartResponseSchema,
} from '@ferry/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { getBotCheckToken } from '@/lib/bot-check';

/**
 * The guest flows' calls (packages/domain schemas/guest-api.ts): the emailed link, the email code, the
 * phone step, the guest payment info and the accept-payment money call. Every call names the link's token.
 */

export const guestKeys = {
  all: ['guest-payment'] as const,
  link: (token: string) => [...guestKeys.all, 'link', token] as const,
  info: (token: string) => [...guestKeys.all, 'info', token] as const,
};

const requestIdSchema = z.object({ requestId: z.string() });

/** `POST /guest/link {token}`: what the link is about; nothing changes on the server. */
export const useGuestLink = (token: string) =>
  useQuery({
    queryKey: guestKeys.link(token),
    queryFn: async ({ signal }) =>
      api.post(
        '/guest/link',
        { token, recaptchaToken: await getBotCheckToken() },
        { schema: guestLinkSchema, signal },
      ),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** `POST /guest/start`: checks the email (and names of a new person) and sends the email code. */
export const startGuest = async (input: Omit<GuestStartRequest, 'recaptchaToken'>) =>
  api.post(
    '/guest/start',
    { ...input, recaptchaToken: await getBotCheckToken() },
    { schema: guestStartResponseSchema },
  );

/** `POST /guest/verify-email`: the email code; answers the guest session. */
export const verifyGuestEmail = async (input: {
  token: string;
  requestId: string;
  otp: string;
}): Promise<GuestSession> =>
  api.post(
    '/guest/verify-email',
    { ...input, recaptchaToken: await getBotCheckToken() },
    { schema: guestSessionSchema },
  );

/** `POST /guest/phone/send`: confirms the last four digits, or names a new number; sends the SMS code. */
export const sendGuestPhoneCode = async (input: Omit<GuestPhoneSendRequest, 'recaptchaToken'>) =>
  api.post(
    '/guest/phone/send',
    { ...input, recaptchaToken: await getBotCheckToken() },
    { schema: requestIdSchema },
  );

/** `POST /guest/phone/verify`: the SMS code; answers the guest payment info. */
export const verifyGuestPhone = async (input: {
  requestId: string;
  otp: string;
  isRegisterTrustedDevice: boolean;
}): Promise<GuestPaymentInfo> =>
  api.post(
    '/guest/phone/verify',
    { ...input, recaptchaToken: await getBotCheckToken() },
    { schema: guestPaymentInfoSchema },
  );

/**
 * `GET /guest/payment-info`: the request or payment of the guest session's link (the token stays out of
 * the URL; the key names it so another link never shows this one's info). 403 phoneNotVerified until
 * the phone step is done (the page shows that step then).
 */
export const useGuestPaymentInfo = (token: string, enabled = true) =>
  useQuery({
    queryKey: guestKeys.info(token),
    queryFn: ({ signal }) => api.get('/guest/payment-info', { schema: guestPaymentInfoSchema, signal }),
    enabled: enabled && token !== '',
    retry: false,
  });

/**
 * `POST /payments/guest/accept/payment` (Idempotency-Key): pays the request or accepts the payment. The
 * answer is the info after the change; the screen shows it on its success view (the cached info is
 * refreshed when the guest goes on, so a request just paid in full still shows its success first).
 */
export const useAcceptGuestPayment = () =>
  useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: GuestAcceptPaymentRequest; idempotencyKey: string }) =>
      api.post('/payments/guest/accept/payment', body, { schema: guestPaymentInfoSchema, idempotencyKey }),
  });
