import type { AppContext } from '../../platform/context.js';
import { makeContact } from '../../testing/contact-factories.js';
import { makeSignedInBusiness } from '../../testing/factories.js';
import { listChartAccounts } from '../accounting/service.js';

/** A signed-in business with a vendor ('Harbor Supplies') and the chart account 'Software' to bill to. */
export async function makeBillsSetup(context: AppContext) {
  const business = await makeSignedInBusiness(context);
  const vendor = await makeContact(context, { businessId: business.businessId, name: 'Harbor Supplies' });
  const accounts = await listChartAccounts(context, {
    businessId: business.businessId,
    query: { isForCreateBill: true, pageNumber: 1, pageSize: 1000 },
  });
  const software = accounts.items.find((a) => a.name === 'Software');
  if (!software) throw new Error('no Software account');
  return { ...business, vendor, accountId: software.id };
}

export type BillsSetup = Awaited<ReturnType<typeof makeBillsSetup>>;

/** `/api/business/{id}{rest}` for the set-up's business. */
export const billsUrl = (s: BillsSetup, rest: string) => `/api/business/${s.businessId}${rest}`;
