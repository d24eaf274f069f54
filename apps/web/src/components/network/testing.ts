import type { ContactView, NetworkBusiness } from '@ferry/domain';
import { SEATTLE_ADDRESS } from '@/testing/addresses';
import { makeTestVendor } from '@/testing/contacts';

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

export const makeContactView = (overrides: Partial<ContactView> = {}): ContactView =>
  makeTestVendor({
    id: 'c-1',
    name: 'Blue Bottle',
    email: 'billing@bluebottle.com',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });
