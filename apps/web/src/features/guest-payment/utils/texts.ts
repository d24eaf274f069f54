import { formatMoney, type GuestPaymentType } from '@ferry/domain';

/** The start page's line: '{business} sent you a payment request for $1,000.00' / '… a payment of …'. */
export const sentYouText = (business: string, paymentType: GuestPaymentType, amountCents: number): string =>
  paymentType === 'SEND_PAYMENT'
    ? `${business} sent you a payment request for ${formatMoney(amountCents)}`
    : `${business} sent you a payment of ${formatMoney(amountCents)}`;

/** The phone step's line: '{business} sent you a payment request' / '… a payment'. */
export const sentYouShortText = (business: string, paymentType: GuestPaymentType): string =>
  paymentType === 'SEND_PAYMENT'
    ? `${business} sent you a payment request`
    : `${business} sent you a payment`;

/** 'Hey {first name or there}'. */
export const greeting = (firstName: string | null | undefined): string =>
  `Hey ${firstName?.trim() ? firstName.trim() : 'there'}`;

export const START_HEADING = "Let's get things rolling";
