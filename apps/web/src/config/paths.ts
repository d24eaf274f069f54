import { paths as specPaths } from '@ferry/domain';

/**
 * Route patterns the browser app registers (`path`, for React Router) with their link builders
 * (`getHref`). Links to the spec's other pages use the domain's `paths` builders directly; a page gets
 * an entry here when its route is registered.
 */
export const paths = {
  landing: { path: '/', getHref: specPaths.root },
  signIn: { path: '/signin', getHref: specPaths.signin },
  forgotPassword: { path: '/forgot-password', getHref: specPaths.forgotPassword },
  resetPassword: { path: '/reset-password', getHref: specPaths.resetPassword },
  account: {
    password: { path: '/account/password', getHref: () => '/account/password' },
  },
  // Sign-up and the signed-in access pages (features/sign-up).
  signUp: { path: '/signup', getHref: () => '/signup' },
  verify: { path: '/verify', getHref: specPaths.verify },
  setPassword: { path: '/set-password', getHref: specPaths.setPassword },
  selectAccountType: { path: '/select-account-type', getHref: specPaths.selectAccountType },
  // Business onboarding (features/businesses).
  onboard: {
    add: { path: '/onboard/b/add', getHref: specPaths.onboardAdd },
    skip: { path: '/onboard/b/skip', getHref: specPaths.onboardSkip },
    details: { path: '/onboard/b/:businessId/details', getHref: specPaths.onboardDetails },
    linkBank: { path: '/onboard/b/:businessId/link-bank', getHref: specPaths.onboardLinkBank },
    completed: { path: '/onboard/b/:businessId/completed', getHref: specPaths.onboardCompleted },
    connectAccounting: { path: '/onboard/b/:businessId/add', getHref: specPaths.onboardConnectAccounting },
  },
  // Business pages (under the app shell).
  business: {
    home: { path: '/b/:businessId/home', getHref: specPaths.businessHome },
    // Users and roles (features/users, features/roles).
    settingsUsers: { path: '/b/:businessId/settings/users', getHref: specPaths.settingsUsers },
    settingsUserAdd: { path: '/b/:businessId/settings/users/add', getHref: specPaths.settingsUserAdd },
    settingsUserEdit: {
      path: '/b/:businessId/settings/users/:userId/edit',
      getHref: specPaths.settingsUserEdit,
    },
    settingsRoles: { path: '/b/:businessId/settings/roles', getHref: specPaths.settingsRoles },
    settingsRoleCreate: {
      path: '/b/:businessId/settings/roles/create',
      getHref: specPaths.settingsRoleCreate,
    },
    settingsRole: { path: '/b/:businessId/settings/roles/:roleId', getHref: specPaths.settingsRole },
    settingsRoleEdit: {
      path: '/b/:businessId/settings/roles/:roleId/edit',
      getHref: specPaths.settingsRoleEdit,
    },
    // Approval groups and policies (features/approval-groups, features/approval-policies).
    settingsApprovalGroups: {
      path: '/b/:businessId/settings/approval-groups',
      getHref: specPaths.settingsApprovalGroups,
    },
    settingsApprovalGroupCreate: {
      path: '/b/:businessId/settings/approval-groups/create',
      getHref: specPaths.settingsApprovalGroupCreate,
    },
    settingsApprovalGroupEdit: {
      path: '/b/:businessId/settings/approval-groups/:groupId/edit',
      getHref: specPaths.settingsApprovalGroupEdit,
    },
    settingsApprovalPolicies: {
      path: '/b/:businessId/settings/approval-policies',
      getHref: specPaths.settingsApprovalPolicies,
    },
    settingsApprovalPolicyCreate: {
      path: '/b/:businessId/settings/approval-policies/create',
      getHref: specPaths.settingsApprovalPolicyCreate,
    },
    settingsApprovalPolicyEdit: {
      path: '/b/:businessId/settings/approval-policies/:policyId/create',
      getHref: specPaths.settingsApprovalPolicyEdit,
    },
    settingsBusinessProfile: {
      path: '/b/:businessId/settings/business-profile',
      getHref: specPaths.settingsBusinessProfile,
    },
    kybDetails: { path: '/b/:businessId/kyb/details', getHref: specPaths.kybDetails },
    // Vendors and customers (features/contacts).
    vendors: { path: '/b/:businessId/vendors', getHref: specPaths.vendors },
    vendorAdd: { path: '/b/:businessId/vendors/add', getHref: specPaths.vendorAdd },
    vendor: { path: '/b/:businessId/vendors/:contactId', getHref: specPaths.vendor },
    customers: { path: '/b/:businessId/customers', getHref: specPaths.customers },
    customerAdd: { path: '/b/:businessId/customers/add', getHref: specPaths.customerAdd },
    customer: { path: '/b/:businessId/customers/:contactId', getHref: specPaths.customer },
    // Bills (features/bills).
    bills: { path: '/b/:businessId/bills', getHref: specPaths.bills },
    billsForReview: { path: '/b/:businessId/bills/payment-request', getHref: specPaths.billsForReview },
    billsDue: { path: '/b/:businessId/bills/due', getHref: specPaths.billsDue },
    billCreate: { path: '/b/:businessId/bills/create', getHref: specPaths.billCreate },
    billEdit: { path: '/b/:businessId/bills/:billId/edit', getHref: specPaths.billEdit },
    // Paying one bill (features/pay-bill); `:paymentId` is the bill's id, `?paymentRequestId=` optional.
    billMakePayment: {
      path: '/b/:businessId/bills/payment-request/:paymentId/make-payment',
      getHref: specPaths.billMakePayment,
    },
    // Payments (features/payments): the Payments tab and a payment's detail.
    billPayments: { path: '/b/:businessId/bills/payment/list', getHref: specPaths.billPayments },
    // The Approvals tab (features/approvals): payments awaiting approval and decided ones.
    billApprovals: { path: '/b/:businessId/bills/approvals', getHref: specPaths.billApprovals },
    billPaymentDetail: {
      path: '/b/:businessId/bills/payment/:paymentId/detail',
      getHref: specPaths.billPaymentDetail,
    },
    // A payment's (or, before paying, a bill's) preview: header, the bill's PDF, due amount
    // (features/payment-preview); `?paymentRequestId=` optional.
    billPaymentPreview: {
      path: '/b/:businessId/bills/payment/:paymentId',
      getHref: specPaths.billPaymentPreview,
    },
    // Invoices (features/invoices): the Invoices tab, create, edit (while unpaid) and an invoice's detail.
    invoices: { path: '/b/:businessId/invoices', getHref: specPaths.invoices },
    invoiceCreate: { path: '/b/:businessId/invoices/create', getHref: specPaths.invoiceCreate },
    invoiceEdit: {
      path: '/b/:businessId/invoices/:invoiceId/edit',
      getHref: (businessId: string, invoiceId: string) =>
        `${specPaths.invoices(businessId)}/${encodeURIComponent(invoiceId)}/edit`,
    },
    invoiceDetail: { path: '/b/:businessId/invoices/:invoiceId/detail', getHref: specPaths.invoiceDetail },
    // Get Paid > Payments (features/invoices): the payments received, one's detail and its preview.
    invoicePayments: { path: '/b/:businessId/invoices/payment/list', getHref: specPaths.invoicePayments },
    invoicePaymentDetail: {
      path: '/b/:businessId/invoices/payment/:paymentId/detail',
      getHref: specPaths.invoicePaymentDetail,
    },
    invoicePaymentPreview: {
      path: '/b/:businessId/invoices/payment/:paymentId',
      getHref: specPaths.invoicePaymentPreview,
    },
    // Bank accounts and cards (features/banking, features/cards).
    settingsBankAccount: {
      path: '/b/:businessId/settings/bank-account',
      getHref: specPaths.settingsBankAccount,
    },
    settingsAcceptCardPayment: {
      path: '/b/:businessId/settings/accept-card-payment',
      getHref: specPaths.settingsAcceptCardPayment,
    },
    // Accounting software: connection and sync (features/accounting).
    settingsIntegration: {
      path: '/b/:businessId/settings/integration',
      getHref: specPaths.settingsIntegration,
    },
  },
  // The accounting provider's way back after consent (features/accounting).
  integrationConnecting: { path: '/integration/connecting', getHref: () => '/integration/connecting' },
  // The bank emails' links (features/banking): signs in if needed, then opens the right dialog.
  bankProcessStart: { path: '/process/bank/start', getHref: specPaths.bankProcessStart },
  // The sandbox rails bank's statement of an account (sandbox only).
  sandboxBankStatement: {
    path: '/sandbox/bank',
    getHref: (accountId: string) => `/sandbox/bank?accountId=${encodeURIComponent(accountId)}`,
  },
  // Identity verification (features/identity-verification) and the sandbox provider's hosted page.
  verifyIdentity: { path: '/verify/identity', getHref: specPaths.verifyIdentity },
  sandboxIdentityInquiry: {
    path: '/sandbox/identity/:inquiryId',
    getHref: (inquiryId: string) => `/sandbox/identity/${encodeURIComponent(inquiryId)}`,
  },
  // Invitations and access pages (features/invitations).
  go: { path: '/go', getHref: specPaths.go },
  acceptInvitation: { path: '/accept-invitation', getHref: specPaths.acceptInvitation },
  noBusiness: { path: '/no-business', getHref: specPaths.noBusiness },
  // The accountant's practice (features/practice).
  teamMembers: { path: '/team-members', getHref: specPaths.teamMembers },
  onboardPractice: { path: '/onboard/practice', getHref: specPaths.onboardPractice },
  // The guest payer and payee pages (features/guest-payment): public, the guest session guards itself.
  guestPaymentStart: { path: '/process/payment/start', getHref: specPaths.guestPaymentStart },
  guestPayment: { path: '/process/payment', getHref: specPaths.guestPayment },
  guestPaymentOnboard: { path: '/process/payment/onboard', getHref: specPaths.guestPaymentOnboard },
  guestPaymentUnauthorized: {
    path: '/process/payment/unauthorized',
    getHref: specPaths.guestPaymentUnauthorized,
  },
  // The payer's auto-payment pages (features/auto-pay): public, the auto-pay guard routes by the link.
  autoPayInfo: { path: '/process/auto-pay/info', getHref: specPaths.autoPayInfo },
  autoPayBusinessMappingCheck: {
    path: '/process/auto-pay/business-mapping-check',
    getHref: specPaths.autoPayBusinessMappingCheck,
  },
  autoPayBusiness: { path: '/process/auto-pay/business', getHref: specPaths.autoPayBusiness },
  autoPayMethod: { path: '/process/auto-pay/method', getHref: specPaths.autoPayMethod },
  autoPaySuccess: { path: '/process/auto-pay/success', getHref: specPaths.autoPaySuccess },
  // The fallback when there is no payer id: a business home, or sign-in.
  businessFallback: { path: '/b', getHref: specPaths.businessFallback },
  invalidLink: { path: '/invalid-link', getHref: specPaths.invalidLink },
  unauthorized: { path: '/unauthorized', getHref: specPaths.unauthorized },
  dev: {
    outbox: { path: '/dev/outbox', getHref: () => '/dev/outbox' },
  },
  notFound: { path: '*' },
} as const;

/** Where the logo points (spec 000 §2): the active business's home, else the start of onboarding. */
export const getHomeHref = (activeBusinessId: string | null): string =>
  activeBusinessId ? specPaths.businessHome(activeBusinessId) : specPaths.onboardAdd();
