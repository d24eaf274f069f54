import type { PaymentDetail, PaymentsSummary } from '@ferry/domain';
import { TEST_BUSINESS_ID } from '@/testing/businesses';
import { makeTestPayment, TEST_PAYMENT_ID } from '@/testing/payments';

export const BUSINESS_ID = TEST_BUSINESS_ID;
export const API = `/business/${BUSINESS_ID}`;
export const PAYMENTS_API = `${API}/payments`;
export const SUMMARY_API = `${API}/bills/summary/payments`;
export const PAYMENT_ID = TEST_PAYMENT_ID;

export const makeDetail = (
  overrides: Partial<PaymentDetail> = {},
  timeline: PaymentDetail['timeline'] = [
    {
      id: 't1',
      action: 'CREATED',
      label: 'Created',
      status: 'PENDING',
      at: '2026-11-05T14:05:00.000Z',
      actor: { type: 'USER', name: 'Ada Lovelace' },
      remarks: null,
    },
    {
      id: 't2',
      action: 'SCHEDULED',
      label: 'Scheduled',
      status: 'SCHEDULED',
      at: '2026-11-05T14:06:00.000Z',
      actor: { type: 'SYSTEM', name: 'Ferry' },
      remarks: 'Process date Nov 10, 2026',
    },
  ],
): PaymentDetail => ({ ...makeTestPayment(), timeline, approval: null, ...overrides });

export const SUMMARY: PaymentsSummary = {
  attentionRequired: { amount: 300, total: 2 },
  processing: { amount: 1200, total: 1 },
  scheduled: { amount: 4500.25, total: 3 },
};
