import { expect, test } from '@playwright/test';
import { registerViaApi } from '../pages/access-pages';
import { createBusinessViaApi, openSignedIn, sessionHeaders } from '../pages/business-pages';

const PASSWORD = 'Ferry-Contacts-2026!';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('a vendor is added by hand with its bank details and documents, a network business becomes a customer, and the activity log shows each step', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await registerViaApi(request, 'contacts', PASSWORD);
  const businessId = await createBusinessViaApi(request, owner.session, 'Harbor Coffee Roasters');
  const partner = await registerViaApi(request, 'partner', PASSWORD);
  const partnerName = `Northwind Roasting ${Date.now().toString().slice(-5)}`;
  await createBusinessViaApi(request, partner.session, partnerName);

  // The empty vendor list invites the first vendor.
  await openSignedIn(page, owner.session, businessId, `/b/${businessId}/vendors`);
  await expect(page.getByText('Add your first vendor to send a payment')).toBeVisible();
  await page.goto(`/b/${businessId}/vendors/add`);

  // A vendor by hand: two secondary emails and a billing address.
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Blue Bottle Supply');
  await page.getByRole('textbox', { name: 'Email Address', exact: true }).fill('billing@bluebottle.example');
  await page.getByRole('button', { name: 'Add secondary email' }).click();
  await page.getByRole('button', { name: 'Add secondary email' }).click();
  const secondary = page.getByRole('textbox', { name: /Secondary email/ });
  await secondary.nth(0).fill('ap@bluebottle.example');
  await secondary.nth(1).fill('BILLING@bluebottle.example');
  await page.getByRole('button', { name: 'Add Vendor' }).click();
  await expect(page.getByText('Secondary email cannot be the same as primary email.')).toBeVisible();
  await secondary.nth(1).fill('owner@bluebottle.example');
  await page.getByRole('textbox', { name: 'Address Line 1' }).fill('300 Webster St');
  await page.getByRole('textbox', { name: 'City' }).fill('Oakland');
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'California', exact: true }).click();
  await page.getByRole('textbox', { name: 'Zip Code' }).fill('94607');
  await page.getByRole('button', { name: 'Add Vendor' }).click();
  await expect(page).toHaveURL(new RegExp(`/b/${businessId}/vendors/[0-9a-f]{24}$`));
  const vendorId = /vendors\/([0-9a-f]{24})$/.exec(page.url())?.[1] as string;
  await expect(page.getByText('+2', { exact: true })).toBeVisible();
  await expect(page.getByText('300 Webster St', { exact: false })).toBeVisible();

  // Bank details: the warning, then the form with the consent.
  await page.getByRole('button', { name: 'Add bank details' }).click();
  const warning = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Proceed' }) });
  await expect(warning).toContainText('2–3 business days');
  await warning.getByRole('button', { name: 'Proceed' }).click();
  const bank = page.getByRole('dialog', { name: /Add Bank Details/ });
  await bank.getByRole('textbox', { name: 'Bank Name' }).fill('First Republic');
  await bank.getByRole('radio', { name: 'Checking' }).check();
  await bank.getByRole('textbox', { name: 'Account Holders Name' }).fill('Blue Bottle Supply');
  await bank.getByRole('textbox', { name: 'Routing Number' }).fill('021000021');
  await bank.getByRole('textbox', { name: 'Account Number', exact: true }).fill('123456789');
  await bank.getByLabel('Confirm Account Number').fill('123456789');
  const save = bank.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await bank.getByRole('checkbox', { name: /I consent to manually entering bank details/ }).check();
  await save.click();
  await expect(bank).toBeHidden();
  await expect(page.getByText('Under Review')).toBeVisible();
  await expect(page.getByText(/6789/).first()).toBeVisible();
  const banks = await request.get(`/api/business/${businessId}/vendor/bank-accounts?vendorId=${vendorId}`, {
    headers: sessionHeaders(owner.session),
  });
  expect(await banks.text()).not.toContain('123456789');

  // Documents: a PDF and a PNG, a 6 MB file refused, then the limit of five.
  const file = page.getByLabel('Document file');
  await file.setInputFiles({ name: 'w9.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('listitem', { name: 'w9.pdf' })).toBeVisible();
  await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('listitem', { name: 'logo.png' })).toBeVisible();
  await file.setInputFiles({
    name: 'big.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(6 * 1024 * 1024, 1),
  });
  await expect(
    page.getByText("File couldn't be uploaded. Supported formats: PDF, JPG, PNG. Max size: 5MB."),
  ).toBeVisible();
  for (const name of ['a.png', 'b.png', 'c.png']) {
    await file.setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
    await expect(
      page.getByRole('listitem', { name }).or(page.getByRole('button', { name: 'Show all' })),
    ).toBeVisible();
  }
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(
    page.getByText('Upload limit exceeded. Please remove an existing document to upload a new one.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Delete logo.png' }).click();
  await page
    .getByRole('dialog', { name: 'Delete document' })
    .getByRole('button', { name: 'Yes, delete' })
    .click();
  await expect(page.getByRole('listitem', { name: 'logo.png' })).toBeHidden();

  // The activity log shows every step.
  const log = page.getByRole('region', { name: 'Activity Logs' });
  for (const entry of [
    'Vendor added',
    'Bank details added',
    'First Republic *** 6789',
    'Document uploaded',
    'w9.pdf',
    'Document deleted',
  ]) {
    await expect(log).toContainText(entry);
  }

  // A customer from the Ferry network.
  await page.goto(`/b/${businessId}/customers/add`);
  await page.getByRole('searchbox', { name: 'Search customers on Ferry' }).fill(partnerName);
  await page.getByRole('button', { name: 'Select' }).first().click();
  await page.getByLabel('Selected business').getByRole('button', { name: 'Add Customer' }).click();
  await expect(page).toHaveURL(new RegExp(`/b/${businessId}/customers/[0-9a-f]{24}$`));
  await expect(page.getByText(partnerName).first()).toBeVisible();
  await expect(page.getByText('On Ferry', { exact: true })).toBeVisible();
  const customerLog = page.getByRole('region', { name: 'Activity Logs' });
  await expect(customerLog).toContainText('Customer added');
  await expect(customerLog).toContainText(`Linked to ${partnerName} on Ferry`);
});
