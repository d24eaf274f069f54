import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type MockHandler, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import {
  AP_API,
  AP_BUSINESS_ID,
  CUSTOMER_ID,
  INVOICE_ID,
  makeContactAutoPayment,
  makeMapping,
  makeRun,
} from '../testing/auto-payments';
import { AUTO_PAY_ON_DUE_DATE, AutoPayInvoiceHint } from './auto-pay-invoice-hint';

const READ = ['GET_PAID_MANAGE_CUSTOMER_AUTO_PAYMENTS.view'];

const show = (answer: MockHandler, permissions = READ) => {
  const api = mockApi({ [`GET ${AP_API.contact(CUSTOMER_ID)}`]: answer });
  renderWithProviders(
    <AutoPayInvoiceHint
      businessId={AP_BUSINESS_ID}
      customerId={CUSTOMER_ID}
      invoiceId={INVOICE_ID}
      permissions={permissions}
    />,
  );
  return api;
};

describe('Auto-pay on due date hint', () => {
  it('shows on an invoice of a customer who authorised auto payments, its auto payment scheduled', async () => {
    show(ok(makeContactAutoPayment()));
    expect(await screen.findByText(AUTO_PAY_ON_DUE_DATE)).toBeInTheDocument();
  });

  it('shows for an invoice not yet scheduled (no auto payment row yet)', async () => {
    show(ok(makeContactAutoPayment({ upcoming: [] })));
    expect(await screen.findByText(AUTO_PAY_ON_DUE_DATE)).toBeInTheDocument();
  });

  it.each([
    ['the customer stopped this one', makeContactAutoPayment({ upcoming: [makeRun({ status: 'SKIPPED' })] })],
    ['auto payments are paused', makeContactAutoPayment({ mapping: makeMapping({ status: 'PAUSED' }) })],
    ['auto payments were never set up', makeContactAutoPayment({ mapping: null })],
  ])('shows nothing when %s', async (_case, answer) => {
    const api = show(ok(answer));
    await waitFor(() => expect(api.callsTo(`GET ${AP_API.contact(CUSTOMER_ID)}`)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(AUTO_PAY_ON_DUE_DATE)).not.toBeInTheDocument();
  });

  it('asks nothing without the read right on customer auto payments', async () => {
    const api = show(ok(makeContactAutoPayment()), ['GET_PAID_DUE_INVOICES.manage']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(AUTO_PAY_ON_DUE_DATE)).not.toBeInTheDocument();
    expect(api.callsTo(`GET ${AP_API.contact(CUSTOMER_ID)}`)).toHaveLength(0);
  });
});
