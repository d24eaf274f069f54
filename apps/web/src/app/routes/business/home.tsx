import { lazy, Suspense } from 'react';
import { HomePage } from '@/features/businesses/components/home-page';
import { PracticeName } from '@/features/practice/components/practice-name';
import type { Business } from '@/lib/businesses';

/**
 * The dashboard and the quick actions (features/home: its tables and the bill, payment and card API
 * modules, most of the page's code) are a chunk of their own, requested as soon as this route's chunk
 * runs: the business name, the verification notice and the checklist draw without waiting for it.
 */
const loadHome = () => import('@/features/home');
void loadHome();
const BusinessHomeDashboard = lazy(() => loadHome().then((m) => ({ default: m.BusinessHomeDashboard })));
const BusinessQuickActions = lazy(() => loadHome().then((m) => ({ default: m.BusinessQuickActions })));

const renderActions = (business: Business) => (
  <Suspense fallback={null}>
    <BusinessQuickActions business={business} />
  </Suspense>
);

const renderDashboard = (business: Business) => (
  <Suspense fallback={null}>
    <BusinessHomeDashboard business={business} />
  </Suspense>
);

/**
 * `/b/{businessId}/home`: the setup checklist (features/businesses) with the dashboard (features/home),
 * and an accountant's practice name under the business name (features/practice).
 */
const BusinessHome = () => (
  <HomePage headerNote={<PracticeName />} renderActions={renderActions} renderDashboard={renderDashboard} />
);

/** Route module for React Router `lazy`. */
export const Component = BusinessHome;
