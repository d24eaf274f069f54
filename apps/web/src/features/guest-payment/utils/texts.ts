import { formatMoney, type GuestPaymentType } from '@ferry/domain';

/** An auto-payment link's line (spec 000 §2 'Guest payment sign-in'): '{payee} requested automatic payments'. */
export const requestedAutoPayText = (business: string): string => `${business} requested automatic payments`;

/**
 * The start page's line: '{business} sent you a payment request for $1,000.00' / '… a payment of …' /
 * '{business} requested automatic payments'.
 */
export const sentYouText = (business: string, paymentType: GuestPaymentType, amountCents: number): string => {
  if (paymentType === 'AUTO_PAYMENT') return requestedAutoPayText(business);
  return paymentType === 'SEND_PAYMENT'
    ? `${business} sent you a payment request for ${formatMoney(amountCents)}`
    : `${business} sent you a payment of ${formatMoney(amountCents)}`;
};

/** The phone step's line: '{business} sent you a payment request' / '… a payment' / '… requested automatic payments'. */
export const sentYouShortText = (business: string, paymentType: GuestPaymentType): string => {
  if (paymentType === 'AUTO_PAYMENT') return requestedAutoPayText(business);
  return paymentType === 'SEND_PAYMENT'
    ? `${business} sent you a payment request`
    : `${business} sent you a payment`;
};

/** 'Hey {first name or there}'. */
export const greeting = (firstName: string | null | undefined): string =>
  `Hey ${firstName?.trim() ? firstName.trim() : 'there'}`;

export const START_HEADING = "Let's get things rolling";
