import { describe, expect, it } from 'vitest';
import { getPaymentStatusDisplay, LIST_STATUSES, toPaymentsQueryStatus } from './payment-status.js';

const pay = (status: string, isScheduled?: boolean) =>
  getPaymentStatusDisplay(status, isScheduled === undefined ? { side: 'pay' } : { side: 'pay', isScheduled });
const receive = (status: string) => getPaymentStatusDisplay(status, { side: 'receive' });

describe('getPaymentStatusDisplay labels', () => {
  it.each([
    ['HOLD', 'Processing'],
    ['BANK_UNDER_VERIFICATION', 'Processing'],
    ['PROCESSING', 'Processing'],
    ['IN_APPROVAL', 'In-Approval'],
    ['in-approval', 'In-Approval'],
    ['IN_QUEUE', 'Paused'],
    ['CANCELLED', 'Canceled'],
    ['CANCELED', 'Canceled'],
    ['MARK_AS_PAID', 'Marked as Paid'],
    ['MARKED_AS_PAID', 'Marked as Paid'],
    ['APPROVED', 'Approved'],
    ['SCHEDULED', 'Scheduled'],
    ['FAILED', 'Failed'],
    ['REJECTED', 'Rejected'],
    ['REVERSED', 'Reversed'],
    ['DECLINED', 'Declined'],
    ['DELIVERED', 'Delivered'],
    ['partial_paid', 'Partial Paid'],
    ['SOMETHING_NEW', 'Something New'],
  ])('%s → %s', (status, label) => {
    expect(pay(status).label).toBe(label);
  });

  it("shows delivered as 'Received' on the receiving side", () => {
    expect(receive('DELIVERED').label).toBe('Received');
    expect(receive('delivered').label).toBe('Received');
  });

  it('shows a pending payment with the scheduled flag as scheduled', () => {
    expect(pay('PENDING', true)).toEqual(pay('SCHEDULED'));
    expect(pay('PENDING', false).label).toBe('Pending');
    expect(pay('FAILED', true).label).toBe('Failed');
  });
});

describe('getPaymentStatusDisplay colours', () => {
  it.each([
    ['APPROVED', 'green'],
    ['MARK_AS_PAID', 'green'],
    ['DELIVERED', 'green'],
    ['PENDING', 'amber'],
    ['HOLD', 'amber'],
    ['BANK_UNDER_VERIFICATION', 'amber'],
    ['PROCESSING', 'amber'],
    ['IN_APPROVAL', 'amber'],
    ['IN_QUEUE', 'red'],
    ['CANCELLED', 'red'],
    ['FAILED', 'red'],
    ['REVERSED', 'red'],
    ['REJECTED', 'red'],
    ['DECLINED', 'red'],
    ['SCHEDULED', 'grey'],
    ['DRAFT', 'grey'],
    ['whatever', 'grey'],
  ])('%s is %s', (status, colour) => {
    expect(pay(status).colour).toBe(colour);
  });
});

describe('getPaymentStatusDisplay date labels', () => {
  it.each([
    ['FAILED', 'Failure Date', 'Failure Date'],
    ['CANCELLED', 'Cancelation Date', 'Cancelation Date'],
    ['DECLINED', 'Decline Date', 'Decline Date'],
    ['REVERSED', 'Reversal Date', 'Reversal Date'],
    ['DELIVERED', 'Delivery Date', 'Received Date'],
    ['PROCESSING', 'Process Date', 'ETA'],
    ['HOLD', 'Process Date', 'ETA'],
    ['SCHEDULED', 'Process Date', 'Process Date'],
    ['IN_QUEUE', 'Process Date', 'Process Date'],
    ['MARK_AS_PAID', 'Payment Date', 'Payment Date'],
  ])('%s: pay %s, receive %s', (status, paySide, receiveSide) => {
    expect(pay(status).dateLabel).toBe(paySide);
    expect(receive(status).dateLabel).toBe(receiveSide);
  });
});

describe('toPaymentsQueryStatus', () => {
  it('upper-cases and maps the list aliases', () => {
    expect(toPaymentsQueryStatus('CANCELED')).toBe('CANCELLED');
    expect(toPaymentsQueryStatus('paused')).toBe('IN_QUEUE');
    expect(toPaymentsQueryStatus('in-approval')).toBe('IN_APPROVAL');
    expect(toPaymentsQueryStatus('paid')).toBe('DELIVERED');
    expect(toPaymentsQueryStatus('failed')).toBe('FAILED');
  });

  it('agrees with the list statuses query values', () => {
    for (const s of LIST_STATUSES) {
      expect(toPaymentsQueryStatus(s.value)).toBe('queryValue' in s ? s.queryValue : s.value);
    }
  });
});
