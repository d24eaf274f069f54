import type { ContactView, NetworkBusiness } from '@ferry/domain';
import { SEATTLE_ADDRESS } from '@/testing/addresses';

/** Test factories of the network components. */
export const makeNetworkBusiness = (overrides: Partial<NetworkBusiness> = {}): NetworkBusiness => ({
  id: 'nb-1',
  businessName: 'Harbor Coffee Roasters',
  businessEmail: 'owner@harborcoffee.com',
  website: 'harborcoffee.com',
  addresses: {
    billing: SEATTLE_ADDRESS,
  },
  verificationStatus: 'FULL_VERIFIED',
  ...overrides,
});

export const makeContactView = (overrides: Partial<ContactView> = {}): ContactView => ({
  id: 'c-1',
  type: 'VENDOR',
  name: 'Blue Bottle',
  email: 'billing@bluebottle.com',
  secondaryEmails: [],
  phones: { default: null },
  addresses: { billing: null },
  taxId: null,
  fbnBusiness: null,
  needsFinalize: false,
  documentsCount: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});
