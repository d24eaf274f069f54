import type { Business } from '@/lib/businesses';
import { HomeDashboard } from './components/home-dashboard';
import { QuickActions } from './components/quick-actions';
import { getHomeAccess } from './utils/home-access';

/** The home dashboard of a business, as far as the member may read it. */
export const BusinessHomeDashboard = ({ business }: { business: Business }) => (
  <HomeDashboard businessId={business.id} access={getHomeAccess(business)} />
);

/** Pay a bill, Add a bill, Add a vendor: those the member may do. */
export const BusinessQuickActions = ({ business }: { business: Business }) => (
  <QuickActions businessId={business.id} access={getHomeAccess(business)} />
);
