import type { GuestLink, GuestPaymentInfo, GuestSession } from '@ferry/domain';
import { setStored } from '@/lib/storage';
import { signInAs } from '@/testing/users';

/** The emailed link's token of the guest tests. */
export const GUEST_TOKEN = 'guest-token-0123456789abcdef';
export const GUEST_BUSINESS_ID = 'cccccccccccccccccccccccc';
export const PAYEE_ID = 'dddddddddddddddddddddddd';
export const REQUEST_ID = 'eeeeeeeeeeeeeeeeeeeeeeee';

/** `POST /guest/link` of a request for $1,000.00 from Harbor Coffee Roasters to a known person. */
export const makeGuestLink = (overrides: Partial<GuestLink> = {}): GuestLink => ({
  invitationId: 'invitation-1',
  invitationType: 'BUSINESS_PAYMENT',
  paymentType: 'SEND_PAYMENT',
  email: 'dana@northwind.test',
  senderBusinessName: 'Harbor Coffee Roasters',
  amount: 100_000,
  firstName: 'Dana',
  isNewUser: false,
  ...overrides,
});

export const makeGuestSession = (overrides: Partial<GuestSession> = {}): GuestSession => ({
  token: 'guest-session-token',
  sessionId: 'guest-session-1',
  userId: 'ffffffffffffffffffffffff',
  firstName: 'Dana',
  maskedPhone: '*** 1234',
  ...overrides,
});

/** The guest payment info of an open $1,000.00 invoice (nothing paid yet). */
export const makeGuestInfo = (overrides: Partial<GuestPaymentInfo> = {}): GuestPaymentInfo => ({
  invitationId: 'invitation-1',
  invitationType: 'BUSINESS_PAYMENT',
  paymentType: 'SEND_PAYMENT',
  payerId: GUEST_BUSINESS_ID,
  payeeId: PAYEE_ID,
  guestBusinessId: GUEST_BUSINESS_ID,
  amount: 100_000,
  amountToPay: 100_000,
  paymentRequestId: REQUEST_ID,
  paymentId: null,
  payeeAcceptCardPayment: true,
  payeeCardSurchargeEnabled: false,
  payeeCardMerchantId: null,
  cardFeeBps: 0,
  isNewUser: false,
  isNewBusiness: false,
  contactName: 'Dana',
  payerBusinessName: 'Northwind Traders',
  payeeBusinessName: 'Harbor Coffee Roasters',
  refNo: 'INV-1042',
  invoiceDate: '2026-11-02',
  dueDate: '2026-12-02',
  memo: null,
  lines: [
    { itemName: 'Espresso beans', description: '12 bags', quantity: 10, unitPrice: 10_000, amount: 100_000 },
  ],
  payments: [],
  closed: false,
  ...overrides,
});

/** A guest who opened the link and confirmed the email: the token and session are stored. */
export const signInAsGuest = (session: Partial<GuestSession> = {}): void => {
  const full = makeGuestSession(session);
  signInAs(null);
  setStored('guestPaymentInfo', {
    token: GUEST_TOKEN,
    paymentType: 'SEND_PAYMENT',
    firstName: full.firstName,
    maskedPhone: full.maskedPhone,
  });
};
