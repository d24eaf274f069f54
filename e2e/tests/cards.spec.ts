import { expect, test } from '@playwright/test';
import { registerViaApi } from '../pages/access-pages';
import { AcceptCardPaymentPage, CardsSection, linkInstantBankViaApi } from '../pages/banking-pages';
import {
  createBusinessViaApi,
  openSignedIn,
  sessionHeaders,
  verifyBusinessViaApi,
} from '../pages/business-pages';

const PASSWORD = 'Ferry-Cards-2026!';

test.use({ actionTimeout: 15_000 });

type CardApiView = { id: string; brand: string; cardMask: string; funding: string; isPrimaryCard: boolean };

test('a business saves two cards and picks the primary, a vendor on Ferry is approved to accept cards with a surcharge, and the payer is quoted the fee for a credit and a debit card', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const payer = await registerViaApi(request, 'payer', PASSWORD);
  const payerId = await createBusinessViaApi(request, payer.session, 'Harbor Coffee Roasters');
  const cards = new CardsSection(page);

  await test.step('a credit card and a debit card are added; the debit card becomes primary', async () => {
    await openSignedIn(page, payer.session, payerId, `/b/${payerId}/settings/bank-account`);
    await expect(cards.section.getByText('No cards added yet.')).toBeVisible();

    await cards.addCard({ number: '4242424242424242', expiry: '12/2030', cvv: '123', name: 'Jordan Blake' });
    const visa = cards.row('Visa •••• 4242');
    await expect(visa).toBeVisible();
    await expect(visa.getByText('Credit', { exact: true })).toBeVisible();
    await expect(visa.getByText('Primary', { exact: true })).toBeVisible();
    await expect(visa.getByText(/Expires 12\/2030 · Jordan Blake/)).toBeVisible();

    await cards.addCard({ number: '5200828282828210', expiry: '0831', cvv: '456', name: 'Jordan Blake' });
    const mastercard = cards.row('Mastercard •••• 8210');
    await expect(mastercard).toBeVisible();
    await expect(mastercard.getByText('Debit', { exact: true })).toBeVisible();
    await expect(mastercard.getByText('Primary', { exact: true })).toBeHidden();

    await mastercard.getByRole('button', { name: 'Make Mastercard •••• 8210 primary' }).click();
    await expect(page.getByText('Primary card updated successfully.')).toBeVisible();
    await expect(mastercard.getByText('Primary', { exact: true })).toBeVisible();
    await expect(visa.getByText('Primary', { exact: true })).toBeHidden();

    const res = await request.get(`/api/business/${payerId}/card-payment/cards`, {
      headers: sessionHeaders(payer.session),
    });
    const body = await res.text();
    expect(body).not.toContain('4242424242424242');
    expect(body).not.toContain('5200828282828210');
    const saved = JSON.parse(body).data as CardApiView[];
    expect(saved).toHaveLength(2);
    expect(saved[0]).toMatchObject({ brand: 'MASTERCARD', funding: 'debit', isPrimaryCard: true });
    expect(saved[1]).toMatchObject({ brand: 'VISA', funding: 'credit', isPrimaryCard: false });
  });

  // The payee: a verified business with an instantly linked bank booked to its chart of accounts.
  const payee = await registerViaApi(request, 'payee', PASSWORD);
  const payeeName = `Northwind Roasting ${Date.now().toString().slice(-5)}`;
  const payeeId = await createBusinessViaApi(request, payee.session, payeeName);
  await verifyBusinessViaApi(request, payee.session, payeeId, `${payeeName} LLC`);
  const [payoutBank] = await linkInstantBankViaApi(request, payee.session, payeeId);
  const accept = new AcceptCardPaymentPage(page);

  await test.step('the payee applies, finishes the SAQ and turns the surcharge on', async () => {
    await openSignedIn(page, payee.session, payeeId, `/b/${payeeId}/settings/accept-card-payment`);
    await expect(page.getByRole('heading', { name: 'Apply to accept card payments' })).toBeVisible();
    const form = accept.form;
    const incorporation = form.getByRole('textbox', { name: 'Incorporation date' });
    await incorporation.fill('03/15/2019');
    await incorporation.press('Tab');
    await accept.choose(form, 'Business category', 'Retail');
    // What the business gave for its verification and details is shown, not asked again.
    const known = form.getByRole('region', { name: 'Details you already gave' });
    await expect(known.getByText(`${payeeName} LLC`)).toBeVisible();
    await expect(known.getByText('ferry.example')).toBeVisible();
    await expect(known.getByText('Limited Liability Company (LLC)')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Business website' })).toBeHidden();
    await accept.choose(form, 'Payout bank account', `Chase •••• ${payoutBank?.accountMask.slice(-4)}`);
    await form.getByRole('textbox', { name: 'Expected annual card volume' }).fill('250000');
    await form.getByRole('checkbox', { name: /I agree to the card acceptance terms/ }).check();
    await form.getByRole('button', { name: 'Submit application' }).click();
    await expect(
      page.getByText('Application for Card Payment Acceptance Submitted Successfully.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your application is under review' })).toBeVisible();

    // The sandbox processor approves it; the page moves on by itself to the SAQ.
    await expect(
      page.getByRole('heading', { name: 'Complete your PCI Self-Assessment Questionnaire' }),
    ).toBeVisible({ timeout: 20_000 });
    const saq = accept.saqForm;
    for (const statement of await saq.getByRole('checkbox').all()) await statement.check();
    await saq.getByRole('textbox', { name: 'Signer name' }).fill(`${payee.firstName} ${payee.lastName}`);
    await saq.getByRole('textbox', { name: 'Signer title' }).fill('Owner');
    await saq.getByRole('button', { name: 'Submit SAQ' }).click();
    await expect(page.getByText('SAQ details submitted successfully.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You are accepting card payments' })).toBeVisible();
    await expect(page.getByText(/PCI SAQ valid until/)).toBeVisible();

    const surcharge = page.getByRole('switch', { name: 'Add a surcharge to credit card payments' });
    await expect(surcharge).not.toBeChecked();
    await surcharge.click();
    await expect(page.getByText('Surcharge status updated successfully.')).toBeVisible();
    await expect(surcharge).toBeChecked();

    const status = await request.get(`/api/business/${payeeId}/card-payment/merchant-status`, {
      headers: sessionHeaders(payee.session),
    });
    expect((await status.json()).data).toMatchObject({
      status: 'ACTIVE',
      application: { payoutBankAccount: payoutBank?.id, businessCategory: 'RETAIL' },
      surcharge: { enabled: true },
    });
  });

  await test.step('the payer, in Texas, is quoted 2.9% for its credit card and nothing for its debit card', async () => {
    await verifyBusinessViaApi(request, payer.session, payerId, 'Harbor Coffee Roasters LLC');
    const added = await request.post(`/api/business/${payerId}/vendors/business`, {
      headers: sessionHeaders(payer.session),
      data: { fbnBusinessId: payeeId },
    });
    expect(added.status(), await added.text()).toBeLessThan(300);

    await openSignedIn(page, payer.session, payerId, `/b/${payerId}/settings/bank-account`);
    await expect(cards.feeEstimate).toBeVisible();
    const credit = await cards.quote(payeeName, '100', 'Visa •••• 4242');
    await expect(credit).toContainText('Card fee: $2.90');
    await expect(credit).toContainText('Total: $102.90');
    await expect(credit).toContainText('This vendor adds a 2.9% card surcharge to credit card payments.');

    const debit = await cards.quote(payeeName, '100', 'Mastercard •••• 8210');
    await expect(debit).toContainText('Card fee: $0.00');
    await expect(debit).toContainText('Total: $100.00');
    await expect(debit).toContainText('Debit and prepaid cards are never surcharged.');
  });
});
