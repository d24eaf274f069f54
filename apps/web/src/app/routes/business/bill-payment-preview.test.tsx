import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { routes } from '../../router';

const B = '0123456789abcdef01234567';

/** The pattern of the deepest route React Router picks for `pathname`. */
const matchedPath = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.path;

describe('payment preview route', () => {
  it('takes /bills/payment/{id} with or without ?paymentRequestId=', () => {
    expect(matchedPath(`/b/${B}/bills/payment/abc123`)).toBe(paths.business.billPaymentPreview.path);
    expect(
      matchRoutes(routes, { pathname: `/b/${B}/bills/payment/abc123`, search: '?paymentRequestId=r1' })?.at(
        -1,
      )?.params,
    ).toMatchObject({
      businessId: B,
      paymentId: 'abc123',
    });
  });

  it('leaves the Payments tab (static segment) and the payment detail (longer path) to their pages', () => {
    expect(matchedPath(`/b/${B}/bills/payment/list`)).toBe(paths.business.billPayments.path);
    expect(matchedPath(`/b/${B}/bills/payment/abc123/detail`)).toBe(paths.business.billPaymentDetail.path);
    expect(matchedPath(`/b/${B}/bills/payment-request/abc123/make-payment`)).toBe(
      paths.business.billMakePayment.path,
    );
  });

  it('is outside the bills tabs layout', () => {
    const chain = matchRoutes(routes, `/b/${B}/bills/payment/abc123`)?.map((m) => m.route.path) ?? [];
    expect(chain).not.toContain(paths.business.bills.path);
    expect(paths.business.billPaymentPreview.getHref(B, 'abc123', 'r1')).toBe(
      `/b/${B}/bills/payment/abc123?paymentRequestId=r1`,
    );
  });
});
