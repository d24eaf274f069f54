import type { AppContext } from '../../platform/context.js';
import { businessVerifications } from './tables.js';

/** Test helpers of the verification module. */

/**
 * A business verification form (KYB) stored directly, as if saved: Harbor Supplies LLC in Austin, TX,
 * unless told otherwise.
 */
export async function makeVerificationForm(
  context: Pick<AppContext, 'database'>,
  businessId: string,
  overrides: Partial<Omit<typeof businessVerifications.$inferInsert, 'businessId'>> = {},
): Promise<void> {
  await context.database.db.insert(businessVerifications).values({
    businessId,
    legalBusinessName: 'Harbor Supplies LLC',
    taxId: '123456789',
    employeeCount: 'ZERO_TO_FIVE',
    address: {
      addressLine1: '1 Main St',
      addressLine2: '',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      country: 'US',
    },
    ...overrides,
  });
}
