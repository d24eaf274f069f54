import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeContactFixture, VALID_BANK } from '../../testing/contact-factories.js';
import { addBusinessMember, makeBusiness, makeUser, signIn } from '../../testing/factories.js';
import { multipartBody, pdfBytes, pngBytes } from '../../testing/multipart.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { SAQ_REQUEST } from '../cards/testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Ids of a vendor, its document and its bank account in the business of the call. */
type Fixture = Awaited<ReturnType<typeof makeContactFixture>>;
type Call = (businessId: string, fixture: Fixture) => InjectOptions;

const documentUpload = () => {
  const body = multipartBody([
    { name: 'documentType', data: 'OTHER' },
    { name: 'file', filename: 'w9.pdf', contentType: 'application/pdf', data: pdfBytes() },
  ]);
  return { headers: body.headers, payload: body.payload };
};

const contacts = (id: string, rest = '') => `/api/business/${id}/accounting/contacts${rest}`;
const NEW_CONTACT = { name: 'Harbor Supplies', email: 'new@harbor.example' };
const SOME_ID = '0123456789abcdef01234567';

const logoUpload = () => {
  const body = multipartBody([
    { name: 'file', filename: 'logo.png', contentType: 'image/png', data: pngBytes() },
  ]);
  return { headers: body.headers, payload: body.payload };
};

/** Every business route of the businesses issue, with a valid request. */
/** 'scoped': only the tenant and session checks apply (a read whose answer depends on the data). */
const ROUTES: [string, Call, 'read' | 'write' | 'scoped'][] = [
  ['GET /business/:id', (id) => ({ method: 'GET', url: `/api/business/${id}` }), 'read'],
  [
    'PATCH /business/:id',
    (id) => ({
      method: 'PATCH',
      url: `/api/business/${id}`,
      payload: { businessName: 'Renamed LLC', businessType: 'LLC', category: 'NONE' },
    }),
    'write',
  ],
  ['GET /business/:id/features', (id) => ({ method: 'GET', url: `/api/business/${id}/features` }), 'read'],
  ['GET /preferences/:id', (id) => ({ method: 'GET', url: `/api/preferences/${id}` }), 'read'],
  [
    'PATCH /preferences/:id',
    (id) => ({ method: 'PATCH', url: `/api/preferences/${id}`, payload: { website: 'renamed.example' } }),
    'write',
  ],
  [
    'POST /preferences/:id/logo',
    (id) => ({ method: 'POST', url: `/api/preferences/${id}/logo`, ...logoUpload() }),
    'write',
  ],
  ['GET /preferences/:id/logo', (id) => ({ method: 'GET', url: `/api/preferences/${id}/logo` }), 'read'],
  [
    'DELETE /preferences/:id/logo',
    (id) => ({ method: 'DELETE', url: `/api/preferences/${id}/logo` }),
    'write',
  ],
  [
    'POST /business/:id/verification/init',
    (id) => ({ method: 'POST', url: `/api/business/${id}/verification/init` }),
    'write',
  ],
  [
    'GET /business/:id/verification/form',
    (id) => ({ method: 'GET', url: `/api/business/${id}/verification/form` }),
    'read',
  ],
  [
    'PATCH /business/:id/verification/form',
    (id) => ({ method: 'PATCH', url: `/api/business/${id}/verification/form`, payload: VALID_FORM }),
    'write',
  ],
  [
    'GET /business/:id/beneficial',
    (id) => ({ method: 'GET', url: `/api/business/${id}/beneficial` }),
    'read',
  ],
  [
    'PATCH /business/:id/beneficial',
    (id) => ({
      method: 'PATCH',
      url: `/api/business/${id}/beneficial`,
      payload: {
        controlPerson: { isSelf: true, title: 'Owner' },
        owners: [{ isSelf: true, ownershipPercent: 100 }],
      },
    }),
    'write',
  ],
  [
    'POST /business/:id/beneficial/resend-invite',
    (id) => ({
      method: 'POST',
      url: `/api/business/${id}/beneficial/resend-invite`,
      payload: { personId: '0123456789abcdef01234567' },
    }),
    'write',
  ],
  [
    'POST /business/:id/user/control-person/:personId/resend-invite',
    (id) => ({
      method: 'POST',
      url: `/api/business/${id}/user/control-person/0123456789abcdef01234567/resend-invite`,
    }),
    'write',
  ],
  // Contacts, documents, vendor banks, network and activity logs (issue 5).
  ['GET contacts/vendors', (id) => ({ method: 'GET', url: contacts(id, '/vendors') }), 'read'],
  [
    'POST contacts/vendors',
    (id) => ({ method: 'POST', url: contacts(id, '/vendors'), payload: NEW_CONTACT }),
    'write',
  ],
  [
    'POST contacts/vendors/inline',
    (id) => ({ method: 'POST', url: contacts(id, '/vendors/inline'), payload: NEW_CONTACT }),
    'write',
  ],
  [
    'GET contacts/vendors/:vid',
    (id, f) => ({ method: 'GET', url: contacts(id, `/vendors/${f.vendorId}`) }),
    'read',
  ],
  [
    'PATCH contacts/vendors/:vid',
    (id, f) => ({
      method: 'PATCH',
      url: contacts(id, `/vendors/${f.vendorId}`),
      payload: { name: 'Renamed Vendor' },
    }),
    'write',
  ],
  [
    'PATCH contacts/vendors/:vid/tax-id',
    (id, f) => ({
      method: 'PATCH',
      url: contacts(id, `/vendors/${f.vendorId}/tax-id`),
      payload: { taxId: '12-3456789' },
    }),
    'write',
  ],
  ['GET contacts/customers', (id) => ({ method: 'GET', url: contacts(id, '/customers') }), 'read'],
  [
    'POST contacts/customers',
    (id) => ({ method: 'POST', url: contacts(id, '/customers'), payload: NEW_CONTACT }),
    'write',
  ],
  [
    'POST contacts/customers/inline',
    (id) => ({ method: 'POST', url: contacts(id, '/customers/inline'), payload: NEW_CONTACT }),
    'write',
  ],
  [
    'GET contacts/customers/:cid',
    (id, f) => ({ method: 'GET', url: contacts(id, `/customers/${f.customerId}`) }),
    'read',
  ],
  [
    'PATCH contacts/customers/:cid',
    (id, f) => ({
      method: 'PATCH',
      url: contacts(id, `/customers/${f.customerId}`),
      payload: { name: 'Renamed' },
    }),
    'write',
  ],
  ['GET contacts/bill-vendors', (id) => ({ method: 'GET', url: contacts(id, '/bill-vendors') }), 'read'],
  [
    'GET contacts/invoice-customers',
    (id) => ({ method: 'GET', url: contacts(id, '/invoice-customers') }),
    'read',
  ],
  [
    'POST contacts/fnb-vendor',
    (id) => ({ method: 'POST', url: contacts(id, '/fnb-vendor'), payload: { fbnBusinessId: SOME_ID } }),
    'write',
  ],
  [
    'POST contacts/fnb-customer',
    (id) => ({ method: 'POST', url: contacts(id, '/fnb-customer'), payload: { fbnBusinessId: SOME_ID } }),
    'write',
  ],
  [
    'GET contacts/:cid/documents',
    (id, f) => ({ method: 'GET', url: contacts(id, `/${f.vendorId}/documents`) }),
    'read',
  ],
  [
    'POST contacts/:cid/documents',
    (id, f) => ({ method: 'POST', url: contacts(id, `/${f.vendorId}/documents`), ...documentUpload() }),
    'write',
  ],
  [
    'DELETE contacts/:cid/documents/:did',
    (id, f) => ({ method: 'DELETE', url: contacts(id, `/${f.vendorId}/documents/${f.documentId}`) }),
    'write',
  ],
  [
    'GET contacts/:cid/documents/:did/download',
    (id, f) => ({ method: 'GET', url: contacts(id, `/${f.vendorId}/documents/${f.documentId}/download`) }),
    'read',
  ],
  [
    'POST banking/connection/vendor-account',
    (id, f) => ({
      method: 'POST',
      url: `/api/business/${id}/banking/connection/vendor-account`,
      headers: { 'idempotency-key': `cross-tenant-${f.vendorId}` },
      payload: { ...VALID_BANK, vendorId: f.vendorId },
    }),
    'write',
  ],
  [
    'GET vendor/bank-accounts',
    (id, f) => ({ method: 'GET', url: `/api/business/${id}/vendor/bank-accounts?vendorId=${f.vendorId}` }),
    'read',
  ],
  [
    'PATCH banking/connection/vendor-account/mark-as-primary',
    (id, f) => ({
      method: 'PATCH',
      url: `/api/business/${id}/banking/connection/vendor-account/mark-as-primary`,
      payload: { vendorId: f.vendorId, bankAccountId: f.bankAccountId },
    }),
    'write',
  ],
  [
    'GET business/:id/search',
    (id) => ({ method: 'GET', url: `/api/business/${id}/search?businessName=acme` }),
    'read',
  ],
  [
    'POST business/:id/vendors/business',
    (id) => ({
      method: 'POST',
      url: `/api/business/${id}/vendors/business`,
      payload: { fbnBusinessId: SOME_ID },
    }),
    'write',
  ],
  [
    'POST business/:id/customers/business',
    (id) => ({
      method: 'POST',
      url: `/api/business/${id}/customers/business`,
      payload: { fbnBusinessId: SOME_ID },
    }),
    'write',
  ],
  [
    'POST contact-business-mapping',
    (id, f) => ({
      method: 'POST',
      url: '/api/contact-business-mapping',
      payload: { businessId: id, mappedBusinessId: SOME_ID, contactId: f.vendorId },
    }),
    'write',
  ],
  [
    'POST contact-business-mapping/exist',
    (id) => ({
      method: 'POST',
      url: '/api/contact-business-mapping/exist',
      payload: { businessId: id, mappedBusinessId: SOME_ID },
    }),
    'read',
  ],
  [
    'POST business/:id/network/invitations',
    (id, f) => ({
      method: 'POST',
      url: `/api/business/${id}/network/invitations`,
      payload: { contactIds: [f.vendorId] },
    }),
    'write',
  ],
  [
    'GET business/:id/user-activity-logs',
    (id, f) => ({
      method: 'GET',
      url: `/api/business/${id}/user-activity-logs?entityType=contacts&entityId=${f.vendorId}`,
    }),
    'read',
  ],
  // Business bank accounts and the chart of accounts (issue 6).
  ['GET bank/accounts', (id) => ({ method: 'GET', url: `/api/business/${id}/bank/accounts` }), 'read'],
  [
    'GET banking/connection/token',
    (id) => ({ method: 'GET', url: `/api/business/${id}/banking/connection/token` }),
    'write',
  ],
  [
    'GET banking/connection/plaid',
    (id) => ({
      method: 'GET',
      url: `/api/business/${id}/banking/connection/plaid?tokenId=public-sandbox-x&bankInstituteId=ins_3`,
    }),
    'write',
  ],
  [
    'POST banking/connection/account',
    (id) => ({
      method: 'POST',
      url: `/api/business/${id}/banking/connection/account`,
      headers: { 'idempotency-key': `cross-tenant-bank-${id}` },
      payload: { ...VALID_BANK, consent: undefined },
    }),
    'write',
  ],
  [
    'POST banking/connection/account/verify',
    (id) => ({
      method: 'POST',
      url: `/api/business/${id}/banking/connection/account/verify`,
      headers: { 'idempotency-key': `cross-tenant-verify-${id}` },
      payload: { paymentInstrumentId: SOME_ID, firstMicroDeposit: '1', secondMicroDeposit: '2' },
    }),
    'write',
  ],
  [
    'PATCH banking/connection/mark-as-primary',
    (id) => ({
      method: 'PATCH',
      url: `/api/business/${id}/banking/connection/mark-as-primary`,
      payload: { paymentInstrumentId: SOME_ID },
    }),
    'write',
  ],
  [
    'PATCH banking/connection/link-account',
    (id) => ({
      method: 'PATCH',
      url: `/api/business/${id}/banking/connection/link-account`,
      payload: { paymentInstrumentId: SOME_ID, businessAccountId: SOME_ID },
    }),
    'write',
  ],
  [
    'PATCH banking/connection/unlink-account',
    (id) => ({
      method: 'PATCH',
      url: `/api/business/${id}/banking/connection/unlink-account`,
      payload: { paymentInstrumentId: SOME_ID },
    }),
    'write',
  ],
  [
    'DELETE banking/connection/account/:accountId',
    (id) => ({ method: 'DELETE', url: `/api/business/${id}/banking/connection/account/${SOME_ID}` }),
    'write',
  ],
  [
    'POST banking/connection/reconnect',
    (id) => ({
      method: 'POST',
      url: `/api/business/${id}/banking/connection/reconnect`,
      payload: { accountId: SOME_ID },
    }),
    'write',
  ],
  [
    'GET banking/connection/reconnect-url',
    (id) => ({
      method: 'GET',
      url: `/api/business/${id}/banking/connection/reconnect-url?accountId=${SOME_ID}&isMicroDeposit=true`,
    }),
    'write',
  ],
  [
    'GET accounting/accounts',
    (id) => ({ method: 'GET', url: `/api/business/${id}/accounting/accounts?parentAccountType=BANK` }),
    'read',
  ],
  // Cards and card acceptance (issue 6).
  [
    'GET card-payment/cards',
    (id) => ({ method: 'GET', url: `/api/business/${id}/card-payment/cards` }),
    'read',
  ],
  [
    'POST card-payment/card',
    (id) => ({
      method: 'POST',
      url: `/api/business/${id}/card-payment/card`,
      headers: { 'idempotency-key': `cross-tenant-card-${id}` },
      payload: { tokenId: 'tok_unknown', fingerprint: 'ffffffffffffffff', isCardSaved: true },
    }),
    'write',
  ],
  [
    'PATCH card-payment/card/primary',
    (id) => ({
      method: 'PATCH',
      url: `/api/business/${id}/card-payment/card/primary`,
      payload: { cardId: SOME_ID },
    }),
    'write',
  ],
  [
    'PATCH card-payment/card/link-account',
    (id) => ({
      method: 'PATCH',
      url: `/api/business/${id}/card-payment/card/link-account`,
      payload: { cardId: SOME_ID, businessAccountId: SOME_ID },
    }),
    'write',
  ],
  [
    'PATCH card-payment/card/unlink-account',
    (id) => ({
      method: 'PATCH',
      url: `/api/business/${id}/card-payment/card/unlink-account`,
      payload: { cardId: SOME_ID },
    }),
    'write',
  ],
  [
    'DELETE card-payment/card/:cardId',
    (id) => ({ method: 'DELETE', url: `/api/business/${id}/card-payment/card/${SOME_ID}` }),
    'write',
  ],
  [
    'GET card-payment/merchant-status',
    (id) => ({ method: 'GET', url: `/api/business/${id}/card-payment/merchant-status` }),
    'read',
  ],
  [
    'POST card-payment/merchant',
    (id) => ({
      method: 'POST',
      url: `/api/business/${id}/card-payment/merchant`,
      headers: { 'idempotency-key': `cross-tenant-merchant-${id}` },
      payload: {
        incorporationDate: '2019-04-01',
        businessCategory: 'RETAIL',
        businessWebsite: 'www.example.com',
        businessType: 'LLC',
        payoutBankAccount: SOME_ID,
        expectedAnnualCardVolume: 5000,
        agreeTerms: true,
      },
    }),
    'write',
  ],
  [
    'PATCH card-payment/saq-details',
    (id) => ({
      method: 'PATCH',
      url: `/api/business/${id}/card-payment/saq-details`,
      payload: SAQ_REQUEST,
    }),
    'write',
  ],
  [
    'PATCH card-payment/surcharges/:surchargeId',
    (id) => ({
      method: 'PATCH',
      url: `/api/business/${id}/card-payment/surcharges/${SOME_ID}`,
      payload: { enabled: true },
    }),
    'write',
  ],
  [
    'POST card-payment/fee-quote',
    (id) => ({
      method: 'POST',
      url: `/api/business/${id}/card-payment/fee-quote`,
      payload: { baseAmount: 10, payeeId: SOME_ID },
    }),
    'scoped',
  ],
  // Bills (issue 7).
  [
    'POST bills',
    (id, f) => ({
      method: 'POST',
      url: `/api/business/${id}/bills`,
      headers: { 'idempotency-key': `cross-tenant-bill-${id}` },
      payload: {
        vendorId: f.vendorId,
        refNo: 'CT-1',
        billDate: '2026-11-02',
        lines: [{ chartAccountId: SOME_ID, quantity: 1, unitPrice: 10 }],
      },
    }),
    'write',
  ],
  [
    'PATCH bills/:billId',
    (id, f) => ({
      method: 'PATCH',
      url: `/api/business/${id}/bills/${SOME_ID}`,
      payload: {
        vendorId: f.vendorId,
        refNo: 'CT-1',
        billDate: '2026-11-02',
        lines: [{ chartAccountId: SOME_ID, quantity: 1, unitPrice: 10 }],
      },
    }),
    'write',
  ],
  [
    'GET bills/next-reference-number',
    (id) => ({ method: 'GET', url: `/api/business/${id}/bills/next-reference-number` }),
    'read',
  ],
  [
    'GET bills/multiple',
    (id) => ({ method: 'GET', url: `/api/business/${id}/bills/multiple?billIds=${SOME_ID}` }),
    'read',
  ],
  [
    'GET bills/summary/due',
    (id) => ({ method: 'GET', url: `/api/business/${id}/bills/summary/due` }),
    'read',
  ],
  ['GET due-bills', (id) => ({ method: 'GET', url: `/api/business/${id}/due-bills` }), 'read'],
  // Payment requests received (For Review).
  ['GET payment-requests', (id) => ({ method: 'GET', url: `/api/business/${id}/payment-requests` }), 'read'],
  [
    'GET payment-requests/multiple',
    (id) => ({
      method: 'GET',
      url: `/api/business/${id}/payment-requests/multiple?paymentRequestIds=${SOME_ID}`,
    }),
    'read',
  ],
  [
    'GET payment-requests/:id',
    (id) => ({ method: 'GET', url: `/api/business/${id}/payment-requests/${SOME_ID}` }),
    'scoped',
  ],
  [
    'POST payment-requests/:id/link-bill',
    (id) => ({
      method: 'POST',
      url: `/api/business/${id}/payment-requests/${SOME_ID}/link-bill`,
      payload: {},
    }),
    'write',
  ],
  [
    'GET payment-requests/:id/businesses-to-map',
    (id) => ({ method: 'GET', url: `/api/business/${id}/payment-requests/${SOME_ID}/businesses-to-map` }),
    'scoped',
  ],
  [
    'POST payment-requests/:id/map-business',
    (id) => ({
      method: 'POST',
      url: `/api/business/${id}/payment-requests/${SOME_ID}/map-business`,
      payload: {},
    }),
    'write',
  ],
  [
    'GET bills/summary/review',
    (id) => ({ method: 'GET', url: `/api/business/${id}/bills/summary/review` }),
    'read',
  ],
  [
    'GET accounting/bills',
    (id) => ({ method: 'GET', url: `/api/business/${id}/accounting/bills?paidStatus=UNPAID` }),
    'read',
  ],
  [
    'GET accounting/items',
    (id) => ({ method: 'GET', url: `/api/business/${id}/accounting/items?isSold=false&pageSize=1000` }),
    'read',
  ],
  ['GET bills/:billId', (id) => ({ method: 'GET', url: `/api/business/${id}/bills/${SOME_ID}` }), 'scoped'],
  [
    'POST bills/draft',
    (id) => ({ method: 'POST', url: `/api/business/${id}/bills/draft`, payload: {} }),
    'write',
  ],
  ['GET bills/draft', (id) => ({ method: 'GET', url: `/api/business/${id}/bills/draft` }), 'read'],
  [
    'GET bills/draft/:draftId',
    (id) => ({ method: 'GET', url: `/api/business/${id}/bills/draft/${SOME_ID}` }),
    'scoped',
  ],
  [
    'PATCH bills/draft/:draftId',
    (id) => ({ method: 'PATCH', url: `/api/business/${id}/bills/draft/${SOME_ID}`, payload: {} }),
    'write',
  ],
  [
    'DELETE bills/draft/:draftId',
    (id) => ({ method: 'DELETE', url: `/api/business/${id}/bills/draft/${SOME_ID}` }),
    'write',
  ],
  [
    'POST upload-bill-attachment',
    (id) => ({ method: 'POST', url: `/api/business/${id}/upload-bill-attachment`, ...documentUpload() }),
    'write',
  ],
  [
    'GET bills/:billId/attachments/:attachmentId',
    (id) => ({ method: 'GET', url: `/api/business/${id}/bills/${SOME_ID}/attachments/${SOME_ID}` }),
    'scoped',
  ],
  [
    'GET download-bill-pdf/:billId',
    (id) => ({ method: 'GET', url: `/api/business/${id}/download-bill-pdf/${SOME_ID}` }),
    'scoped',
  ],
  [
    'GET bills/:billId/pdf',
    (id) => ({ method: 'GET', url: `/api/business/${id}/bills/${SOME_ID}/pdf` }),
    'scoped',
  ],
  // Payments (issue 7).
  [
    'POST payments',
    (id) => ({
      method: 'POST',
      url: `/api/business/${id}/payments`,
      headers: { 'idempotency-key': `cross-tenant-payment-${id}` },
      payload: { billId: SOME_ID, paymentInstrumentId: SOME_ID, amount: 10, processDate: '2026-11-02' },
    }),
    'write',
  ],
  [
    'POST payments/bulk-schedule',
    (id) => ({
      method: 'POST',
      url: `/api/business/${id}/payments/bulk-schedule`,
      headers: { 'idempotency-key': `cross-tenant-bulk-${id}` },
      payload: {
        payments: [{ billId: SOME_ID, paymentInstrumentId: SOME_ID, amount: 10, processDate: '2026-11-02' }],
      },
    }),
    'write',
  ],
  [
    'POST payments/transfer/speed',
    (id) => ({
      method: 'POST',
      url: `/api/business/${id}/payments/transfer/speed`,
      payload: { paymentInstrumentId: SOME_ID, amount: 10 },
    }),
    'write',
  ],
  ['GET payments', (id) => ({ method: 'GET', url: `/api/business/${id}/payments` }), 'read'],
  [
    'GET payments/multiple',
    (id) => ({ method: 'GET', url: `/api/business/${id}/payments/multiple?paymentIds=${SOME_ID}` }),
    'read',
  ],
  [
    'GET payments/:paymentId',
    (id) => ({ method: 'GET', url: `/api/business/${id}/payments/${SOME_ID}` }),
    'scoped',
  ],
  [
    'PATCH payments/:paymentId/reschedule/scheduled-payment',
    (id) => ({
      method: 'PATCH',
      url: `/api/business/${id}/payments/${SOME_ID}/reschedule/scheduled-payment`,
      payload: { scheduledDate: '2026-11-03' },
    }),
    'write',
  ],
  [
    'PATCH payments/:paymentId/cancel/scheduled-payment',
    (id) => ({
      method: 'PATCH',
      url: `/api/business/${id}/payments/${SOME_ID}/cancel/scheduled-payment`,
      payload: {},
    }),
    'write',
  ],
  [
    'POST payments/reattempt',
    (id) => ({
      method: 'POST',
      url: `/api/business/${id}/payments/reattempt`,
      headers: { 'idempotency-key': `cross-tenant-reattempt-${id}` },
      payload: { paymentId: SOME_ID },
    }),
    'write',
  ],
  [
    'PATCH payments/:paymentId/resend-accept-payment-reminder',
    (id) => ({
      method: 'PATCH',
      url: `/api/business/${id}/payments/${SOME_ID}/resend-accept-payment-reminder`,
    }),
    'write',
  ],
  [
    'PATCH mark-bill-as-paid',
    (id) => ({
      method: 'PATCH',
      url: `/api/business/${id}/mark-bill-as-paid`,
      headers: { 'idempotency-key': `cross-tenant-mark-${id}` },
      payload: { id: SOME_ID, amount: 10, date: '2026-11-02', paymentInstrumentId: SOME_ID },
    }),
    'write',
  ],
  [
    'GET bills/summary/payments',
    (id) => ({ method: 'GET', url: `/api/business/${id}/bills/summary/payments` }),
    'read',
  ],
];

const VALID_FORM = {
  legalBusinessName: 'Theirs LLC',
  taxId: '12-3456789',
  employeeCount: 'ZERO_TO_FIVE',
  address: { addressLine1: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701', country: 'US' },
};

const NOT_FOUND = {
  message: 'Business not found',
  statusCode: 404,
  errors: [],
  errorCode: 'BUSINESS_NOT_FOUND',
};

describe('a member of business A cannot reach business B', () => {
  it.each(ROUTES)(
    '%s answers 404 BUSINESS_NOT_FOUND, exactly as for a missing business',
    async (_name, call) => {
      const mine = await makeBusiness(t.context, { verificationStep: 'NOT_INITIATED' });
      const theirs = await makeBusiness(t.context, {
        verificationStep: 'NOT_INITIATED',
        businessName: 'Theirs LLC',
      });
      const headers = await signIn(t.context, mine.owner);
      // Real ids of B's own contacts: even those stay invisible to A.
      const fixture = await makeContactFixture(t.context, {
        businessId: theirs.businessId,
        owner: theirs.owner,
      });
      const request = (id: string) => {
        const options = call(id, fixture);
        return t.app.inject({
          ...options,
          headers: { ...headers, ...(options.headers as Record<string, string>) },
        });
      };
      const other = await request(theirs.businessId);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual(NOT_FOUND);
      expect((await request('0123456789abcdef01234567')).json()).toEqual(NOT_FOUND);
      expect((await request('not-an-id')).json()).toEqual(NOT_FOUND);
      // B is untouched and its owner still sees its own name.
      const own = await t.app.inject({
        method: 'GET',
        url: `/api/business/${theirs.businessId}`,
        headers: await signIn(t.context, theirs.owner),
      });
      expect(own.json().data.businessName).toBe('Theirs LLC');
    },
  );

  it.each(ROUTES)('%s needs a session', async (_name, call) => {
    const { businessId, owner } = await makeBusiness(t.context);
    const res = await t.app.inject(
      call(businessId, await makeContactFixture(t.context, { businessId, owner })),
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('a member without the right', () => {
  it.each(ROUTES.filter(([, , kind]) => kind === 'write'))(
    '%s answers 403 ACCESS_DENIED to a Read-only member',
    async (_name, call) => {
      const { businessId, owner } = await makeBusiness(t.context, { verificationStep: 'NOT_INITIATED' });
      const fixture = await makeContactFixture(t.context, { businessId, owner });
      const viewer = await makeUser(t.context);
      await addBusinessMember(t.context, { businessId, user: viewer, roleName: 'Read-only' });
      const headers = await signIn(t.context, viewer);
      const options = call(businessId, fixture);
      const res = await t.app.inject({
        ...options,
        headers: { ...headers, ...(options.headers as Record<string, string>) },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: 'You don’t have access based on your assigned role.',
        statusCode: 403,
        errors: [],
        errorCode: 'ACCESS_DENIED',
      });
    },
  );

  it.each(ROUTES.filter(([, , kind]) => kind === 'read'))(
    '%s is open to a Read-only member',
    async (name, call) => {
      const { businessId, owner } = await makeBusiness(t.context);
      if (name.includes('logo')) {
        const upload = logoUpload();
        await t.app.inject({
          method: 'POST',
          url: `/api/preferences/${businessId}/logo`,
          headers: { ...(await signIn(t.context, owner)), ...upload.headers },
          payload: upload.payload,
        });
      }
      const fixture = await makeContactFixture(t.context, { businessId, owner });
      const viewer = await makeUser(t.context);
      await addBusinessMember(t.context, { businessId, user: viewer, roleName: 'Read-only' });
      const res = await t.app.inject({
        ...call(businessId, fixture),
        headers: await signIn(t.context, viewer),
      });
      expect(res.statusCode).toBe(200);
    },
  );
});
