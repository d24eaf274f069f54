import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** The business details step of onboarding (/onboard/b/add, /onboard/b/{id}/details). */
export class BusinessDetailsPage {
  constructor(readonly page: Page) {}

  get next() {
    return this.page.getByRole('button', { name: 'Next' });
  }

  async fill(business: { name: string; type: string }) {
    await this.page.getByRole('textbox', { name: 'Business Name' }).fill(business.name);
    await this.page.getByRole('combobox', { name: 'Business Type' }).click();
    await this.page.getByRole('option', { name: business.type, exact: true }).click();
    await this.page
      .getByRole('checkbox', { name: 'I agree that none of these categories apply to my business' })
      .check();
  }

  /** Fills the form, sends it, and returns the new business's id from the next step's address. */
  async create(
    business: { name: string; type: string },
    nextStep: 'link-bank' | 'completed',
  ): Promise<string> {
    await expect(this.page.getByRole('heading', { name: 'Tell us about your business' })).toBeVisible();
    await expect(this.next).toBeDisabled();
    await this.fill(business);
    await this.next.click();
    const pattern = new RegExp(`/onboard/b/([0-9a-f]{24})/${nextStep}$`);
    await expect(this.page).toHaveURL(pattern);
    return pattern.exec(new URL(this.page.url()).pathname)?.[1] as string;
  }
}

/** The business switcher in the app header. */
export class BusinessSwitcher {
  constructor(readonly page: Page) {}

  button(name: string) {
    return this.page.getByRole('banner').getByRole('button', { name: new RegExp(`^Business: ${name}`) });
  }

  async switchTo(from: string, to: string) {
    await this.button(from).click();
    await this.page.getByRole('menuitem', { name: new RegExp(to) }).click();
    await expect(this.button(to)).toBeVisible();
  }

  async addBusiness(from: string) {
    await this.button(from).click();
    await this.page.getByRole('menuitem', { name: 'Add a business' }).click();
  }
}

/** Closes the home tour when it shows (it starts on a user's first visit to a business home). */
export async function closeHomeTour(page: Page) {
  const tour = page.getByRole('dialog', { name: 'Welcome to Ferry' });
  await expect(tour).toBeVisible();
  await tour.getByRole('button', { name: 'Close' }).click();
  await expect(tour).toBeHidden();
}

/** An API session (from `registerViaApi`) as request headers. */
export const sessionHeaders = (session: { token: string; sessionId: string }) => ({
  authorization: `Bearer ${session.token}`,
  'session-id': session.sessionId,
});

/** Creates a business through the API for a registered person; returns its id. */
export async function createBusinessViaApi(
  request: APIRequestContext,
  session: { token: string; sessionId: string },
  businessName: string,
): Promise<string> {
  const res = await request.post('/api/business', {
    headers: sessionHeaders(session),
    data: { businessName, businessType: 'LLC', category: 'NONE' },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data.businessId as string;
}

/** Opens the app signed in with an API session and the given business active. */
export async function openSignedIn(
  page: Page,
  session: { token: string; sessionId: string },
  businessId: string,
  path: string,
) {
  await page.goto('/');
  await page.evaluate(
    ([s, id]) => {
      // The e2e project has no DOM typings; the page has local storage.
      const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } })
        .localStorage;
      storage.setItem('ferry.session', JSON.stringify(s));
      storage.setItem('ferry.activeBusiness', JSON.stringify({ id, permissions: [] }));
    },
    [session, businessId] as const,
  );
  await page.goto(path);
}

/**
 * Verifies a business through the API as its owner would through the app: the owner's identity in the
 * sandbox identity provider, the verification form, and the owners (the owner as the only one). The
 * sandbox approves the business check, so it ends FULL_VERIFIED.
 */
export async function verifyBusinessViaApi(
  request: APIRequestContext,
  session: { token: string; sessionId: string },
  businessId: string,
  legalBusinessName: string,
) {
  const headers = sessionHeaders(session);
  const init = await request.post(`/api/business/${businessId}/verification/init`, { headers });
  expect(init.status(), await init.text()).toBe(200);
  const { inquiryId, sessionToken } = (await init.json()).data as { inquiryId: string; sessionToken: string };
  const decision = await request.post(`/api/sandbox/identity/inquiries/${inquiryId}/decision`, {
    data: { sessionToken, decision: 'approve' },
  });
  expect(decision.status(), await decision.text()).toBe(200);
  const complete = await request.post('/api/user/verification/complete', { headers, data: { inquiryId } });
  expect(complete.status(), await complete.text()).toBe(200);
  const form = await request.patch(`/api/business/${businessId}/verification/form`, {
    headers,
    data: {
      legalBusinessName,
      taxId: '12-3456789',
      website: 'ferry.example',
      employeeCount: 'FIVE_TO_FIFTEEN',
      address: {
        addressLine1: '100 Congress Ave',
        addressLine2: '',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
        country: 'US',
      },
    },
  });
  expect(form.status(), await form.text()).toBe(200);
  const owners = await request.patch(`/api/business/${businessId}/beneficial`, {
    headers,
    data: {
      controlPerson: { isSelf: true, title: 'Founder' },
      owners: [{ isSelf: true, ownershipPercent: 100 }],
      submit: true,
    },
  });
  expect(owners.status(), await owners.text()).toBe(200);
  await expect
    .poll(async () => {
      const summary = await request.get(`/api/business/${businessId}`, { headers });
      return (await summary.json()).data.status as string;
    })
    .toBe('FULL_VERIFIED');
}
