import type { Page } from '@playwright/test';

/** Page model of the app shell and the public pages of the foundation. */
export class AppPage {
  constructor(readonly page: Page) {}

  async open(path = '/') {
    await this.page.goto(path);
  }

  heading(name: string | RegExp) {
    return this.page.getByRole('heading', { name });
  }
}

/** Page model of the browsable API reference at /api/docs. */
export class ApiDocsPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/api/docs');
  }

  /** Narrows the reference to the areas (tags) whose name contains `text`; the long list renders lazily. */
  async filter(text: string) {
    await this.page.locator('.operation-filter-input').fill(text);
  }

  operation(path: string) {
    return this.page.locator('.opblock-summary-path', { hasText: path }).first();
  }
}
