import { describe, expect, it } from 'vitest';
import type { RemoteDocument } from '../../providers/accounting/accounting.js';
import { openLines } from './sync-import.js';

const doc = (overrides: Partial<RemoteDocument>): RemoteDocument => ({
  remoteId: '1',
  updatedAt: '2026-11-20T10:00:00.000Z',
  active: true,
  contactRemoteId: 'v1',
  number: 'B-100',
  date: '2026-11-01',
  dueDate: '2026-11-30',
  totalCents: 50_000,
  balanceCents: 50_000,
  currency: 'USD',
  memo: null,
  status: 'OPEN',
  lines: [
    { description: 'Beans', amountCents: 30_000, quantity: 1, accountRemoteId: 'a1', itemRemoteId: null },
    { description: 'Delivery', amountCents: 20_000, quantity: 1, accountRemoteId: 'a2', itemRemoteId: null },
  ],
  ...overrides,
});

describe('openLines: what Ferry may pay is the open balance in the books', () => {
  it('keeps the lines when they add up to the open balance', () => {
    expect(openLines(doc({}))).toHaveLength(2);
  });

  it('one line of the open balance when the document is partly paid in the books', () => {
    expect(openLines(doc({ balanceCents: 12_345 }))).toEqual([
      {
        description: 'Open balance of B-100 (partly paid in the accounting software)',
        amountCents: 12_345,
        quantity: 1,
        accountRemoteId: 'a1',
        itemRemoteId: null,
      },
    ]);
  });

  it('one line of the balance when the lines do not show tax the total has, or there are no lines', () => {
    expect(openLines(doc({ totalCents: 54_000, balanceCents: 54_000 }))).toMatchObject([
      { amountCents: 54_000, description: 'B-100' },
    ]);
    expect(openLines(doc({ lines: [], memo: 'Roasting supplies' }))).toMatchObject([
      { amountCents: 50_000, description: 'Roasting supplies', accountRemoteId: null },
    ]);
  });
});
