import type { GuestPaymentInfo, GuestSession } from '@ferry/domain';
import { getGuestToken } from '@/lib/guest-landing';
import { getStored, type StoredGuestPaymentInfo, setStored } from '@/lib/storage';

/**
 * The stored 'guest payment info' (spec 000 §3): the link's token for the whole flow, the guest session's
 * greeting and masked phone (the phone step after a reload), and the request's facts once known.
 */

export { getGuestToken };

const update = (patch: Partial<StoredGuestPaymentInfo>) => {
  const current = getStored('guestPaymentInfo');
  setStored('guestPaymentInfo', { paymentType: current?.paymentType ?? '', ...current, ...patch });
};

/** The link's token, kept from /process/payment/start on (another link replaces the stored data). */
export const storeGuestToken = (token: string, paymentType: string): void => {
  const current = getStored('guestPaymentInfo');
  if (current?.token !== token) setStored('guestPaymentInfo', { token, paymentType });
  else update({ paymentType });
};

export const storeGuestSession = (session: GuestSession): void =>
  update({ firstName: session.firstName, maskedPhone: session.maskedPhone });

export const getStoredGuest = () => getStored('guestPaymentInfo');

/** The request's facts, as spec 000 §3 lists them. */
export const storeGuestPaymentInfo = (info: GuestPaymentInfo): void =>
  update({
    paymentType: info.paymentType,
    amount: info.amount,
    amountToPay: info.amountToPay,
    payeeAcceptCardPayment: info.payeeAcceptCardPayment,
    payeeCardSurchargeEnabled: info.payeeCardSurchargeEnabled,
    isNewUser: info.isNewUser,
    isNewBusiness: info.isNewBusiness,
    contactName: info.contactName,
    ...(info.payerId ? { payerId: info.payerId } : {}),
    ...(info.payeeId ? { payeeId: info.payeeId } : {}),
    ...(info.paymentRequestId ? { paymentRequestId: info.paymentRequestId } : {}),
    ...(info.paymentId ? { paymentId: info.paymentId } : {}),
    ...(info.payeeCardMerchantId ? { payeeCardMerchantId: info.payeeCardMerchantId } : {}),
    ...(info.payerBusinessName ? { payerBusinessName: info.payerBusinessName } : {}),
    ...(info.payeeBusinessName ? { payeeBusinessName: info.payeeBusinessName } : {}),
  });
