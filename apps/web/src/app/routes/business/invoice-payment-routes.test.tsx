import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { routes } from '../../router';

const B = '0123456789abcdef01234567';

/** The patterns React Router picks for `pathname`, outermost first. */
const chainOf = (pathname: string) => matchRoutes(routes, pathname)?.map((m) => m.route.path) ?? [];

describe('Get Paid payment routes', () => {
  it('opens the Payments tab inside the invoices area, beside the Invoices tab', () => {
    const chain = chainOf(`/b/${B}/invoices/payment/list`);
    expect(chain.at(-1)).toBe(paths.business.invoicePayments.path);
    expect(chain).toContain(paths.business.invoices.path);
  });

  it('opens a received payment’s detail and its preview outside the tabs, and invoices as before', () => {
    const detail = chainOf(`/b/${B}/invoices/payment/abc123/detail`);
    expect(detail.at(-1)).toBe(paths.business.invoicePaymentDetail.path);
    expect(detail).not.toContain(paths.business.invoices.path);
    const preview = chainOf(`/b/${B}/invoices/payment/abc123`);
    expect(preview.at(-1)).toBe(paths.business.invoicePaymentPreview.path);
    expect(preview).not.toContain(paths.business.invoices.path);
    expect(chainOf(`/b/${B}/invoices/abc123/detail`).at(-1)).toBe(paths.business.invoiceDetail.path);
    expect(chainOf(`/b/${B}/invoices/create`).at(-1)).toBe(paths.business.invoiceCreate.path);
    expect(paths.business.invoicePaymentPreview.getHref(B, 'abc123', 'r1')).toBe(
      `/b/${B}/invoices/payment/abc123?paymentRequestId=r1`,
    );
  });
});
