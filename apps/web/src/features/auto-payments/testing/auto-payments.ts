import type { AutoPaymentMapping, AutoPaymentRun, ContactAutoPayment } from '@ferry/domain';
import { TEST_BUSINESS_ID } from '@/testing/businesses';
import { ok } from '@/testing/mock-api';

/** Fixtures of the auto-payment card's tests. */

export const AP_BUSINESS_ID = TEST_BUSINESS_ID;
export const CUSTOMER_ID = 'aaaaaaaaaaaaaaaaaaaaaa01';
export const VENDOR_ID = 'aaaaaaaaaaaaaaaaaaaaaa02';
export const MAPPING_ID = 'dddddddddddddddddddddd01';
export const RUN_ID = 'eeeeeeeeeeeeeeeeeeeeee01';
export const INVOICE_ID = 'ffffffffffffffffffffff11';
export const PAYMENT_ID = 'ffffffffffffffffffffff12';
export const BANK_ID = 'bbbbbbbbbbbbbbbbbbbbbb01';

const base = `/business/${AP_BUSINESS_ID}`;
export const AP_API = {
  contact: (contactId: string) => `${base}/contacts/${contactId}/auto-payment`,
  request: `${base}/auto-payment`,
  reminder: `${base}/auto-payment/${MAPPING_ID}/send-reminder`,
  payeeAction: `${base}/auto-payment/${MAPPING_ID}/payee-action`,
  payerAction: `${base}/auto-payment/${MAPPING_ID}/payer-action`,
  skip: `${base}/auto-payments/${RUN_ID}/skip`,
};

/** An authorised mapping as the payee (customer page) sees it. */
export const makeMapping = (overrides: Partial<AutoPaymentMapping> = {}): AutoPaymentMapping => ({
  autoPaymentMappingId: MAPPING_ID,
  status: 'ACCEPTED',
  featureState: 'ENABLED',
  label: 'Enabled',
  isAcceptCardPayments: false,
  payeeBusiness: { id: AP_BUSINESS_ID, name: 'Harbor Coffee Roasters', isAcceptCardPayments: false },
  payeeBusinessName: 'Harbor Coffee Roasters',
  customerId: CUSTOMER_ID,
  payerContactName: 'Pike Street Cafe',
  payerEmail: 'ap@pikestreet.test',
  payerId: '0123456789abcdef01234599',
  payerBusinessName: 'Pike Street Cafe LLC',
  payerBusinessVerificationStatus: 'FULL_VERIFIED',
  vendorId: VENDOR_ID,
  paymentMethod: { kind: 'BANK', id: BANK_ID, label: 'Chase ••••6789' },
  requestedAt: '2026-11-02T15:00:00.000Z',
  authorizedAt: '2026-11-03T16:30:00.000Z',
  endedAt: null,
  endReason: null,
  lastReminderAt: null,
  side: 'PAYEE',
  actions: ['PAUSE', 'DISABLE', 'REVOKE'],
  ...overrides,
});

export const makeRun = (overrides: Partial<AutoPaymentRun> = {}): AutoPaymentRun => ({
  autoPaymentId: RUN_ID,
  autoPaymentMappingId: MAPPING_ID,
  invoiceId: INVOICE_ID,
  invoiceNumber: 'INV-1042',
  amount: 125_000,
  dueDate: '2026-12-15',
  status: 'SCHEDULED',
  statusLabel: 'Scheduled',
  paymentId: null,
  paymentStatus: null,
  failureReason: null,
  payeeBusinessName: 'Harbor Coffee Roasters',
  payerBusinessName: 'Pike Street Cafe LLC',
  canSkip: false,
  ...overrides,
});

export const makeContactAutoPayment = (overrides: Partial<ContactAutoPayment> = {}): ContactAutoPayment => ({
  mapping: makeMapping(),
  canRequest: false,
  activity: [
    {
      id: 'act1',
      action: 'AUTHORIZATION_REQUEST_SENT',
      label: 'Authorization Request Sent',
      at: '2026-11-02T15:00:00.000Z',
      byName: 'Dana Reyes',
      remarks: null,
    },
    {
      id: 'act2',
      action: 'AUTO_PAYMENTS_AUTHORIZED',
      label: 'Auto Payments Authorized',
      at: '2026-11-03T16:30:00.000Z',
      byName: null,
      remarks: null,
    },
  ],
  upcoming: [makeRun()],
  ...overrides,
});

/** The envelope of a mapping answer. */
export const mappingReply = (overrides: Partial<AutoPaymentMapping> = {}) => ok(makeMapping(overrides));
