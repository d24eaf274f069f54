import type { CardView } from '@ferry/domain';

/** A primary Visa credit card ending 4242, billed in Seattle; override what a test is about. */
export const makeTestCard = (overrides: Partial<CardView> = {}): CardView => ({
  id: 'card-visa',
  brand: 'VISA',
  cardMask: '4242',
  funding: 'credit',
  expirationMonth: 12,
  expirationYear: 2030,
  nameOnCard: 'Dana Whitfield',
  isPrimaryCard: true,
  billingAddress: {
    addressLine1: '1 Pike St',
    addressLine2: null,
    city: 'Seattle',
    state: 'WA',
    zipCode: '98101',
    country: 'US',
  },
  platformChartOfAccountId: null,
  chartAccountName: null,
  createdAt: '2025-01-02T10:00:00.000Z',
  ...overrides,
});
