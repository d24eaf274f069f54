import { HomePage } from '@/features/businesses/components/home-page';
import { BusinessHomeDashboard, BusinessQuickActions } from '@/features/home';

/** `/b/{businessId}/home`: the setup checklist (features/businesses) with the dashboard (features/home). */
const BusinessHome = () => (
  <HomePage
    renderActions={(business) => <BusinessQuickActions business={business} />}
    renderDashboard={(business) => <BusinessHomeDashboard business={business} />}
  />
);

/** Route module for React Router `lazy`. */
export const Component = BusinessHome;
