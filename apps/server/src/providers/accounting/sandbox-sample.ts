import { createHash } from 'node:crypto';
import type { SandboxBooksKind } from '@ferry/domain/schemas';

/**
 * The sample books a new Sandbox Books company can start with: a chart of accounts, items, 50 vendors,
 * 20 customers, 20 open bills and 10 open invoices. Everything is derived from the seed (the company id),
 * so the same company always gets the same books; the names are made up (no real people or companies),
 * the emails are on example.com and the phone numbers in the fictional 555-01xx range.
 */

export interface SampleRecord {
  id: string;
  kind: SandboxBooksKind;
  data: Record<string, unknown>;
}

export const SAMPLE_COUNTS = {
  VENDOR: 50,
  CUSTOMER: 20,
  BILL: 20,
  INVOICE: 10,
  ITEM: 12,
} as const;

type AccountType = 'BANK' | 'CREDIT_CARD' | 'EXPENSE' | 'INCOME' | 'COST_OF_GOODS_SOLD' | null;

const ACCOUNTS: { name: string; number: string; type: AccountType }[] = [
  { name: 'Business Checking', number: '1000', type: 'BANK' },
  { name: 'Savings', number: '1010', type: 'BANK' },
  { name: 'Accounts Payable', number: '2000', type: null },
  { name: 'Business Credit Card', number: '2100', type: 'CREDIT_CARD' },
  { name: "Owner's Equity", number: '3000', type: null },
  { name: 'Sales', number: '4000', type: 'INCOME' },
  { name: 'Services', number: '4100', type: 'INCOME' },
  { name: 'Cost of Goods Sold', number: '5000', type: 'COST_OF_GOODS_SOLD' },
  { name: 'Advertising & Marketing', number: '6000', type: 'EXPENSE' },
  { name: 'Bank Fees', number: '6010', type: 'EXPENSE' },
  { name: 'Contractors', number: '6020', type: 'EXPENSE' },
  { name: 'Insurance', number: '6030', type: 'EXPENSE' },
  { name: 'Meals & Entertainment', number: '6040', type: 'EXPENSE' },
  { name: 'Office Supplies', number: '6050', type: 'EXPENSE' },
  { name: 'Professional Fees', number: '6060', type: 'EXPENSE' },
  { name: 'Rent', number: '6070', type: 'EXPENSE' },
  { name: 'Repairs & Maintenance', number: '6080', type: 'EXPENSE' },
  { name: 'Software & Subscriptions', number: '6090', type: 'EXPENSE' },
  { name: 'Travel', number: '6100', type: 'EXPENSE' },
  { name: 'Utilities', number: '6110', type: 'EXPENSE' },
  { name: 'Shipping & Freight', number: '6120', type: 'EXPENSE' },
];

const ITEMS: {
  name: string;
  description: string;
  unitPriceCents: number | null;
  isSold: boolean;
  isPurchased: boolean;
}[] = [
  {
    name: 'Consulting Hour',
    description: 'One hour of consulting',
    unitPriceCents: 15_000,
    isSold: true,
    isPurchased: false,
  },
  {
    name: 'Installation',
    description: 'On-site installation',
    unitPriceCents: 45_000,
    isSold: true,
    isPurchased: false,
  },
  {
    name: 'Monthly Maintenance Plan',
    description: 'Maintenance, billed monthly',
    unitPriceCents: 29_900,
    isSold: true,
    isPurchased: false,
  },
  {
    name: 'Design Package',
    description: 'Logo and brand design',
    unitPriceCents: 120_000,
    isSold: true,
    isPurchased: false,
  },
  {
    name: 'Training Session',
    description: 'Half-day training for up to 10 people',
    unitPriceCents: 80_000,
    isSold: true,
    isPurchased: false,
  },
  {
    name: 'Standard Widget',
    description: 'Standard widget, boxed',
    unitPriceCents: 2_450,
    isSold: true,
    isPurchased: true,
  },
  {
    name: 'Deluxe Widget',
    description: 'Deluxe widget with mounting kit',
    unitPriceCents: 4_900,
    isSold: true,
    isPurchased: true,
  },
  {
    name: 'Replacement Parts Kit',
    description: 'Common replacement parts',
    unitPriceCents: 1_875,
    isSold: true,
    isPurchased: true,
  },
  {
    name: 'Printer Paper (case)',
    description: 'Ten reams, letter size',
    unitPriceCents: null,
    isSold: false,
    isPurchased: true,
  },
  {
    name: 'Shipping Boxes (bundle)',
    description: 'Twenty-five medium boxes',
    unitPriceCents: null,
    isSold: false,
    isPurchased: true,
  },
  {
    name: 'Cleaning Supplies',
    description: 'Monthly cleaning supplies',
    unitPriceCents: null,
    isSold: false,
    isPurchased: true,
  },
  {
    name: 'Raw Materials Lot',
    description: 'Assorted raw materials',
    unitPriceCents: null,
    isSold: false,
    isPurchased: true,
  },
];

const PLACES = [
  'Bluebird',
  'Cedar Ridge',
  'Copper Creek',
  'Eastgate',
  'Fairfield',
  'Granite Bay',
  'Harborview',
  'Ironwood',
  'Juniper',
  'Kestrel',
  'Lakeshore',
  'Maple Leaf',
  'Northstar',
  'Oak Hollow',
  'Pinecrest',
  'Quarry Hill',
  'Redwood',
  'Silver Lake',
  'Summit',
  'Tidewater',
  'Union Square',
  'Valley View',
  'Westbrook',
  'Willow Bend',
  'Brightwater',
  'Riverside',
  'Stonebridge',
  'Highland',
  'Sunset',
  'Prairie Wind',
];
const VENDOR_TRADES = [
  'Office Supply',
  'Plumbing',
  'Electric',
  'Print Shop',
  'Courier',
  'IT Services',
  'Janitorial',
  'Landscaping',
  'Hardware',
  'Packaging',
  'Staffing',
  'Web Hosting',
  'Insurance Agency',
  'Accounting Group',
  'Legal Services',
  'Catering',
  'Freight Lines',
  'Properties',
  'Signs & Banners',
  'Uniforms',
];
const VENDOR_TRADE_ACCOUNTS: Record<string, string[]> = {
  'Office Supply': ['Office Supplies'],
  Plumbing: ['Repairs & Maintenance'],
  Electric: ['Utilities', 'Repairs & Maintenance'],
  'Print Shop': ['Advertising & Marketing', 'Office Supplies'],
  Courier: ['Shipping & Freight'],
  'IT Services': ['Contractors', 'Software & Subscriptions'],
  Janitorial: ['Repairs & Maintenance'],
  Landscaping: ['Repairs & Maintenance'],
  Hardware: ['Office Supplies', 'Repairs & Maintenance'],
  Packaging: ['Shipping & Freight', 'Cost of Goods Sold'],
  Staffing: ['Contractors'],
  'Web Hosting': ['Software & Subscriptions'],
  'Insurance Agency': ['Insurance'],
  'Accounting Group': ['Professional Fees'],
  'Legal Services': ['Professional Fees'],
  Catering: ['Meals & Entertainment'],
  'Freight Lines': ['Shipping & Freight'],
  Properties: ['Rent'],
  'Signs & Banners': ['Advertising & Marketing'],
  Uniforms: ['Office Supplies'],
};
const CUSTOMER_KINDS = [
  'Dental Studio',
  'Fitness Club',
  'Bakery',
  'Architects',
  'Veterinary Clinic',
  'Coffee Roasters',
  'Builders',
  'Realty',
  'Brewing Co.',
  'Auto Care',
  'Yoga Studio',
  'Books & Gifts',
  'Florist',
  'Pet Grooming',
  'Bistro',
];
const AREA_CODES = ['212', '303', '312', '404', '415', '503', '512', '602', '617', '720'];
const BILL_LINE_TEXT = [
  'Monthly service',
  'Supplies',
  'Labor',
  'Materials',
  'Delivery',
  'Annual renewal',
  'Repairs',
];

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A small seeded generator (mulberry32): the same seed gives the same books. */
function seededRandom(seed: string) {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)] as T;
  const shuffle = <T>(list: readonly T[]): T[] => {
    const copy = [...list];
    for (let index = copy.length - 1; index > 0; index -= 1) {
      const other = int(0, index);
      [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
    }
    return copy;
  };
  return { int, pick, shuffle };
}

/** Splits a total into `parts` positive amounts (cents) that add up to it. */
function splitCents(total: number, parts: number, int: (min: number, max: number) => number): number[] {
  if (parts <= 1 || total < parts * 100) return [total];
  const amounts: number[] = [];
  let left = total;
  for (let index = 0; index < parts - 1; index += 1) {
    const share = int(Math.floor(left / (parts - index) / 2), Math.floor(left / (parts - index)));
    amounts.push(share);
    left -= share;
  }
  amounts.push(left);
  return amounts;
}

/**
 * The sample records of a company (ids derived from the company id, so unique across companies).
 * Due dates run from 10 days before `today` to 45 days after it.
 */
export function buildSampleRecords(options: { companyId: string; today: Date }): SampleRecord[] {
  const { companyId, today } = options;
  const random = seededRandom(`sandbox-books:${companyId}`);
  let sequence = 0;
  const idFor = (kind: string) => {
    sequence += 1;
    return createHash('sha256').update(`${companyId}:${kind}:${sequence}`).digest('hex').slice(0, 24);
  };
  const phone = () => `(${random.pick(AREA_CODES)}) 555-01${String(random.int(0, 99)).padStart(2, '0')}`;
  const records: SampleRecord[] = [];

  const accounts = ACCOUNTS.map((account) => ({ id: idFor('ACCOUNT'), ...account }));
  for (const { id, ...data } of accounts) records.push({ id, kind: 'ACCOUNT', data });
  const accountId = (name: string) => accounts.find((account) => account.name === name)?.id ?? null;

  const items = ITEMS.map((item) => ({ id: idFor('ITEM'), ...item }));
  for (const { id, ...data } of items) records.push({ id, kind: 'ITEM', data });

  // 50 distinct vendor names: every place with a trade, shuffled, the first 50.
  const vendorNames = random
    .shuffle(PLACES.flatMap((place) => VENDOR_TRADES.map((trade) => ({ place, trade }))))
    .slice(0, SAMPLE_COUNTS.VENDOR);
  const vendors = vendorNames.map(({ place, trade }) => {
    const name = `${place} ${trade}`;
    return {
      id: idFor('VENDOR'),
      trade,
      data: { name, email: `ap@${slugOf(name)}.example.com`, phone: phone() },
    };
  });
  for (const vendor of vendors) records.push({ id: vendor.id, kind: 'VENDOR', data: vendor.data });

  const customerNames = random
    .shuffle(PLACES.flatMap((place) => CUSTOMER_KINDS.map((kind) => `${place} ${kind}`)))
    .slice(0, SAMPLE_COUNTS.CUSTOMER);
  const customers = customerNames.map((name) => ({
    id: idFor('CUSTOMER'),
    data: { name, email: `billing@${slugOf(name)}.example.com`, phone: phone() },
  }));
  for (const customer of customers) records.push({ id: customer.id, kind: 'CUSTOMER', data: customer.data });

  const billVendors = random.shuffle(vendors).slice(0, SAMPLE_COUNTS.BILL);
  for (const vendor of billVendors) {
    const due = new Date(today.getTime() + random.int(-10, 45) * DAY_MS);
    const date = new Date(due.getTime() - random.pick([15, 30, 30, 45]) * DAY_MS);
    const total = random.int(8_500, 980_000);
    const amounts = splitCents(total, random.int(1, 3), random.int);
    const expenseAccounts = VENDOR_TRADE_ACCOUNTS[vendor.trade] ?? ['Office Supplies'];
    records.push({
      id: idFor('BILL'),
      kind: 'BILL',
      data: {
        contactRemoteId: vendor.id,
        number: `${vendor.trade.slice(0, 2).toUpperCase()}-${random.int(10_000, 99_999)}`,
        date: isoDay(date),
        dueDate: isoDay(due),
        totalCents: total,
        balanceCents: total,
        currency: 'USD',
        memo: null,
        status: 'OPEN',
        lines: amounts.map((amountCents) => ({
          description: random.pick(BILL_LINE_TEXT),
          amountCents,
          quantity: null,
          accountRemoteId: accountId(random.pick(expenseAccounts)),
          itemRemoteId: null,
        })),
      },
    });
  }

  const soldItems = items.filter((item) => item.isSold && item.unitPriceCents !== null);
  const invoiceCustomers = random.shuffle(customers).slice(0, SAMPLE_COUNTS.INVOICE);
  invoiceCustomers.forEach((customer, index) => {
    const due = new Date(today.getTime() + random.int(-10, 45) * DAY_MS);
    const date = new Date(due.getTime() - 30 * DAY_MS);
    const lines = Array.from({ length: random.int(1, 3) }, () => {
      const item = random.pick(soldItems);
      const quantity = random.int(1, 8);
      return {
        description: item.description,
        amountCents: (item.unitPriceCents ?? 0) * quantity,
        quantity,
        accountRemoteId: accountId(item.isPurchased ? 'Sales' : 'Services'),
        itemRemoteId: item.id,
      };
    });
    const total = lines.reduce((sum, line) => sum + line.amountCents, 0);
    records.push({
      id: idFor('INVOICE'),
      kind: 'INVOICE',
      data: {
        contactRemoteId: customer.id,
        number: String(1001 + index),
        date: isoDay(date),
        dueDate: isoDay(due),
        totalCents: total,
        balanceCents: total,
        currency: 'USD',
        memo: 'Thank you for your business.',
        status: 'OPEN',
        lines,
      },
    });
  });

  return records;
}
