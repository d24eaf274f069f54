import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, type MockHandler, mockApi, ok } from '@/testing/mock-api';
import { onePagePdfDocument } from '@/testing/pdf';
import { renderRoutes, Where } from '@/testing/test-utils';
import {
  API,
  BILL_ID,
  BUSINESS_ID,
  INVOICE_ID,
  INVOICE_PDF_URL,
  makeBillView,
  makeInvoicePreview,
  makePaymentDetail,
  makeReceivedPreview,
  makeRequestDetail,
  PAYMENT_ID,
  PDF_URL,
  RECEIVED_ID,
  REQUEST_ID,
} from '../testing/preview';
import { PaymentPreviewPage } from './payment-preview-page';

// The real viewer, with PDF.js replaced by a one-page document.
const pdfjs = vi.hoisted(() => {
  class RenderingCancelledException extends Error {}
  return { getDocument: vi.fn(), GlobalWorkerOptions: { workerSrc: '' }, RenderingCancelledException };
});
vi.mock('pdfjs-dist', () => pdfjs);

const routes: RouteObject[] = [
  { path: '/b/:businessId/bills/payment/:paymentId', element: <PaymentPreviewPage /> },
  { path: '/b/:businessId/bills/payment/:paymentId/detail', element: <Where name="Payment detail" /> },
  {
    path: '/b/:businessId/bills/payment-request/:paymentId/make-payment',
    element: <Where name="Make payment" />,
  },
  { path: '/b/:businessId/bills/payment/list', element: <Where name="Payments" /> },
  { path: '/b/:businessId/bills', element: <Where name="Bills" /> },
  { path: '/b/:businessId/invoices/payment/:paymentId', element: <PaymentPreviewPage /> },
  { path: '/b/:businessId/invoices/payment/:paymentId/detail', element: <Where name="Received detail" /> },
  { path: '/b/:businessId/invoices/payment/list', element: <Where name="Received payments" /> },
  { path: '/b/:businessId/invoices/:invoiceId/detail', element: <Where name="Invoice detail" /> },
  { path: '/b/:businessId/invoices', element: <Where name="Invoices" /> },
];

const PAYMENT_API = `GET ${API}/payments/${PAYMENT_ID}`;
const PDF_LINK_API = `GET ${API}/download-bill-pdf/${BILL_ID}`;
const PDF_API = `GET ${PDF_URL.replace(/^\/api/, '')}`;
/** The fake server answers JSON: the PDF's bytes are those of this string, quoted. */
const PDF_TEXT = '%PDF-1.7 bill BILL-0042';

const mockPreviewApi = (handlers: Record<string, MockHandler> = {}) =>
  mockApi({
    [PAYMENT_API]: ok(makePaymentDetail()),
    [PDF_LINK_API]: ok({ fileUrl: PDF_URL }),
    [PDF_API]: { status: 200, body: PDF_TEXT },
    ...handlers,
  });

const header = () => screen.getByRole('region', { name: 'Bill' });

beforeEach(() => {
  pdfjs.getDocument.mockReset();
  pdfjs.getDocument.mockImplementation(() => ({
    promise: Promise.resolve(onePagePdfDocument()),
    destroy: async () => {},
  }));
});

describe('Payment preview page', () => {
  it('shows the payee, Ref#, Bill Date, Due Date, the bill PDF and the due amount of a payment', async () => {
    const api = mockPreviewApi();
    renderRoutes(routes, `/b/${BUSINESS_ID}/bills/payment/${PAYMENT_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Blue Bottle Supply' })).toBeInTheDocument();
    expect(within(header()).getByText('Ref#')).toBeInTheDocument();
    expect(within(header()).getByText('BILL-0042')).toBeInTheDocument();
    expect(within(header()).getByText('Bill Date')).toBeInTheDocument();
    expect(within(header()).getByText('Nov 2, 2026')).toBeInTheDocument();
    expect(within(header()).getByText('Due Date')).toBeInTheDocument();
    expect(within(header()).getByText('Nov 9, 2026')).toBeInTheDocument();

    const footer = screen.getByRole('region', { name: 'Due amount' });
    expect(footer).toHaveTextContent('Due Amount:$1,250.50');

    // The bill's PDF, from the link download-bill-pdf answers, fetched with the session and rendered.
    expect(await screen.findByRole('img', { name: 'Page 1 of 1' })).toBeInTheDocument();
    expect(pdfjs.getDocument).toHaveBeenCalledTimes(1);
    const given = pdfjs.getDocument.mock.calls[0]?.[0] as { data?: Uint8Array } | undefined;
    expect(new TextDecoder().decode(given?.data)).toBe(JSON.stringify(PDF_TEXT));
    expect(api.callsTo(PDF_API)).toHaveLength(1);
    expect(screen.getByText('BILL-0042.pdf')).toBeInTheDocument();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).not.toContain(`GET ${API}/bills/${PAYMENT_ID}`);
  });

  it('links the breadcrumbs Pay › Payments › Details back, with Preview as the current page', async () => {
    mockPreviewApi();
    renderRoutes(routes, `/b/${BUSINESS_ID}/bills/payment/${PAYMENT_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Blue Bottle Supply' });

    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Pay' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/bills`,
    );
    expect(within(crumbs).getByRole('link', { name: 'Payments' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/bills/payment/list`,
    );
    expect(within(crumbs).getByText('Preview')).toHaveAttribute('aria-current', 'page');

    await userEvent.setup().click(within(crumbs).getByRole('link', { name: 'Details' }));
    expect(
      await screen.findByRole('heading', {
        name: `Payment detail at /b/${BUSINESS_ID}/bills/payment/${PAYMENT_ID}/detail`,
      }),
    ).toBeInTheDocument();
  });

  it('previews a bill before paying it when the id is not a payment, with Details back to paying it', async () => {
    const api = mockPreviewApi({
      [`GET ${API}/payments/${BILL_ID}`]: fail(404, 'Payment not found.'),
      [`GET ${API}/bills/${BILL_ID}`]: ok(makeBillView()),
    });
    renderRoutes(routes, `/b/${BUSINESS_ID}/bills/payment/${BILL_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Blue Bottle Supply' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Due amount' })).toHaveTextContent('Due Amount:$980.25');
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining([`GET ${API}/payments/${BILL_ID}`, `GET ${API}/bills/${BILL_ID}`, PDF_LINK_API]),
    );
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Details' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/bills/payment-request/${BILL_ID}/make-payment`,
    );
    expect(await screen.findByRole('img', { name: 'Page 1 of 1' })).toBeInTheDocument();
  });

  it("names the payment request's sender as the payee with ?paymentRequestId=", async () => {
    mockPreviewApi({
      [`GET ${API}/payments/${BILL_ID}`]: fail(404, 'Payment not found.'),
      [`GET ${API}/bills/${BILL_ID}`]: ok(makeBillView({ vendorName: 'Northwind (vendor)' })),
      [`GET ${API}/payment-requests/${REQUEST_ID}`]: ok(makeRequestDetail()),
    });
    renderRoutes(routes, `/b/${BUSINESS_ID}/bills/payment/${BILL_ID}?paymentRequestId=${REQUEST_ID}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Northwind Supply Co.' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Northwind (vendor)')).not.toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Details' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/bills/payment-request/${BILL_ID}/make-payment?paymentRequestId=${REQUEST_ID}`,
    );
  });

  it("shows 'Failed to load Payment Preview' when neither a payment nor a bill is found, and retries", async () => {
    const user = userEvent.setup();
    const api = mockPreviewApi({
      [PAYMENT_API]: fail(404, 'Payment not found.'),
      [`GET ${API}/bills/${PAYMENT_ID}`]: fail(404, 'Bill not found.'),
    });
    renderRoutes(routes, `/b/${BUSINESS_ID}/bills/payment/${PAYMENT_ID}`);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load Payment Preview');
    expect(alert).toHaveTextContent('Bill not found.');
    expect(screen.queryByRole('region', { name: 'Due amount' })).not.toBeInTheDocument();
    expect(pdfjs.getDocument).not.toHaveBeenCalled();

    api.handlers[PAYMENT_API] = ok(makePaymentDetail());
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Blue Bottle Supply' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'Failed to load Payment Preview' when the PDF link fails, without falling back to a bill", async () => {
    const api = mockPreviewApi({
      [PDF_LINK_API]: fail(500, 'Something went wrong. Please try again later.'),
    });
    renderRoutes(routes, `/b/${BUSINESS_ID}/bills/payment/${PAYMENT_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load Payment Preview');
    await waitFor(() => expect(api.calls.some((c) => c.path === `${API}/bills/${PAYMENT_ID}`)).toBe(false));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it("shows 'Failed to load Payment Preview' when the PDF itself cannot be read", async () => {
    mockPreviewApi({ [PDF_API]: fail(404, 'Bill not found.') });
    renderRoutes(routes, `/b/${BUSINESS_ID}/bills/payment/${PAYMENT_ID}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load Payment Preview');
    expect(pdfjs.getDocument).not.toHaveBeenCalled();
  });

  it('does not fall back to a bill when the payment fails for another reason than 404', async () => {
    const api = mockPreviewApi({ [PAYMENT_API]: fail(403, 'You do not have access.') });
    renderRoutes(routes, `/b/${BUSINESS_ID}/bills/payment/${PAYMENT_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load Payment Preview');
    expect(api.calls.some((c) => c.path === `${API}/bills/${PAYMENT_ID}`)).toBe(false);
  });
});

describe('Payment preview in Get Paid mode (the path has no "bill")', () => {
  const RECEIVED_API = `GET ${API}/payments/received/${RECEIVED_ID}`;
  const INVOICE_API = `GET ${API}/invoices/${INVOICE_ID}`;
  const INVOICE_PDF_LINK_API = `GET ${API}/download-invoice-pdf/${INVOICE_ID}`;
  const INVOICE_PDF_API = `GET ${INVOICE_PDF_URL.replace(/^\/api/, '')}`;
  const mockGetPaidApi = (handlers: Record<string, MockHandler> = {}) =>
    mockApi({
      [RECEIVED_API]: ok(makeReceivedPreview()),
      [INVOICE_API]: ok(makeInvoicePreview()),
      [INVOICE_PDF_LINK_API]: ok({ fileUrl: INVOICE_PDF_URL }),
      [INVOICE_PDF_API]: { status: 200, body: '%PDF-1.7 invoice INV-2101' },
      ...handlers,
    });

  it('shows the payer, Ref#, Invoice Date, Due Date, the invoice PDF and the Due Amount, under Get Paid', async () => {
    const api = mockGetPaidApi();
    renderRoutes(routes, `/b/${BUSINESS_ID}/invoices/payment/${RECEIVED_ID}?paymentRequestId=${REQUEST_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sunrise Bakery' })).toBeInTheDocument();
    const invoice = screen.getByRole('region', { name: 'Invoice' });
    expect(within(invoice).getByText('INV-2101')).toBeInTheDocument();
    expect(within(invoice).getByText('Invoice Date')).toBeInTheDocument();
    expect(within(invoice).getByText('Nov 3, 2026')).toBeInTheDocument();
    expect(within(invoice).getByText('Nov 17, 2026')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Due amount' })).toHaveTextContent('Due Amount:$640.00');
    expect(await screen.findByRole('img', { name: 'Page 1 of 1' })).toBeInTheDocument();
    expect(screen.getByText('INV-2101.pdf')).toBeInTheDocument();
    // The payer's review endpoint is not the payee's: no payment-request call in Get Paid mode.
    expect(api.calls.some((c) => c.path.includes('payment-requests'))).toBe(false);

    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Get Paid' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/invoices`,
    );
    expect(within(crumbs).getByRole('link', { name: 'Payments' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/invoices/payment/list`,
    );
    await userEvent.setup().click(within(crumbs).getByRole('link', { name: 'Details' }));
    expect(
      await screen.findByRole('heading', {
        name: `Received detail at /b/${BUSINESS_ID}/invoices/payment/${RECEIVED_ID}/detail`,
      }),
    ).toBeInTheDocument();
  });

  it('previews an invoice by its id when no received payment has it, with Details back to the invoice', async () => {
    mockGetPaidApi({
      [RECEIVED_API]: fail(404, 'Payment not found.'),
      [`GET ${API}/payments/received/${INVOICE_ID}`]: fail(404, 'Payment not found.'),
    });
    renderRoutes(routes, `/b/${BUSINESS_ID}/invoices/payment/${INVOICE_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sunrise Bakery (books)' }),
    ).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Details' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/invoices/${INVOICE_ID}/detail`,
    );
  });

  it("shows 'Failed to load Payment Preview' when the received payment cannot be read", async () => {
    mockGetPaidApi({ [RECEIVED_API]: fail(500, 'Something went wrong.') });
    renderRoutes(routes, `/b/${BUSINESS_ID}/invoices/payment/${RECEIVED_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load Payment Preview');
  });
});
