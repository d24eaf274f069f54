import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { newId } from '../../platform/ids.js';
import { makeContact } from '../../testing/contact-factories.js';
import { makeSignedInBusiness } from '../../testing/factories.js';
import type { AuthHeaders, TestApp } from '../../testing/test-app.js';
import { listChartAccounts } from '../accounting/service.js';
import { makeBank } from '../cards/testing.js';
import { vendorBankAccounts } from '../vendor-banks/tables.js';

/** Test helpers of the payments module (also for the engine's tests). */

export const payUrl = (businessId: string, rest = '') => `/api/business/${businessId}${rest}`;

/**
 * A signed-in payer (FULL_VERIFIED unless told) with a verified instant bank, a vendor with a bank on
 * file (unless `vendorBank: false`) and a chart account for bills.
 */
export async function payer(t: TestApp, options: { verificationStatus?: string; vendorBank?: boolean } = {}) {
  const business = await makeSignedInBusiness(t.context, {
    verificationStatus: options.verificationStatus ?? 'FULL_VERIFIED',
  });
  const bank = await makeBank(t, business.businessId, { accountMask: '6789' });
  const vendor = await makeContact(t.context, { businessId: business.businessId, name: 'Harbor Supplies' });
  if (options.vendorBank !== false) {
    await t.context.database.db.insert(vendorBankAccounts).values({
      id: newId(),
      businessId: business.businessId,
      contactId: vendor.id,
      bankName: 'First Harbor Bank',
      accountType: 'BUSINESS_CHECKING',
      accountHolderName: 'Harbor Supplies',
      routingNumber: '011000015',
      accountNumberCiphertext: 'v1.x.y.z',
      accountMask: '0123',
      verificationStatus: 'VERIFIED',
      accountStatus: 'VERIFIED',
    });
  }
  const accounts = await listChartAccounts(t.context, {
    businessId: business.businessId,
    query: { isForCreateBill: true, pageNumber: 1, pageSize: 1000 },
  });
  const software = accounts.items.find((a) => a.name === 'Software');
  if (!software) throw new Error('no Software account');
  return { ...business, bank, vendor, chartAccountId: software.id };
}
export type Payer = Awaited<ReturnType<typeof payer>>;

/** A bill of `amount` dollars to the payer's vendor (through the API). */
export async function makeBill(
  t: TestApp,
  p: Pick<Payer, 'businessId' | 'headers' | 'chartAccountId'> & { vendor: { id: string } },
  amount: string,
  vendorId = p.vendor.id,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: payUrl(p.businessId, '/bills'),
    headers: { ...p.headers, 'idempotency-key': randomUUID() },
    payload: {
      vendorId,
      refNo: `INV-${newId().slice(0, 8)}`,
      billDate: '2026-11-02',
      lines: [{ chartAccountId: p.chartAccountId, quantity: 1, unitPrice: amount }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; refNo: string };
}

/** POST payments with a fresh Idempotency-Key (or the one given). */
export const postPayment = (
  t: TestApp,
  p: { businessId: string; headers: AuthHeaders },
  body: object,
  key = randomUUID(),
) =>
  t.app.inject({
    method: 'POST',
    url: payUrl(p.businessId, '/payments'),
    headers: { ...p.headers, 'idempotency-key': key },
    payload: body,
  });

/** Pays a bill from the payer's bank (defaults: today, STANDARD); expects 201 and answers the view. */
export async function schedulePayment(
  t: TestApp,
  p: Payer,
  billId: string,
  amount: string | number,
  overrides: Record<string, unknown> = {},
) {
  const res = await postPayment(t, p, {
    billId,
    paymentInstrumentId: p.bank.id,
    amount,
    processDate: '2026-11-02',
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; status: string };
}
