import { BUSINESS_ROLES } from '@ferry/domain';
import type { Business } from '@/lib/businesses';

/** Connect, disconnect and the auto-sync switch are the Admin role's (spec 002 §6, the API contract). */
export const isAccountingAdmin = (business: Business | undefined): boolean =>
  (BUSINESS_ROLES as readonly string[]).includes((business?.role ?? '').toUpperCase());

export const ADMIN_ONLY_TEXT = 'Only admins can connect accounting software.';

type BusinessConnection = { integrationType?: unknown; status?: unknown };

/**
 * The accounting entry of the business's `businessConnections[]{integrationType, status}` (spec 002 §3):
 * its status, or null when no accounting connection was ever made.
 */
export const accountingStatusOf = (business: Business | undefined): string | null => {
  const connections: unknown = business?.businessConnections;
  if (!Array.isArray(connections)) return null;
  const found = connections.find(
    (connection: BusinessConnection) =>
      typeof connection?.integrationType === 'string' &&
      connection.integrationType.toUpperCase() === 'ACCOUNTING',
  ) as BusinessConnection | undefined;
  return typeof found?.status === 'string' ? found.status : null;
};
