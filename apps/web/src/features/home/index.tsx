import type { Business } from '@/lib/businesses';
import { HomeDashboard, useIsHomeEmpty } from './components/home-dashboard';
import { QuickActions } from './components/quick-actions';
import { getHomeAccess } from './utils/home-access';

/** The home dashboard of a business, as far as the member may read it. */
export const BusinessHomeDashboard = ({ business }: { business: Business }) => (
  <HomeDashboard businessId={business.id} access={getHomeAccess(business)} />
);

/**
 * Pay a bill, Add a bill, Add a vendor: those the member may do. Left out while the business has nothing
 * to pay yet: the dashboard's welcome offers them then.
 */
export const BusinessQuickActions = ({ business }: { business: Business }) => {
  const access = getHomeAccess(business);
  const isEmpty = useIsHomeEmpty(business.id, access);
  return isEmpty ? null : <QuickActions businessId={business.id} access={access} />;
};
