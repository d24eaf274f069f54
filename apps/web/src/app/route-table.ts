import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';

/*
 * The route table without React elements, so boot can match the URL and ask for its route chunks before
 * React DOM and Mantine have even run (main.tsx imports this first). router.tsx turns it into React
 * Router's route objects: a `guard` becomes `RequireUser` at that level, `notFound` the not-found page.
 */

export type RouteModule = { Component: ComponentType };
export type RouteModuleLoader = () => Promise<RouteModule>;

export type RouteDef = {
  path?: string;
  index?: true;
  /** The route's module (a page, or a layout when it has children). */
  lazy?: RouteModuleLoader;
  /** The route guard (`RequireUser`) at this level around the children. */
  guard?: 'session' | 'verified' | 'full';
  /** The app's not-found page (in the first-load code, no chunk). */
  notFound?: true;
  children?: RouteDef[];
};

/** The app shell (header, navbar, business switcher): loaded with the first page inside it. */
const appLayout = () => import('./layout/app-layout').then((m) => ({ Component: m.AppLayout }));

/**
 * Every registered route. Pages are lazy route modules exporting `Component`. Signed-in pages are
 * children of a guard route (`RequireUser`, the route guard of spec 000 §4, at its level); pages inside
 * the shell (`/account/*`, `/b/:businessId/...`) are children of its `AppLayout` route.
 */
export const routeTable: RouteDef[] = [
  {
    children: [
      { path: paths.landing.path, lazy: () => import('./routes/landing') },
      { path: paths.signIn.path, lazy: () => import('./routes/signin') },
      { path: paths.forgotPassword.path, lazy: () => import('./routes/forgot-password') },
      { path: paths.resetPassword.path, lazy: () => import('./routes/reset-password') },
      { path: paths.signUp.path, lazy: () => import('./routes/signup') },
      { path: paths.go.path, lazy: () => import('./routes/go') },
      { path: paths.invalidLink.path, lazy: () => import('./routes/invalid-link') },
      { path: paths.unauthorized.path, lazy: () => import('./routes/unauthorized') },
      // The sandbox identity provider's hosted page (public, no app shell).
      { path: paths.sandboxIdentityInquiry.path, lazy: () => import('./routes/sandbox/identity-inquiry') },
      // Sandbox Books' consent page (outside the shell): it guards itself unless the purpose is SIGN_IN.
      { path: '/sandbox/books/authorize', lazy: () => import('./routes/sandbox/books-authorize') },
      // The bank emails' links: signs in first (with a redirectUrl back), then guards itself.
      { path: paths.bankProcessStart.path, lazy: () => import('./routes/process-bank-start') },
      // The guest payer and payee pages (the guest emails' links): public; the guest session guards itself.
      { path: paths.guestPaymentStart.path, lazy: () => import('./routes/process-payment-start') },
      { path: paths.guestPayment.path, lazy: () => import('./routes/process-payment') },
      { path: paths.guestPaymentOnboard.path, lazy: () => import('./routes/process-payment-onboard') },
      {
        path: paths.guestPaymentUnauthorized.path,
        lazy: () => import('./routes/process-payment-unauthorized'),
      },
      // The payer's auto-payment pages (the auto-payment email's link): public; the auto-pay guard routes.
      { path: paths.autoPayInfo.path, lazy: () => import('./routes/process-auto-pay-info') },
      {
        path: paths.autoPayBusinessMappingCheck.path,
        lazy: () => import('./routes/process-auto-pay-business-mapping-check'),
      },
      { path: paths.autoPayBusiness.path, lazy: () => import('./routes/process-auto-pay-business') },
      { path: paths.autoPayMethod.path, lazy: () => import('./routes/process-auto-pay-method') },
      { path: paths.autoPaySuccess.path, lazy: () => import('./routes/process-auto-pay-success') },
      // No payer id: a signed-in user's business home, else sign-in.
      { path: paths.businessFallback.path, lazy: () => import('./routes/b-fallback') },
      // Public with ?token=; otherwise it guards itself (RequireUser level 'verified').
      { path: paths.acceptInvitation.path, lazy: () => import('./routes/accept-invitation') },
      // Route guard (spec 000 §4). /verify and /set-password are where its steps 4 and 5 lead: a session
      // is enough there.
      {
        guard: 'session',
        children: [
          { path: paths.verify.path, lazy: () => import('./routes/verify') },
          { path: paths.setPassword.path, lazy: () => import('./routes/set-password') },
        ],
      },
      // An invitee may land here before choosing an account type: every step but the account type.
      {
        guard: 'verified',
        children: [
          { path: paths.noBusiness.path, lazy: () => import('./routes/no-business') },
          // Identity verification: invitees verify before choosing an account type.
          { path: paths.verifyIdentity.path, lazy: () => import('./routes/verify-identity') },
        ],
      },
      // The full guard: every signed-in page (onboarding, /account/*, and /b/* as their issues land).
      {
        guard: 'full',
        children: [
          { path: paths.selectAccountType.path, lazy: () => import('./routes/select-account-type') },
          { path: paths.onboard.add.path, lazy: () => import('./routes/onboard/add') },
          // The accountant's practice details (after the account type).
          { path: paths.onboardPractice.path, lazy: () => import('./routes/onboard/practice') },
          { path: paths.onboard.skip.path, lazy: () => import('./routes/onboard/skip') },
          { path: paths.onboard.details.path, lazy: () => import('./routes/onboard/details') },
          { path: paths.onboard.linkBank.path, lazy: () => import('./routes/onboard/link-bank') },
          { path: paths.onboard.completed.path, lazy: () => import('./routes/onboard/completed') },
          {
            path: paths.onboard.connectAccounting.path,
            lazy: () => import('./routes/onboard/connect-accounting'),
          },
          // The sandbox bank's statement (test-mode look, outside the app shell).
          { path: paths.sandboxBankStatement.path, lazy: () => import('./routes/sandbox/bank-statement') },
          // The accounting provider's way back (features/accounting), outside the shell like onboarding.
          { path: paths.integrationConnecting.path, lazy: () => import('./routes/integration-connecting') },
          // Sandbox Books' companies and records (outside the app shell).
          { path: '/sandbox/books', lazy: () => import('./routes/sandbox/books') },
          {
            lazy: appLayout,
            children: [
              { path: paths.account.password.path, lazy: () => import('./routes/account/password') },
              // The accountant's practice team (features/practice).
              { path: paths.teamMembers.path, lazy: () => import('./routes/team-members') },
              { path: paths.business.home.path, lazy: () => import('./routes/business/home') },
              {
                path: paths.business.settingsBusinessProfile.path,
                lazy: () => import('./routes/business/settings-business-profile'),
              },
              // Users (features/users): list, add user, change role.
              {
                path: paths.business.settingsUsers.path,
                lazy: () => import('./routes/business/settings-users'),
              },
              {
                path: paths.business.settingsUserAdd.path,
                lazy: () => import('./routes/business/settings-user-add'),
              },
              {
                path: paths.business.settingsUserEdit.path,
                lazy: () => import('./routes/business/settings-user-edit'),
              },
              // Roles (features/roles): list and the editor's create, view and edit modes.
              {
                path: paths.business.settingsRoles.path,
                lazy: () => import('./routes/business/settings-roles'),
              },
              {
                path: paths.business.settingsRoleCreate.path,
                lazy: () => import('./routes/business/settings-role-editor'),
              },
              {
                path: paths.business.settingsRole.path,
                lazy: () => import('./routes/business/settings-role-editor'),
              },
              {
                path: paths.business.settingsRoleEdit.path,
                lazy: () => import('./routes/business/settings-role-editor'),
              },
              // Approval groups and policies (features/approval-groups, features/approval-policies).
              {
                path: paths.business.settingsApprovalGroups.path,
                lazy: () => import('./routes/business/settings-approval-groups'),
              },
              {
                path: paths.business.settingsApprovalGroupCreate.path,
                lazy: () => import('./routes/business/settings-approval-group-form'),
              },
              {
                path: paths.business.settingsApprovalGroupEdit.path,
                lazy: () => import('./routes/business/settings-approval-group-form'),
              },
              {
                path: paths.business.settingsApprovalPolicies.path,
                lazy: () => import('./routes/business/settings-approval-policies'),
              },
              {
                path: paths.business.settingsApprovalPolicyCreate.path,
                lazy: () => import('./routes/business/settings-approval-policy-editor'),
              },
              {
                path: paths.business.settingsApprovalPolicyEdit.path,
                lazy: () => import('./routes/business/settings-approval-policy-editor'),
              },
              // Business verification (KYB); `?returnUrl=auto-pay` from the auto-payment journey.
              { path: paths.business.kybDetails.path, lazy: () => import('./routes/business/kyb-details') },
              // Vendors and customers: list, add, detail.
              { path: paths.business.vendors.path, lazy: () => import('./routes/business/vendors') },
              { path: paths.business.vendorAdd.path, lazy: () => import('./routes/business/vendor-add') },
              { path: paths.business.vendor.path, lazy: () => import('./routes/business/vendor') },
              { path: paths.business.customers.path, lazy: () => import('./routes/business/customers') },
              { path: paths.business.customerAdd.path, lazy: () => import('./routes/business/customer-add') },
              { path: paths.business.customer.path, lazy: () => import('./routes/business/customer') },
              // Bank accounts and cards; ?verify= / ?reconnect= from the bank emails.
              {
                path: paths.business.settingsBankAccount.path,
                lazy: () => import('./routes/business/settings-bank-account'),
              },
              // Card acceptance: merchant onboarding, SAQ and surcharge (features/cards).
              {
                path: paths.business.settingsAcceptCardPayment.path,
                lazy: () => import('./routes/business/settings-accept-card-payment'),
              },
              // Accounting software: connection, auto sync and the sync history (features/accounting).
              {
                path: paths.business.settingsIntegration.path,
                lazy: () => import('./routes/business/settings-integration'),
              },
              // The bills area: tabs For Review, Bills and Payments (each tab page renders its content only).
              {
                path: paths.business.bills.path,
                lazy: () => import('./routes/business/bills-layout'),
                children: [
                  { index: true, lazy: () => import('./routes/business/bills-index') },
                  {
                    path: paths.business.billsForReview.path,
                    lazy: () => import('./routes/business/bills-for-review'),
                  },
                  { path: paths.business.billsDue.path, lazy: () => import('./routes/business/bills-due') },
                  {
                    path: paths.business.billPayments.path,
                    lazy: () => import('./routes/business/bills-payments'),
                  },
                  {
                    path: paths.business.billApprovals.path,
                    lazy: () => import('./routes/business/bills-approvals'),
                  },
                ],
              },
              { path: paths.business.billCreate.path, lazy: () => import('./routes/business/bills-create') },
              { path: paths.business.billEdit.path, lazy: () => import('./routes/business/bill-edit') },
              // Paying a bill (outside the bills tabs).
              {
                path: paths.business.billMakePayment.path,
                lazy: () => import('./routes/business/bill-make-payment'),
              },
              // A payment's detail (outside the bills tabs).
              {
                path: paths.business.billPaymentDetail.path,
                lazy: () => import('./routes/business/bill-payment-detail'),
              },
              // A payment's preview (outside the bills tabs); the static `/bills/payment/list` and the
              // longer `/bills/payment/:paymentId/detail` outrank it.
              {
                path: paths.business.billPaymentPreview.path,
                lazy: () => import('./routes/business/bill-payment-preview'),
              },
              // The invoices area (Get Paid): the Invoices tab and the Payments tab (payments received).
              {
                path: paths.business.invoices.path,
                lazy: () => import('./routes/business/invoices-layout'),
                children: [
                  { index: true, lazy: () => import('./routes/business/invoices-list') },
                  {
                    path: paths.business.invoicePayments.path,
                    lazy: () => import('./routes/business/invoices-payments'),
                  },
                ],
              },
              // A received payment's detail and its preview (outside the tabs); the static
              // `/invoices/payment/list` and the longer `…/detail` outrank the preview.
              {
                path: paths.business.invoicePaymentDetail.path,
                lazy: () => import('./routes/business/invoice-payment-detail'),
              },
              {
                path: paths.business.invoicePaymentPreview.path,
                lazy: () => import('./routes/business/invoice-payment-preview'),
              },
              {
                path: paths.business.invoiceCreate.path,
                lazy: () => import('./routes/business/invoices-create'),
              },
              { path: paths.business.invoiceEdit.path, lazy: () => import('./routes/business/invoice-edit') },
              {
                path: paths.business.invoiceDetail.path,
                lazy: () => import('./routes/business/invoice-detail'),
              },
              // Any other page of a business: not found, inside the shell (the switcher keeps working).
              { path: '/b/:businessId/*', lazy: () => import('./routes/business/not-found') },
            ],
          },
        ],
      },
      {
        lazy: appLayout,
        children: [{ path: paths.dev.outbox.path, lazy: () => import('./routes/dev/outbox') }],
      },
      { path: paths.notFound.path, notFound: true },
    ],
  },
];

/** Each route module's chunk, requested once: by the first render of its route, or earlier by `preloadRoutes`. */
const modules = new Map<RouteModuleLoader, Promise<RouteModule>>();
/** The modules that have arrived: their routes render at once, without suspending. */
export const loaded = new Map<RouteModuleLoader, RouteModule>();
export const loadModule = (loader: RouteModuleLoader) => {
  let module = modules.get(loader);
  if (!module) {
    module = loader();
    module.then(
      (m) => loaded.set(loader, m),
      // A chunk that failed (offline, or gone after a deploy) is asked for again next time.
      () => modules.delete(loader),
    );
    modules.set(loader, module);
  }
  return module;
};

/**
 * Requests the chunks of every lazy route `pathname` matches at once — the shell and the page in
 * parallel, while the guard still waits for the session — instead of one after another as each renders.
 */
export const preloadRoutes = (pathname: string): Promise<unknown> => {
  // React Router's matcher reads only `path`, `index` and `children` of the table's routes.
  const matches = matchRoutes(routeTable as unknown as RouteObject[], pathname) ?? [];
  const loaders = matches.flatMap(({ route }) => (route.lazy ? [route.lazy as RouteModuleLoader] : []));
  return Promise.allSettled(loaders.map(loadModule));
};
