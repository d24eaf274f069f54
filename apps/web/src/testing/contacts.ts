import type { ContactView } from '@ferry/domain';

/** The vendor of the feature tests. */
export const TEST_VENDOR_ID = 'aaaaaaaaaaaaaaaaaaaaaaa1';

/** A vendor as the contacts API answers it: Blue Bottle Supply, not on the network; override what a test is about. */
export const makeTestVendor = (overrides: Partial<ContactView> = {}): ContactView => ({
  id: TEST_VENDOR_ID,
  type: 'VENDOR',
  name: 'Blue Bottle Supply',
  email: 'billing@bluebottle.test',
  secondaryEmails: [],
  phones: { default: null },
  addresses: { billing: null },
  taxId: null,
  fbnBusiness: null,
  needsFinalize: false,
  documentsCount: 0,
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-01-02T10:00:00.000Z',
  ...overrides,
});
