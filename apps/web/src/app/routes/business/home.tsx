import { HomePage } from '@/features/businesses/components/home-page';
import { BusinessHomeDashboard, BusinessQuickActions } from '@/features/home';
import { PracticeName } from '@/features/practice/components/practice-name';

/**
 * `/b/{businessId}/home`: the setup checklist (features/businesses) with the dashboard (features/home),
 * and an accountant's practice name under the business name (features/practice).
 */
const BusinessHome = () => (
  <HomePage
    headerNote={<PracticeName />}
    renderActions={(business) => <BusinessQuickActions business={business} />}
    renderDashboard={(business) => <BusinessHomeDashboard business={business} />}
  />
);

/** Route module for React Router `lazy`. */
export const Component = BusinessHome;
