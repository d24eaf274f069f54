import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { sessionHeaders } from './business-pages';
import { expectFreshToast } from './toasts';

type Session = { token: string; sessionId: string };

/** A bank account as `GET /api/business/{id}/bank/accounts` answers it (the fields the journeys read). */
export type BankAccountApiView = {
  id: string;
  bankName: string;
  accountMask: string;
  accountName: string | null;
  accountProvider: 'PLAID' | 'USER';
  verificationStatus: string;
  accountStatus: string;
  status: string;
  isPrimary: boolean;
  shouldVerifyWithCode: boolean;
  verifyAttemptRemains: number | null;
  platformChartOfAccountId: string | null;
  chartAccountName: string | null;
  bankDetails: { name: string | null };
};

/** Every bank of a business, the blocked and unusable ones included (what the settings page lists). */
export async function listBanksViaApi(
  request: APIRequestContext,
  session: Session,
  businessId: string,
): Promise<BankAccountApiView[]> {
  const res = await request.get(`/api/business/${businessId}/bank/accounts?blocked=true&unusable=true`, {
    headers: sessionHeaders(session),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as BankAccountApiView[];
}

/** A BANK (or other type) account of the business's chart, by name. */
export async function chartAccountViaApi(
  request: APIRequestContext,
  session: Session,
  businessId: string,
  parentAccountType: 'BANK' | 'CREDIT_CARD' | 'INCOME',
  name: string,
): Promise<{ id: string; name: string }> {
  const res = await request.get(
    `/api/business/${businessId}/accounting/accounts?parentAccountType=${parentAccountType}`,
    { headers: sessionHeaders(session) },
  );
  expect(res.status(), await res.text()).toBe(200);
  const accounts = (await res.json()).data.items as { id: string; name: string }[];
  const account = accounts.find((candidate) => candidate.name === name);
  expect(account, `chart account ${name}`).toBeDefined();
  return account as { id: string; name: string };
}

/**
 * Links a bank instantly through the API as the sandbox link modal does (link token → sandbox sign-in →
 * chosen accounts → public token → `banking/connection/plaid`), and links the first stored account to the
 * named BANK account of the chart. Returns the stored bank accounts.
 */
export async function linkInstantBankViaApi(
  request: APIRequestContext,
  session: Session,
  businessId: string,
  options: { institutionId?: string; chartAccountName?: string } = {},
): Promise<BankAccountApiView[]> {
  const headers = sessionHeaders(session);
  const institutionId = options.institutionId ?? 'ins_3';
  const tokenRes = await request.get(`/api/business/${businessId}/banking/connection/token`, { headers });
  expect(tokenRes.status(), await tokenRes.text()).toBe(200);
  const { linkToken } = (await tokenRes.json()).data as { linkToken: string };
  const signIn = await request.post('/api/sandbox/bank-link/sessions', {
    data: { linkToken, institutionId, username: 'user_good', password: 'pass_good' },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { sessionId, accounts } = (await signIn.json()).data as {
    sessionId: string;
    accounts: { id: string; subtype: string }[];
  };
  const checking = accounts.find((account) => account.subtype === 'checking') ?? accounts[0];
  const complete = await request.post(`/api/sandbox/bank-link/sessions/${sessionId}/complete`, {
    data: { accountIds: [checking?.id] },
  });
  expect(complete.status(), await complete.text()).toBe(200);
  const { publicToken } = (await complete.json()).data as { publicToken: string };
  const exchange = await request.get(
    `/api/business/${businessId}/banking/connection/plaid?tokenId=${encodeURIComponent(publicToken)}&bankInstituteId=${institutionId}`,
    { headers },
  );
  expect(exchange.status(), await exchange.text()).toBe(200);
  const result = (await exchange.json()).data as { bankDenied: boolean; bankAccounts: BankAccountApiView[] };
  expect(result.bankDenied).toBe(false);
  const [bank] = result.bankAccounts;
  const chart = await chartAccountViaApi(
    request,
    session,
    businessId,
    'BANK',
    options.chartAccountName ?? 'Business Checking',
  );
  const link = await request.patch(`/api/business/${businessId}/banking/connection/link-account`, {
    headers,
    data: { paymentInstrumentId: bank?.id, businessAccountId: chart.id },
  });
  expect(link.status(), await link.text()).toBe(200);
  return result.bankAccounts;
}

/** Moves the sandbox's global clock (signed in); answers how many transfers settled. */
export async function advanceSandboxClockViaApi(
  request: APIRequestContext,
  session: Session,
  businessDays: number,
): Promise<{ now: string; settled: number }> {
  const res = await request.post('/api/sandbox/clock/advance', {
    headers: sessionHeaders(session),
    data: { businessDays },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

/** '•••• 1234' as the app shows a mask. */
export const maskText = (mask: string) => `•••• ${mask.slice(-4)}`;

/** `/b/{id}/settings/bank-account`: the bank list, its dialogs, and the instant and manual flows. */
export class BankAccountsPage {
  constructor(readonly page: Page) {}

  get list() {
    return this.page.getByRole('list', { name: 'Bank accounts' });
  }

  /** The row of one bank, by the last 4 of its account number. */
  row(mask: string): Locator {
    return this.list.getByRole('listitem').filter({ hasText: maskText(mask) });
  }

  get instantOption() {
    return this.page.getByRole('button', { name: /Connect & Verify Instantly/ });
  }

  get manualOption() {
    return this.page.getByRole('button', { name: /Add and verify bank manually/ });
  }

  get linkModal() {
    return this.page.getByRole('dialog', { name: /Sandbox Bank Link/ });
  }

  get deniedDialog() {
    return this.page.getByRole('dialog', { name: 'This bank is not supported' });
  }

  get connectingDialog() {
    return this.page.getByRole('dialog', { name: 'Connecting your bank' });
  }

  get linkAccountsDialog() {
    return this.page.getByRole('dialog', { name: 'Link Your Accounts' });
  }

  /** Opens the chooser: inline while the list is empty, else behind 'Add bank account'. */
  async openChooser() {
    if (await this.page.getByRole('button', { name: 'Add bank account' }).isVisible()) {
      await this.page.getByRole('button', { name: 'Add bank account' }).click();
      await expect(this.page.getByRole('dialog', { name: 'Add a bank account', exact: true })).toBeVisible();
    }
    await expect(
      this.page.getByRole('heading', { name: 'Add and verify a bank account for sending and receiving.' }),
    ).toBeVisible();
  }

  /** In the sandbox modal's bank list: searches and picks a bank. */
  async searchAndPick(name: string) {
    const modal = this.linkModal;
    await expect(modal).toBeVisible();
    await modal.getByRole('textbox', { name: 'Search for your bank' }).fill(name);
    const bank = modal.getByRole('list', { name: 'Banks' }).getByRole('listitem', { name, exact: true });
    await expect(bank).toBeVisible();
    await bank.click();
  }

  async signInAtBank(bankName: string, username = 'user_good', password = 'pass_good') {
    const modal = this.linkModal;
    await expect(modal.getByText(`Sign in to ${bankName}`)).toBeVisible();
    await modal.getByRole('textbox', { name: 'Username' }).fill(username);
    await modal.getByRole('textbox', { name: 'Password' }).fill(password);
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect(modal.getByText('Choose the accounts to link to Ferry')).toBeVisible();
  }

  /** The chart-account select of a bank (its label names the bank and its mask). */
  chartSelect(scope: Locator, bankName: string, mask: string) {
    return scope.getByRole('combobox', { name: `Chart account for ${bankName} ${maskText(mask)}` });
  }

  async chooseChartAccount(scope: Locator, bankName: string, mask: string, option: string) {
    await this.chartSelect(scope, bankName, mask).click();
    await this.page.getByRole('option', { name: option }).click();
    await expect(this.chartSelect(scope, bankName, mask)).toHaveValue(option);
  }
}

/** The 'Add a Bank Account' dialog (manual bank). */
export class AddBankAccountDialog {
  constructor(readonly page: Page) {}

  get dialog() {
    return this.page.getByRole('dialog', { name: 'Add a Bank Account', exact: true });
  }

  async fill(bank: {
    bankName: string;
    type: 'Checking' | 'Savings';
    holder: string;
    routing: string;
    account: string;
  }) {
    const dialog = this.dialog;
    await dialog.getByRole('textbox', { name: 'Bank Name' }).fill(bank.bankName);
    await dialog.getByRole('radio', { name: bank.type }).check();
    await dialog.getByRole('textbox', { name: 'Account Holders Name' }).fill(bank.holder);
    await dialog.getByRole('textbox', { name: 'Routing Number' }).fill(bank.routing);
    await dialog.getByRole('textbox', { name: 'Account Number', exact: true }).fill(bank.account);
    await dialog.getByLabel('Confirm Account Number').fill(bank.account);
  }
}

/** The sandbox bank's statement page `/sandbox/bank?accountId=`. */
export class SandboxStatementPage {
  constructor(readonly page: Page) {}

  get transactions() {
    return this.page.getByRole('table', { name: 'Transactions' });
  }

  /** The rows with exactly this description. */
  rows(description: string) {
    return this.transactions
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name: description, exact: true }) });
  }

  async advance(businessDays: 1 | 3) {
    const button = this.page.getByRole('button', {
      name: `Advance ${businessDays} business day${businessDays === 1 ? '' : 's'}`,
    });
    await expectFreshToast(this.page, 'Sandbox clock moved', () => button.click());
  }

  /** The two credits 'FERRY ACCTVERIFY' as the digits to type ('7', '32'). */
  async depositCents(): Promise<string[]> {
    const credits = this.rows('FERRY ACCTVERIFY');
    await expect(credits).toHaveCount(2);
    const cents: string[] = [];
    for (const row of await credits.all()) {
      const amount = ((await row.getByRole('cell').last().textContent()) ?? '').trim();
      const match = /^\+\s*\$0\.(\d{2})$/.exec(amount);
      expect(match, `credit amount ${amount}`).not.toBeNull();
      cents.push(String(Number(match?.[1])));
    }
    return cents;
  }
}

/** The cards section of `/b/{id}/settings/bank-account`: 'Add a New Card', the card rows, the fee estimate. */
export class CardsSection {
  constructor(readonly page: Page) {}

  get section() {
    return this.page.getByRole('region', { name: 'Cards' });
  }

  /** A card row, named 'Visa •••• 4242'. */
  row(label: string) {
    return this.page.getByRole('list', { name: 'Cards' }).getByRole('listitem', { name: label });
  }

  get dialog() {
    return this.page.getByRole('dialog', { name: 'Add a New Card', exact: true });
  }

  get feeEstimate() {
    return this.page.getByRole('region', { name: 'Card fee estimate' });
  }

  /** Adds a card through the sandbox vault's form. */
  async addCard(card: { number: string; expiry: string; cvv: string; name: string }) {
    await this.page.getByRole('button', { name: 'Add a card' }).click();
    const dialog = this.dialog;
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Card number' }).fill(card.number);
    await dialog.getByRole('textbox', { name: 'Expiry date' }).fill(card.expiry);
    await dialog.getByRole('textbox', { name: 'CVV' }).fill(card.cvv);
    await dialog.getByRole('textbox', { name: 'Name on card' }).fill(card.name);
    await dialog.getByRole('textbox', { name: 'Address Line 1' }).fill('100 Congress Ave');
    await dialog.getByRole('textbox', { name: 'City' }).fill('Austin');
    await dialog.getByRole('combobox', { name: 'State' }).click();
    await this.page.getByRole('option', { name: 'Texas', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Zip Code' }).fill('78701');
    await expectFreshToast(this.page, 'Card added successfully.', () =>
      dialog.getByRole('button', { name: 'Continue' }).click(),
    );
    await expect(dialog).toBeHidden();
  }

  /** Asks the 'Card fee estimate' panel for a quote; returns the result block. */
  async quote(vendor: string, amount: string, card: string) {
    const panel = this.feeEstimate;
    const vendorSelect = panel.getByRole('combobox', { name: 'Vendor' });
    // Picking the chosen vendor again would clear the choice.
    if (!(await vendorSelect.inputValue()).startsWith(vendor)) {
      await vendorSelect.click();
      await this.page.getByRole('option', { name: vendor }).click();
    }
    await panel.getByRole('textbox', { name: 'Amount' }).fill(amount);
    await panel.getByRole('combobox', { name: 'Card' }).click();
    await this.page.getByRole('option', { name: card, exact: true }).click();
    await panel.getByRole('button', { name: 'Estimate card fee' }).click();
    return panel.getByTestId('fee-quote-result');
  }
}

/** `/b/{id}/settings/accept-card-payment`. */
export class AcceptCardPaymentPage {
  constructor(readonly page: Page) {}

  get form() {
    return this.page.getByRole('form', { name: 'Card payment acceptance application' });
  }

  get saqForm() {
    return this.page.getByRole('form', { name: 'PCI Self-Assessment Questionnaire' });
  }

  async choose(scope: Locator, label: string, option: string) {
    await scope.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option }).click();
  }
}
