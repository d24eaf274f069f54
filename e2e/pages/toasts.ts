import { expect, type Page } from '@playwright/test';

/**
 * Runs an action that ends in a toast and waits for that toast. A toast with the same
 * text left over from an earlier action must close first (they close by themselves after
 * a few seconds), so the toast seen afterwards is this action's own.
 */
export async function expectFreshToast(page: Page, text: string, action: () => Promise<void>) {
  const toast = page.getByText(text, { exact: true });
  await expect(toast).toHaveCount(0, { timeout: 10_000 });
  await action();
  await expect(toast).toBeVisible();
}
