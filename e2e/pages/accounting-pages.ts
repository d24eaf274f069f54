import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { sessionHeaders } from './business-pages';

type Session = { token: string; sessionId: string };

/** Sandbox Books' consent screen `/sandbox/books/authorize`. */
export class SandboxBooksConsentPage {
  constructor(readonly page: Page) {}

  get heading() {
    return this.page.getByRole('heading', { name: 'Ferry wants to connect to your books' });
  }

  /** Makes 'Sample Company' (50 vendors, 20 bills…), which is then the chosen company. */
  async createSampleCompany() {
    await this.page.getByRole('button', { name: 'Create a sample company' }).click();
    await expect(this.page.getByRole('radio', { name: /Sample Company/ })).toBeChecked({ timeout: 20_000 });
  }

  async chooseCompany(name: string | RegExp) {
    await this.page.getByRole('radio', { name }).check();
  }

  async allow() {
    await this.page.getByRole('button', { name: 'Allow', exact: true }).click();
  }
}

/** Ferry's `/integration/connecting`: the connection loader, then back to where the connection started. */
export async function expectConnectionLoader(page: Page) {
  await expect(page).toHaveURL(/\/integration\/connecting\?/);
  await expect(page.getByRole('status').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Connection Successful' })).toBeVisible({ timeout: 20_000 });
}

/** Settings > Integrations `/b/{id}/settings/integration`. */
export class IntegrationSettingsPage {
  constructor(readonly page: Page) {}

  async open(businessId: string) {
    await this.page.goto(`/b/${businessId}/settings/integration`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  }

  /** The connection panel (provider, status, the sync button, Reconnect, Disconnect). */
  get connection() {
    return this.page.locator('section[aria-labelledby="accounting-connection-title"]');
  }

  get history() {
    return this.page.getByRole('table', { name: 'Sync history' });
  }

  /** The newest run of the sync history. */
  get latestRun() {
    return this.history.getByRole('row').nth(1);
  }

  get syncButton() {
    return this.connection.getByRole('button', {
      name: /^(Last Synced .* ago|Sync now|Sync Failed - Retry)$/,
    });
  }

  /** Waits (reloading now and then) until the newest run has ended as Completed. */
  async waitForCompletedRun(timeout = 90_000) {
    await expect(async () => {
      await expect(this.latestRun.getByText('Completed', { exact: true })).toBeVisible({ timeout: 6_000 });
    }).toPass({ timeout, intervals: [1_000, 2_000, 3_000] });
  }
}

/** Sandbox Books' browse page `/sandbox/books`. */
export class SandboxBooksPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/sandbox/books');
    await expect(this.page.getByRole('heading', { name: 'Sandbox Books' })).toBeVisible();
  }

  async tab(label: string) {
    await this.page.getByRole('tab', { name: label, exact: true }).click();
    await expect(this.page.getByRole('tab', { name: label, exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  }

  table(label: string): Locator {
    return this.page.getByRole('table', { name: label });
  }

  async search(label: string, text: string) {
    await this.page.getByRole('textbox', { name: `Search ${label.toLowerCase()}` }).fill(text);
  }

  get connections() {
    return this.page.getByRole('region', { name: 'Connections' });
  }
}

/** Ferry's due bills through the API (`GET /business/{id}/due-bills`). */
export async function dueBillsViaApi(
  request: APIRequestContext,
  session: Session,
  businessId: string,
): Promise<{ items: Record<string, unknown>[]; total: number }> {
  const res = await request.get(`/api/business/${businessId}/due-bills?pageSize=100`, {
    headers: sessionHeaders(session),
  });
  expect(res.status(), await res.text()).toBe(200);
  const data = (await res.json()).data as { items: Record<string, unknown>[]; total?: number };
  return { items: data.items, total: data.total ?? data.items.length };
}
