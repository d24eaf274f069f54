import { expect, test } from '@playwright/test';
import { registerViaApi } from '../pages/access-pages';
import {
  AddBankAccountDialog,
  type BankAccountApiView,
  BankAccountsPage,
  listBanksViaApi,
  maskText,
  SandboxStatementPage,
} from '../pages/banking-pages';
import { createBusinessViaApi, openSignedIn, sessionHeaders } from '../pages/business-pages';

const PASSWORD = 'Ferry-Banking-2026!';

test.use({ actionTimeout: 15_000 });

const INVALID_MICRODEPOSIT =
  'The amounts entered are incorrect. Please re-enter the correct deposited amounts to complete verification.';
const BANK_DENIED =
  'Accounts at prepaid card providers and neobanks cannot be linked to Ferry. Please connect a business checking or savings account at a traditional bank or credit union instead.';

/** Two amounts (as typed) that are not the deposited pair, in either order. */
const wrongAmounts = (right: string[]): [string, string] => {
  const taken = new Set(right.map(Number));
  const free = [98, 97, 96, 95].filter((cents) => !taken.has(cents));
  return [String(free[0]), String(free[1])];
};

test('a business links a bank instantly in the sandbox, is refused a neobank, verifies a manual bank with micro-deposits, links both to its books, picks the primary and removes one', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await registerViaApi(request, 'banking', PASSWORD);
  const businessId = await createBusinessViaApi(request, owner.session, 'Harbor Coffee Roasters');
  const banks = new BankAccountsPage(page);
  let checking: BankAccountApiView | undefined;
  let savings: BankAccountApiView | undefined;

  await test.step('a blocked institution is refused, then a bank is linked instantly', async () => {
    await openSignedIn(page, owner.session, businessId, `/b/${businessId}/settings/bank-account`);
    await expect(page.getByRole('heading', { level: 1, name: 'Bank accounts & cards' })).toBeVisible();
    await expect(page.getByText('No bank accounts yet')).toBeVisible();
    await banks.openChooser();

    // Chime is a neobank: the modal refuses it at once and nothing is stored.
    await banks.instantOption.click();
    await banks.searchAndPick('Chime');
    await expect(banks.deniedDialog).toBeVisible();
    await expect(banks.deniedDialog.getByText("Chime accounts can't be linked.")).toBeVisible();
    await expect(banks.deniedDialog.getByRole('alert')).toHaveText(BANK_DENIED);
    expect(await listBanksViaApi(request, owner.session, businessId)).toEqual([]);

    // Another bank: Chase, signed in with the sandbox credentials; both accounts shared.
    await banks.deniedDialog.getByRole('button', { name: 'Choose another bank' }).click();
    await expect(banks.linkModal.getByRole('list', { name: 'Banks' })).toBeVisible();
    await expect(banks.linkModal.getByRole('listitem', { name: 'Bank of America' })).toBeVisible();
    await banks.searchAndPick('Chase');
    await expect(banks.linkModal.getByText('user_good')).toBeVisible();
    await banks.signInAtBank('Chase');
    const options = banks.linkModal.getByRole('checkbox');
    await expect(options).toHaveCount(2);
    await banks.linkModal.getByRole('checkbox', { name: /Chase Business Checking/ }).check();
    await banks.linkModal.getByRole('checkbox', { name: /Chase Business Savings/ }).check();
    await banks.linkModal.getByRole('button', { name: 'Continue' }).click();

    // The progress dialog, then step 2 'Link Your Accounts'.
    await expect(banks.connectingDialog).toBeVisible();
    await expect(banks.connectingDialog.getByText('Connecting to your bank...')).toBeVisible();
    await expect(banks.connectingDialog.getByText('Bank account connected')).toBeVisible({ timeout: 15_000 });
    await expect(banks.linkAccountsDialog).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText('Bank account linked successfully.')).toBeVisible();

    const stored = await listBanksViaApi(request, owner.session, businessId);
    checking = stored.find((bank) => bank.accountName === 'Chase Business Complete Checking');
    savings = stored.find((bank) => bank.accountName === 'Chase Business Total Savings');
    expect(stored).toHaveLength(2);
    for (const bank of [checking, savings]) {
      expect(bank).toMatchObject({
        accountProvider: 'PLAID',
        verificationStatus: 'VERIFIED',
        accountStatus: 'VERIFIED',
        status: 'CONNECTED',
      });
    }
    // The first verified bank became the primary one.
    expect(stored.filter((bank) => bank.isPrimary)).toHaveLength(1);

    const step = banks.linkAccountsDialog;
    await expect(step.getByText('Link at-least one bank account to continue.')).toBeVisible();
    await expect(step.getByRole('button', { name: 'Done' })).toBeDisabled();
    await banks.chooseChartAccount(step, 'Chase', checking?.accountMask ?? '', '1000 · Business Checking');
    await expect(step.getByText('Link at-least one bank account to continue.')).toBeHidden();
    await step.getByRole('button', { name: 'Done' }).click();
    await expect(step).toBeHidden();

    await expect(banks.row(checking?.accountMask ?? '').getByText('Verified', { exact: true })).toBeVisible();
    await expect(banks.row(savings?.accountMask ?? '').getByText('Verified', { exact: true })).toBeVisible();
  });

  const manual = {
    bankName: 'First Republic',
    type: 'Checking' as const,
    holder: 'Harbor Coffee Roasters',
    routing: '011000015',
    account: `55${Date.now().toString().slice(-8)}`,
  };
  const manualMask = manual.account.slice(-4);
  let manualId = '';

  await test.step('a manual bank is added and linked to the books; its deposits are on their way', async () => {
    await banks.openChooser();
    await banks.manualOption.click();
    const add = new AddBankAccountDialog(page);
    await expect(add.dialog).toBeVisible();
    await add.fill(manual);
    await add.dialog.getByRole('button', { name: 'Continue' }).click();

    // Step 2: the manual bank is linked to another account of the books.
    const step = banks.linkAccountsDialog;
    await expect(step).toBeVisible();
    await expect(step.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await banks.chooseChartAccount(step, manual.bankName, manualMask, '1010 · Business Savings');
    await step.getByRole('button', { name: 'Continue' }).click();
    const initiated = page.getByRole('dialog', { name: 'Verification Initiated' });
    await expect(initiated.getByText('Pending Verification')).toBeVisible();
    await expect(initiated.getByText(/Deposits expected by/)).toBeVisible();
    await initiated.getByRole('button', { name: 'Got it' }).click();
    await expect(initiated).toBeHidden();

    const row = banks.row(manualMask);
    await expect(row.getByText('Pending verification', { exact: true })).toBeVisible();
    await expect(row.getByText(/Two small deposits are on their way; expected by/)).toBeVisible();
    await expect(row.getByText('Verification attempts left: 3')).toBeVisible();
    await expect(row.getByRole('button', { name: /Verify deposits/ })).toBeHidden();

    const stored = await listBanksViaApi(request, owner.session, businessId);
    const added = stored.find((bank) => bank.accountMask.endsWith(manualMask));
    expect(added).toMatchObject({
      accountProvider: 'USER',
      verificationStatus: 'PENDING',
      accountStatus: 'NOT_VERIFIED',
      status: 'NOT_CONNECTED',
      shouldVerifyWithCode: false,
      verifyAttemptRemains: 3,
      chartAccountName: 'Business Savings',
    });
    manualId = added?.id ?? '';
    // No answer carries the full account number.
    const raw = await request.get(`/api/business/${businessId}/bank/accounts?blocked=true&unusable=true`, {
      headers: sessionHeaders(owner.session),
    });
    expect(await raw.text()).not.toContain(manual.account);
  });

  let deposits: string[] = [];

  await test.step('the sandbox clock moves on; the statement shows the deposits', async () => {
    const [statementTab] = await Promise.all([
      page.waitForEvent('popup'),
      banks.row(manualMask).getByRole('link', { name: 'View sandbox bank statement' }).click(),
    ]);
    const statement = new SandboxStatementPage(statementTab);
    await expect(statementTab).toHaveURL(new RegExp(`/sandbox/bank\\?accountId=${manualId}$`));
    await expect(statementTab.getByRole('heading', { name: manual.bankName })).toBeVisible();
    await expect(statement.rows('FERRY ACCTVERIFY')).toHaveCount(2);
    await expect(statement.rows('FERRY ACCTVERIFY REVERSAL')).toHaveCount(1);
    await expect(statement.transactions.getByText('Pending', { exact: true })).toHaveCount(3);

    await statement.advance(3);
    await expect(statement.transactions.getByText('Posted', { exact: true })).toHaveCount(3);
    deposits = await statement.depositCents();
    await statementTab.close();
  });

  await test.step('wrong amounts once (attempts shown), then the right ones verify the bank', async () => {
    await page.reload();
    const row = banks.row(manualMask);
    await expect(
      row.getByText('The deposits have arrived: enter the two amounts to verify this account.'),
    ).toBeVisible();
    await row
      .getByRole('button', { name: `Verify deposits for ${manual.bankName} ${maskText(manualMask)}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Enter Deposited Amounts' });
    await expect(dialog.getByText('3 verification attempts left.')).toBeVisible();
    const [wrongFirst, wrongSecond] = wrongAmounts(deposits);
    await dialog.getByRole('textbox', { name: 'Amount #1' }).fill(wrongFirst);
    await dialog.getByRole('textbox', { name: 'Amount #2' }).fill(wrongSecond);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    const error = dialog.getByRole('alert');
    await expect(error).toContainText(INVALID_MICRODEPOSIT);
    await expect(error).toContainText('2 verification attempts left.');
    expect(
      (await listBanksViaApi(request, owner.session, businessId)).find((bank) => bank.id === manualId),
    ).toMatchObject({ verifyAttemptRemains: 2, verificationStatus: 'PENDING' });

    await dialog.getByRole('textbox', { name: 'Amount #1' }).fill(deposits[0] ?? '');
    await dialog.getByRole('textbox', { name: 'Amount #2' }).fill(deposits[1] ?? '');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Bank verified successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Verified', { exact: true })).toBeVisible();
    await expect(row.getByText('Verification attempts left: 2')).toBeHidden();
  });

  await test.step('the manual bank becomes primary; an instant one is removed', async () => {
    const manualRow = banks.row(manualMask);
    const checkingRow = banks.row(checking?.accountMask ?? '');
    const savingsRow = banks.row(savings?.accountMask ?? '');
    const primaryBefore = (await listBanksViaApi(request, owner.session, businessId)).find(
      (bank) => bank.isPrimary,
    );
    expect(primaryBefore?.accountProvider).toBe('PLAID');
    await expect(manualRow.getByText('Primary', { exact: true })).toBeHidden();

    await manualRow
      .getByRole('button', { name: `Mark as primary ${manual.bankName} ${maskText(manualMask)}` })
      .click();
    await expect(
      page.getByText(`${manual.bankName} ${maskText(manualMask)} is now your primary bank.`),
    ).toBeVisible();
    await expect(manualRow.getByText('Primary', { exact: true })).toBeVisible();
    await expect(checkingRow.getByText('Primary', { exact: true })).toBeHidden();
    await expect(savingsRow.getByText('Primary', { exact: true })).toBeHidden();

    // Removing the savings account: Confirm waits for the tick.
    await savingsRow
      .getByRole('button', { name: `Delete Chase ${maskText(savings?.accountMask ?? '')}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Remove bank account?' });
    await expect(confirm.getByText(`Chase ${maskText(savings?.accountMask ?? '')}`)).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await confirm
      .getByRole('checkbox', {
        name: 'I understand that payments already submitted from this bank account are not affected.',
      })
      .check();
    await expect(confirm.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Bank account removed.')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(savingsRow).toHaveCount(0);
    await expect(banks.list.getByRole('listitem')).toHaveCount(2);

    // The API agrees: two banks, both linked to the books, the manual one primary and verified.
    const stored = await listBanksViaApi(request, owner.session, businessId);
    expect(stored).toHaveLength(2);
    expect(stored.find((bank) => bank.id === manualId)).toMatchObject({
      isPrimary: true,
      verificationStatus: 'VERIFIED',
      accountStatus: 'VERIFIED',
      status: 'VERIFIED',
      chartAccountName: 'Business Savings',
    });
    expect(stored.find((bank) => bank.id === checking?.id)).toMatchObject({
      isPrimary: false,
      status: 'CONNECTED',
      chartAccountName: 'Business Checking',
    });
    expect(stored.some((bank) => bank.id === savings?.id)).toBe(false);

    // After a reload the page still shows it so.
    await page.reload();
    await expect(banks.row(manualMask).getByText('Primary', { exact: true })).toBeVisible();
    await expect(banks.list.getByRole('listitem')).toHaveCount(2);
  });
});
