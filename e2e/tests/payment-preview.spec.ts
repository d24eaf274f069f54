import { expect, test } from '@playwright/test';
import { registerViaApi } from '../pages/access-pages';
import { createBusinessViaApi, openSignedIn } from '../pages/business-pages';
import { createBillViaApi, createVendorWithBankViaApi } from '../pages/pay-pages';

const PASSWORD = 'Ferry-Preview-2026!';

test("a bill's payment preview shows its header, draws its PDF with PDF.js (worker from our own origin, under the CSP) and its due amount", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const owner = await registerViaApi(request, 'preview', PASSWORD);
  const businessId = await createBusinessViaApi(request, owner.session, 'Harbor Coffee Roasters');
  const vendor = await createVendorWithBankViaApi(request, owner.session, businessId, {
    name: 'Blue Bottle Supply',
    email: `billing+${Date.now()}@bluebottle.example`,
  });
  const bill = await createBillViaApi(request, owner.session, businessId, {
    vendorId: vendor.id,
    refNo: 'BILL-7001',
    amount: '1234.50',
    billDate: '2026-11-02',
  });

  // Content-Security-Policy violations and page errors, and where the PDF.js worker came from.
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const workerUrls: string[] = [];
  page.on('request', (req) => {
    if (/pdf\.worker/.test(req.url())) workerUrls.push(req.url());
  });

  // Before any payment, the make-payment page's bill id previews the bill itself.
  await openSignedIn(page, owner.session, businessId, `/b/${businessId}/bills/payment/${bill.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Blue Bottle Supply' })).toBeVisible();
  const header = page.getByRole('region', { name: 'Bill', exact: true });
  await expect(header).toContainText('BILL-7001');
  await expect(header).toContainText('Bill Date');
  await expect(header).toContainText('Nov 2, 2026');
  await expect(header).toContainText('Due Date');
  await expect(page.getByRole('region', { name: 'Due amount' })).toContainText('$1,234.50');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Details' })).toHaveAttribute(
    'href',
    `/b/${businessId}/bills/payment-request/${bill.id}/make-payment`,
  );

  // PDF.js draws the page: the canvas holds ink (the bill's text), not just white.
  const canvas = page.getByRole('img', { name: 'Page 1 of 1' });
  await expect(canvas).toBeVisible();
  await expect
    .poll(
      () =>
        canvas.evaluate((node) => {
          const c = node as unknown as {
            width: number;
            height: number;
            getContext(kind: '2d'): {
              getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
            };
          };
          const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
          let ink = 0;
          for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) ink += 1;
          return ink;
        }),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(500);

  // The worker is one of our own assets.
  expect(workerUrls.length).toBeGreaterThan(0);
  for (const url of workerUrls) expect(new URL(url).origin).toBe(new URL(baseURL ?? '').origin);

  // Zoom and rotate from the toolbar.
  const zoomIn = page.getByRole('button', { name: 'Zoom in' });
  const widthAt100 = await canvas.evaluate(
    (node) => (node as unknown as { clientWidth: number }).clientWidth,
  );
  await zoomIn.click();
  await expect(page.getByText('110%', { exact: true })).toBeVisible();
  await expect
    .poll(() => canvas.evaluate((node) => (node as unknown as { clientWidth: number }).clientWidth))
    .toBeGreaterThan(widthAt100);
  await page.getByRole('button', { name: 'Rotate' }).click();
  await expect
    .poll(() =>
      canvas.evaluate((node) => {
        const c = node as unknown as { clientWidth: number; clientHeight: number };
        return c.clientWidth > c.clientHeight;
      }),
    )
    .toBe(true);
  await page.screenshot({ path: test.info().outputPath('payment-preview.png'), fullPage: true });

  expect(problems).toEqual([]);
});
