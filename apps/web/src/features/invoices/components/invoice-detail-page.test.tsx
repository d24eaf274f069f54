import { INVOICE_MESSAGES, PAYMENT_REQUEST_MESSAGES } from '@ferry/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MARKED_AS_PAID_MESSAGE, RECEIVING_BANK_TOOLTIP } from '@/components/pay/mark-as-paid-dialog';
import { makeTestBank } from '@/testing/banks';
import { makeTestBusiness, mockBusinessApi } from '@/testing/businesses';
import { fail, type MockHandler, ok } from '@/testing/mock-api';
import { onePagePdfDocument } from '@/testing/pdf';
import { chooseOption, openOptionList } from '@/testing/select';
import { renderRoutes, Where } from '@/testing/test-utils';
import { API, BUSINESS_ID, INVOICE_ID, makeInvoiceView, PDF_URL, REQUEST_ID } from '../testing/invoices';
import { type InvoiceAutoPayHintProps, InvoiceDetailPage } from './invoice-detail-page';

// The real viewer, with PDF.js replaced by a one-page document.
const pdfjs = vi.hoisted(() => {
  class RenderingCancelledException extends Error {}
  return { getDocument: vi.fn(), GlobalWorkerOptions: { workerSrc: '' }, RenderingCancelledException };
});
vi.mock('pdfjs-dist', () => pdfjs);

const routes: RouteObject[] = [
  { path: '/b/:businessId/invoices/:invoiceId/detail', element: <InvoiceDetailPage /> },
  { path: '/b/:businessId/invoices/:invoiceId/edit', element: <Where name="Edit invoice" /> },
  { path: '/b/:businessId/invoices', element: <Where name="Invoices" /> },
];
const DETAIL = `/b/${BUSINESS_ID}/invoices/${INVOICE_ID}/detail`;
const DETAIL_API = `GET ${API}/invoices/${INVOICE_ID}`;
const MARK_API = `PATCH ${API}/mark-invoice-as-paid`;
const RECEIVING = makeTestBank();
const UNVERIFIED = makeTestBank({
  id: 'bbbbbbbbbbbbbbbbbbbbbbb9',
  bankName: 'Pending Bank',
  accountMask: '9999',
  verificationStatus: 'PENDING',
  accountStatus: 'NOT_VERIFIED',
});

const setup = (handlers: Record<string, MockHandler> = {}, business = makeTestBusiness()) =>
  mockBusinessApi(business, {
    [DETAIL_API]: ok(makeInvoiceView()),
    [`GET ${API}/download-invoice-pdf/${INVOICE_ID}`]: ok({ fileUrl: PDF_URL }),
    [`GET ${PDF_URL.replace(/^\/api/, '')}`]: { status: 200, body: '%PDF-1.7 invoice INV-7' },
    [`GET ${API}/bank/accounts`]: ok([RECEIVING, UNVERIFIED]),
    ...handlers,
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 5, 9, 0, 0));
  pdfjs.getDocument.mockReset();
  pdfjs.getDocument.mockImplementation(() => ({
    promise: Promise.resolve(onePagePdfDocument()),
    destroy: async () => {},
  }));
});
afterEach(() => vi.useRealTimers());

/** A stand-in auto-pay hint that prints what the page gives it. */
const StubAutoPayHint = (props: InvoiceAutoPayHintProps) => (
  <span>{`Auto-pay hint for ${props.customerId} / ${props.invoiceId}`}</span>
);

describe('Invoice detail', () => {
  it('shows the auto-pay hint of an open invoice, and none once nothing is left to pay', async () => {
    const invoice = makeInvoiceView();
    setup();
    const hintRoutes: RouteObject[] = [
      {
        path: '/b/:businessId/invoices/:invoiceId/detail',
        element: <InvoiceDetailPage autoPayHint={StubAutoPayHint} />,
      },
    ];
    const { unmount } = renderRoutes(hintRoutes, DETAIL);
    const header = await screen.findByRole('region', { name: 'Invoice' });
    expect(
      within(header).getByText(`Auto-pay hint for ${invoice.contact.id} / ${INVOICE_ID}`),
    ).toBeInTheDocument();
    unmount();
    setup({ [DETAIL_API]: ok(makeInvoiceView({ balance: 0, status: 'paid' })) });
    renderRoutes(hintRoutes, DETAIL);
    const paid = await screen.findByRole('region', { name: 'Invoice' });
    expect(within(paid).queryByText(/Auto-pay hint/)).not.toBeInTheDocument();
  });

  it('shows the customer, Ref#, dates, the receiving-side status, amounts, payments and the PDF', async () => {
    setup();
    renderRoutes(routes, DETAIL);
    const header = await screen.findByRole('region', { name: 'Invoice' });
    expect(within(header).getByRole('heading', { name: 'Sunrise Bakery' })).toBeInTheDocument();
    expect(within(header).getByText('INV-7')).toBeInTheDocument();
    expect(within(header).getByText('Nov 2, 2026')).toBeInTheDocument();
    expect(within(header).getByText('Nov 9, 2026')).toBeInTheDocument();
    expect(within(header).getByText('Partial Paid')).toBeInTheDocument();
    const amounts = screen.getByRole('region', { name: 'Amounts' });
    expect(within(amounts).getByText('$1,250.50')).toBeInTheDocument();
    expect(within(amounts).getByText('$250.50')).toBeInTheDocument();
    expect(within(amounts).getByText('$1,000.00')).toBeInTheDocument();
    const payments = screen.getByRole('table', { name: 'Payments of this invoice' });
    expect(within(payments).getByText('Marked as Paid')).toBeInTheDocument();
    expect(within(payments).getByText('Chase *** 1234')).toBeInTheDocument();
    await waitFor(() => expect(pdfjs.getDocument).toHaveBeenCalled());
    const source = pdfjs.getDocument.mock.calls[0]?.[0] as { data: Uint8Array };
    expect(new TextDecoder().decode(source.data)).toContain('%PDF-1.7 invoice INV-7');
    // Something was received: no Edit.
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('shows the payment request that is out, and Edit only while the invoice is unpaid', async () => {
    setup({
      [DETAIL_API]: ok(
        makeInvoiceView({
          status: 'unpaid',
          balance: 1250.5,
          payments: [],
          paymentRequest: {
            id: REQUEST_ID,
            state: 'CREATED',
            sentAt: '2026-11-03T10:00:00.000Z',
            lastReminderAt: '2026-11-04T09:00:00.000Z',
          },
        }),
      ),
    });
    renderRoutes(routes, DETAIL);
    const block = await screen.findByRole('region', { name: 'Payment request' });
    expect(within(block).getByText('Nov 3, 2026')).toBeInTheDocument();
    expect(within(block).getByText('Nov 4, 2026')).toBeInTheDocument();
    expect(
      within(block).getByRole('button', { name: 'Send reminder for invoice INV-7' }),
    ).toBeInTheDocument();
    expect(screen.getByText('No payments yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/invoices/${INVOICE_ID}/edit`,
    );
  });

  it('says a customer not on Ferry pays from an emailed link (the request can be sent), and nothing for one on Ferry', async () => {
    const unpaid = { status: 'unpaid' as const, balance: 1250.5, payments: [], paymentRequest: null };
    setup({
      [DETAIL_API]: ok(
        makeInvoiceView({
          ...unpaid,
          contact: { id: 'c1', name: 'Sunrise Bakery', email: 'ap@sunrise.test', onNetwork: false },
        }),
      ),
    });
    const view = renderRoutes(routes, DETAIL);
    const block = await screen.findByRole('region', { name: 'Payment request' });
    expect(within(block).getByText(PAYMENT_REQUEST_MESSAGES.customerNotOnFerry)).toBeInTheDocument();
    expect(
      within(block).getByRole('button', { name: 'Send payment request for invoice INV-7' }),
    ).not.toHaveAttribute('aria-disabled');
    view.unmount();

    setup({ [DETAIL_API]: ok(makeInvoiceView(unpaid)) });
    renderRoutes(routes, DETAIL);
    const onFerry = await screen.findByRole('region', { name: 'Payment request' });
    expect(
      within(onFerry).getByRole('button', { name: 'Send payment request for invoice INV-7' }),
    ).not.toHaveAttribute('aria-disabled');
    expect(within(onFerry).queryByText(PAYMENT_REQUEST_MESSAGES.customerNotOnFerry)).toBeNull();
  });

  it('marks $400 as paid into a verified receiving bank: the bank is required, the amount at most the due', async () => {
    const user = userEvent.setup();
    const api = setup({
      [MARK_API]: ok({
        id: 'ffffffffffffffffffffff0c',
        kind: 'MARKED_AS_PAID',
        amount: 400,
        date: '2026-11-05',
        status: 'COMPLETED',
        bankName: 'Chase',
        accountMask: '1234',
        remarks: null,
      }),
    });
    renderRoutes(routes, DETAIL);
    await user.click(await screen.findByRole('button', { name: 'Mark as Paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Invoice as Paid' });
    expect(within(dialog).getByText('Sunrise Bakery · Ref# INV-7')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Due amount ($1,000.00)' })).toBeChecked();
    // No bank yet: the button says why and nothing is sent.
    const submit = within(dialog).getByRole('button', { name: 'Mark as paid' });
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    await user.hover(submit);
    expect(await screen.findByText(RECEIVING_BANK_TOOLTIP)).toBeInTheDocument();
    expect(RECEIVING_BANK_TOOLTIP).toBe(INVOICE_MESSAGES.markPaidBankRequired);
    await user.click(submit);
    expect(api.callsTo(MARK_API)).toHaveLength(0);
    // Only the verified bank can receive.
    const bank = within(dialog).getByRole('combobox', { name: /Receiving bank/ });
    const list = await openOptionList(user, bank);
    expect(
      within(list).queryByRole('option', { name: /Pending Bank/, hidden: true }),
    ).not.toBeInTheDocument();
    await user.click(within(list).getByRole('option', { name: 'Chase Checking *** 1234', hidden: true }));
    await user.click(within(dialog).getByRole('radio', { name: 'Other amount' }));
    const other = within(dialog).getByRole('textbox', { name: /Other amount/ });
    await user.type(other, '1200');
    await user.tab();
    expect(
      await within(dialog).findByText('Amount cannot be greater than the due amount of $1,000.00.'),
    ).toBeInTheDocument();
    await user.clear(other);
    await user.type(other, '400');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    await waitFor(() => expect(api.callsTo(MARK_API)).toHaveLength(1));
    expect(api.bodiesOf(MARK_API)[0]).toEqual({
      id: INVOICE_ID,
      amount: '400.00',
      date: '2026-11-05',
      paymentInstrumentId: RECEIVING.paymentInstrumentId,
      type: 'invoice',
    });
    expect(await screen.findByText(MARKED_AS_PAID_MESSAGE)).toBeInTheDocument();
    // The invoice is asked for again (refreshed after the mutation).
    await waitFor(() => expect(api.callsTo(DETAIL_API).length).toBeGreaterThan(1));
  });

  it('shows the server refusal in the dialog', async () => {
    const user = userEvent.setup();
    setup({ [MARK_API]: fail(409, INVOICE_MESSAGES.invoiceClosed) });
    renderRoutes(routes, DETAIL);
    await user.click(await screen.findByRole('button', { name: 'Mark as Paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Invoice as Paid' });
    await chooseOption(
      user,
      within(dialog).getByRole('combobox', { name: /Receiving bank/ }),
      'Chase Checking *** 1234',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(await within(dialog).findByText(INVOICE_MESSAGES.invoiceClosed)).toBeInTheDocument();
  });

  it('offers no Mark as Paid nor Edit to a member who may only read invoices', async () => {
    setup({}, makeTestBusiness({ permissions: ['GET_PAID_DUE_INVOICES.view'] }));
    renderRoutes(routes, DETAIL);
    expect(await screen.findByRole('region', { name: 'Invoice' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as Paid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('links a payment received through Ferry to its detail, for members who read payments received', async () => {
    const received = {
      id: 'ffffffffffffffffffffff31',
      kind: 'RECEIVED' as const,
      amount: 300,
      date: '2026-11-04',
      status: 'COMPLETED' as const,
      bankName: 'Chase',
      accountMask: '1234',
      remarks: null,
      paymentId: 'abababababababababababab',
    };
    const invoice = makeInvoiceView();
    const handlers = { [DETAIL_API]: ok({ ...invoice, payments: [...invoice.payments, received] }) };
    setup(handlers);
    const view = renderRoutes(routes, DETAIL);
    const payments = await screen.findByRole('table', { name: 'Payments of this invoice' });
    const links = within(payments).getAllByRole('link', { name: /View payment of/ });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/invoices/payment/${received.paymentId}/detail`,
    );
    view.unmount();

    setup(handlers, makeTestBusiness({ permissions: ['GET_PAID_DUE_INVOICES.view'] }));
    renderRoutes(routes, DETAIL);
    const table = await screen.findByRole('table', { name: 'Payments of this invoice' });
    expect(within(table).queryByRole('link', { name: /View payment of/ })).not.toBeInTheDocument();
  });

  it('says when the invoice is not found', async () => {
    setup({ [DETAIL_API]: fail(404, INVOICE_MESSAGES.invoiceNotFound) });
    renderRoutes(routes, DETAIL);
    expect((await screen.findAllByText(/Invoice not found\./)).length).toBeGreaterThan(0);
  });
});
