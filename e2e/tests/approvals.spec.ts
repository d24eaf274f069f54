import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { registerViaApi } from '../pages/access-pages';
import { openSignedIn, sessionHeaders } from '../pages/business-pages';
import {
  advanceUntilStatus,
  BillsTab,
  createBillViaApi,
  createVendorWithBankViaApi,
  MakePaymentPage,
  payerWithBankViaApi,
  paymentViaApi,
  railsBusinessDayViaApi,
} from '../pages/pay-pages';

const PASSWORD = 'Ferry-Approvals-2026!';

// The browser's calendar day is the server's business day (New York).
test.use({ actionTimeout: 15_000, timezoneId: 'America/New_York' });

type Session = { token: string; sessionId: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const ref = (prefix: string) => `${prefix}-${Date.now().toString().slice(-6)}`;

/** A registered person the owner invites with `roleId`, who accepts from their pending invitations. */
async function memberViaApi(
  request: APIRequestContext,
  owner: Session,
  businessId: string,
  roleId: string,
  tag: string,
) {
  const person = await registerViaApi(request, tag, PASSWORD);
  const invited = await request.post(`/api/business/${businessId}/users`, {
    headers: sessionHeaders(owner),
    data: { firstName: person.firstName, lastName: person.lastName, email: person.email, roleId },
  });
  expect([200, 201], await invited.text()).toContain(invited.status());
  const pending = await request.get('/api/auth/invitation/check/user-invitations', {
    headers: sessionHeaders(person.session),
  });
  const { items } = (await pending.json()).data as { items: { invitationId: string }[] };
  const invitation = items[0];
  expect(invitation, 'the invitation').toBeDefined();
  const accepted = await request.post(`/api/auth/invitation/${invitation?.invitationId}/accept`, {
    headers: sessionHeaders(person.session),
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return person;
}

async function openAs(browser: Browser, session: Session, businessId: string, path: string): Promise<Page> {
  const context = await browser.newContext({ timezoneId: 'America/New_York' });
  const page = await context.newPage();
  await openSignedIn(page, session, businessId, path);
  return page;
}

test('a two-stage policy: a $5,000 payment goes to approval, stage 2 bypass-approves and it is delivered; $500 skips approval; a rejected payment never reaches the rails; the audit trail shows each change', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const payer = await payerWithBankViaApi(request, 'approvals-owner', PASSWORD, 'Harbor Coffee Roasters');
  const { businessId, session } = payer;
  const vendor = await createVendorWithBankViaApi(request, session, businessId, {
    name: 'Pacific Green Coffee',
    email: `billing-${Date.now()}@pacificgreen.example`,
  });
  const role = await request.post(`/api/business/${businessId}/role`, {
    headers: sessionHeaders(session),
    data: {
      name: 'Approver',
      description: 'Approves and pays bills',
      permissions: ['PAY_FULL_ACCESS.manage'],
    },
  });
  expect([200, 201], await role.text()).toContain(role.status());
  const roleId = ((await role.json()).data.role as { id: string }).id;
  const ana = await memberViaApi(request, session, businessId, roleId, 'approvals-ana');
  const cleo = await memberViaApi(request, session, businessId, roleId, 'approvals-cleo');
  const big = await createBillViaApi(request, session, businessId, {
    vendorId: vendor.id,
    refNo: ref('BIG'),
    amount: '5000.00',
  });
  const small = await createBillViaApi(request, session, businessId, {
    vendorId: vendor.id,
    refNo: ref('SML'),
    amount: '500.00',
  });
  const doubtful = await createBillViaApi(request, session, businessId, {
    vendorId: vendor.id,
    refNo: ref('DUP'),
    amount: '2000.00',
  });

  await test.step('the owner makes a Finance group with Ana', async () => {
    await openSignedIn(page, session, businessId, `/b/${businessId}/settings/approval-groups`);
    await page.getByRole('link', { name: 'Create a New Approval Group' }).first().click();
    await page.getByLabel('Group name').fill('Finance');
    await page.getByLabel('Description').fill('First look at large payments');
    await page.getByRole('combobox', { name: 'Members' }).click();
    await page.getByRole('option', { name: new RegExp(escapeRegExp(ana.email)) }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Approval group created successfully.')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Finance', exact: true })).toBeVisible();
  });

  await test.step('the owner creates the policy: over $1,000, stage 1 the group, stage 2 Cleo with bypass', async () => {
    await createPolicyInEditor(page, businessId, { groupName: 'Finance', stage2User: cleo.email });
    await expect(page.getByText('Policy created successfully.')).toBeVisible();
  });

  let bigPaymentId = '';
  await test.step('the $5,000 payment is submitted for approval from the pay page', async () => {
    await page.goto(`/b/${businessId}/bills/due`);
    await new BillsTab(page).payLink(big.refNo).click();
    const pay = new MakePaymentPage(page);
    await pay.payFrom(/Chase|Bank/);
    const submit = pay.form.getByRole('button', { name: 'Submit for approval' });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(pay.review.getByText(/Goes to approval/)).toBeVisible();
    await pay.review.getByRole('button', { name: /Submit for approval|Confirm/ }).click();
    await expect(page.getByText('Payment submitted for approval.')).toBeVisible();
    await expect(page).toHaveURL(/\/bills\/payment\/[0-9a-f]{24}\/detail$/);
    bigPaymentId = /payment\/([0-9a-f]{24})\/detail/.exec(page.url())?.[1] ?? '';
    expect((await paymentViaApi(request, session, businessId, bigPaymentId)).status).toBe('IN_APPROVAL');
  });

  await test.step('Cleo, at stage 2, bypasses stage 1 and approves; the payment is scheduled', async () => {
    const cleoPage = await openAs(
      browser,
      cleo.session,
      businessId,
      `/b/${businessId}/bills/payment/${bigPaymentId}/detail`,
    );
    await expect(
      cleoPage.getByText("You can't approve this bill yet as it's awaiting prior approvals."),
    ).toBeVisible();
    const approve = cleoPage.getByRole('button', { name: 'Approve', exact: true });
    await expect(approve).toBeDisabled();
    await cleoPage.getByRole('checkbox', { name: 'Bypass approval' }).check();
    await approve.click();
    const confirm = cleoPage.getByRole('dialog', { name: 'Confirm final approval' });
    await confirm.getByRole('button', { name: 'Approve payment' }).click();
    await expect(cleoPage.getByText('Payment approved and scheduled.')).toBeVisible();
    await expect(cleoPage.getByText('Bypassed and Approved').first()).toBeVisible();
    await cleoPage.context().close();
  });

  await test.step('the sandbox clock moves: the approved payment is delivered', async () => {
    await advanceUntilStatus(request, session, businessId, bigPaymentId, ['DELIVERED']);
  });

  await test.step('$500 is under the threshold: scheduled at once', async () => {
    const res = await request.post(`/api/business/${businessId}/payments`, {
      headers: { ...sessionHeaders(session), 'Idempotency-Key': `e2e-small-${Date.now()}` },
      data: {
        billId: small.id,
        paymentInstrumentId: payer.bank.id,
        amount: '500.00',
        processDate: await railsBusinessDayViaApi(request, sessionHeaders(session)),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    expect(['SCHEDULED', 'PROCESSING']).toContain((await res.json()).data.status);
  });

  await test.step('Ana rejects the $2,000 payment from her Approvals tab; it never reaches the rails', async () => {
    const res = await request.post(`/api/business/${businessId}/payments`, {
      headers: { ...sessionHeaders(session), 'Idempotency-Key': `e2e-dup-${Date.now()}` },
      data: {
        billId: doubtful.id,
        paymentInstrumentId: payer.bank.id,
        amount: '2000.00',
        processDate: await railsBusinessDayViaApi(request, sessionHeaders(session)),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const paymentId = (await res.json()).data.id as string;
    const anaPage = await openAs(browser, ana.session, businessId, `/b/${businessId}/bills/approvals`);
    // Ana's first visit to the Approvals tab starts its tour: she closes it.
    const tour = anaPage.getByRole('dialog', { name: 'Your approvals at a glance' });
    await expect(tour).toBeVisible();
    await tour.getByRole('button', { name: 'Close' }).click();
    await expect(tour).toBeHidden();
    const row = anaPage.getByRole('row').filter({ hasText: doubtful.refNo });
    await row.click();
    await expect(anaPage).toHaveURL(new RegExp(`/payment/${paymentId}/detail$`));
    await anaPage.getByRole('textbox', { name: 'Remarks' }).fill('Duplicate of last month’s invoice');
    await anaPage.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(anaPage.getByText('Payment rejected.')).toBeVisible();
    await anaPage.context().close();
    await advanceUntilStatus(request, session, businessId, paymentId, ['REJECTED'], 1);
    // Days later it is still rejected: nothing was sent.
    const { advanceSandboxClockViaApi } = await import('../pages/banking-pages');
    await advanceSandboxClockViaApi(request, session, 3);
    expect((await paymentViaApi(request, session, businessId, paymentId)).status).toBe('REJECTED');
  });

  await test.step('the audit trail shows the policy’s creation and changes', async () => {
    await page.goto(`/b/${businessId}/settings/approval-policies`);
    await changePolicyDescription(page, 'Payments over $1,000: a finance look, then Cleo.');
    await page.getByRole('button', { name: 'Audit Trail' }).click();
    const trail = page.getByRole('dialog', { name: /Audit Trail/i });
    await expect(trail.getByText('Policy Created').first()).toBeVisible();
    await expect(trail.getByText('Policy Modified').first()).toBeVisible();
  });
});

/** Creates the policy in the editor: bill amount greater than $1,000; stage 1 a group, stage 2 a user who may bypass. */
async function createPolicyInEditor(
  page: Page,
  businessId: string,
  policy: { groupName: string; stage2User: string },
): Promise<void> {
  await page.goto(`/b/${businessId}/settings/approval-policies`);
  await page.getByRole('link', { name: 'Create Policy' }).first().click();
  await expect(page).toHaveURL(/\/settings\/approval-policies\/create$/);
  await page.getByLabel('Policy name').fill('Over $1,000');
  await page.getByLabel('Description').fill('Payments over $1,000');
  await page.getByRole('button', { name: 'Add condition' }).click();
  await page.getByRole('menuitem', { name: 'Bill amount' }).click();
  await page.getByLabel('Amount', { exact: true }).fill('1000');
  await page.getByRole('combobox', { name: 'Stage 1 approvers' }).click();
  await page.getByRole('option', { name: new RegExp(`^${escapeRegExp(policy.groupName)}`) }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add stage' }).click();
  await page.getByRole('combobox', { name: 'Stage 2 approvers' }).click();
  await page.getByRole('option', { name: new RegExp(escapeRegExp(policy.stage2User)) }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('checkbox', { name: 'Allow bypass of lower-level approvals (stage 2)' }).check();
  await page.getByRole('button', { name: 'Create Policy' }).click();
}

/** Edits the one policy's description from the list. */
async function changePolicyDescription(page: Page, description: string): Promise<void> {
  await page.getByRole('link', { name: 'Edit policy Over $1,000' }).click();
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Policy updated successfully.')).toBeVisible();
}
