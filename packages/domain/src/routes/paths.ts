const enc = encodeURIComponent;

const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const entries = Object.entries(query).filter(
    (e): e is [string, string] => e[1] !== undefined && e[1] !== '',
  );
  if (entries.length === 0) return path;
  return `${path}?${entries.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')}`;
};

const business = (businessId: string, rest = ''): string => `/b/${enc(businessId)}${rest}`;

/** Every route of the spec as a path builder. Path parameters are URI-encoded. */
export const paths = {
  root: () => '/',
  signin: (redirectUrl?: string) => withQuery('/signin', { redirectUrl }),
  forgotPassword: () => '/forgot-password',
  setPassword: () => '/set-password',
  resetPassword: () => '/reset-password',
  verify: () => '/verify',
  verifyIdentity: () => '/verify/identity',
  selectAccountType: () => '/select-account-type',
  acceptInvitation: () => '/accept-invitation',
  noBusiness: () => '/no-business',
  unauthorized: () => '/unauthorized',
  invalidLink: () => '/invalid-link',
  go: (code?: string) => withQuery('/go', { code }),
  teamMembers: () => '/team-members',
  /** The accountant's practice details, after choosing the accountant account type (path not shown). */
  onboardPractice: () => '/onboard/practice',

  onboardAdd: () => '/onboard/b/add',
  onboardSkip: () => '/onboard/b/skip',
  onboardDetails: (businessId: string) => `/onboard/b/${enc(businessId)}/details`,
  onboardLinkBank: (businessId: string) => `/onboard/b/${enc(businessId)}/link-bank`,
  onboardCompleted: (businessId: string) => `/onboard/b/${enc(businessId)}/completed`,
  onboardConnectAccounting: (businessId: string) => `/onboard/b/${enc(businessId)}/add`,

  businessFallback: () => '/b',
  businessHome: (businessId: string) => business(businessId, '/home'),
  kybDetails: (businessId: string, returnUrl?: string) =>
    withQuery(business(businessId, '/kyb/details'), { returnUrl }),

  settingsUsers: (businessId: string, roleId?: string) =>
    withQuery(business(businessId, '/settings/users'), { roleId }),
  /** Add user and change role (spec 001 §2: screens of their own, paths not shown). */
  settingsUserAdd: (businessId: string) => business(businessId, '/settings/users/add'),
  settingsUserEdit: (businessId: string, userId: string) =>
    business(businessId, `/settings/users/${enc(userId)}/edit`),
  settingsRoles: (businessId: string) => business(businessId, '/settings/roles'),
  /** The role editor's create, view and edit modes (spec 001 §2; paths not shown). */
  settingsRoleCreate: (businessId: string) => business(businessId, '/settings/roles/create'),
  settingsRole: (businessId: string, roleId: string) =>
    business(businessId, `/settings/roles/${enc(roleId)}`),
  settingsRoleEdit: (businessId: string, roleId: string) =>
    business(businessId, `/settings/roles/${enc(roleId)}/edit`),
  settingsApprovalGroups: (businessId: string) => business(businessId, '/settings/approval-groups'),
  /** Create a New Approval Group and Modify Approval Group (spec 001 §2: forms, paths not shown). */
  settingsApprovalGroupCreate: (businessId: string) =>
    business(businessId, '/settings/approval-groups/create'),
  settingsApprovalGroupEdit: (businessId: string, groupId: string) =>
    business(businessId, `/settings/approval-groups/${enc(groupId)}/edit`),
  settingsApprovalPolicies: (businessId: string) => business(businessId, '/settings/approval-policies'),
  settingsApprovalPolicyCreate: (businessId: string) =>
    business(businessId, '/settings/approval-policies/create'),
  /** Editing a policy: its page plus /create, as the spec's "current path plus /create". */
  settingsApprovalPolicyEdit: (businessId: string, policyId: string) =>
    business(businessId, `/settings/approval-policies/${enc(policyId)}/create`),
  settingsBankAccount: (businessId: string) => business(businessId, '/settings/bank-account'),
  settingsAcceptCardPayment: (businessId: string) => business(businessId, '/settings/accept-card-payment'),
  settingsIntegration: (businessId: string) => business(businessId, '/settings/integration'),
  settingsBusinessProfile: (businessId: string) => business(businessId, '/settings/business-profile'),

  vendors: (businessId: string) => business(businessId, '/vendors'),
  vendorAdd: (businessId: string) => business(businessId, '/vendors/add'),
  vendor: (businessId: string, vendorId: string) => business(businessId, `/vendors/${enc(vendorId)}`),
  customers: (businessId: string) => business(businessId, '/customers'),
  customerAdd: (businessId: string) => business(businessId, '/customers/add'),
  customer: (businessId: string, customerId: string) => business(businessId, `/customers/${enc(customerId)}`),

  bills: (businessId: string) => business(businessId, '/bills'),
  billCreate: (businessId: string) => business(businessId, '/bills/create'),
  /** Editing an unpaid bill (issue 15; the spec has no page of its own for it). */
  billEdit: (businessId: string, billId: string) => business(businessId, `/bills/${enc(billId)}/edit`),
  billsDue: (businessId: string) => business(businessId, '/bills/due'),
  billsForReview: (businessId: string) => business(businessId, '/bills/payment-request'),
  billPayments: (businessId: string) => business(businessId, '/bills/payment/list'),
  /** The bills area's Approvals tab (issue 18: the approve-payment lists; path not shown). */
  billApprovals: (businessId: string) => business(businessId, '/bills/approvals'),
  billMakePayment: (businessId: string, paymentId: string) =>
    business(businessId, `/bills/payment-request/${enc(paymentId)}/make-payment`),
  billPaymentDetail: (businessId: string, paymentId: string) =>
    business(businessId, `/bills/payment/${enc(paymentId)}/detail`),
  billPaymentPreview: (businessId: string, paymentId: string, paymentRequestId?: string) =>
    withQuery(business(businessId, `/bills/payment/${enc(paymentId)}`), { paymentRequestId }),

  invoices: (businessId: string) => business(businessId, '/invoices'),
  invoiceCreate: (businessId: string) => business(businessId, '/invoices/create'),
  invoiceDetail: (businessId: string, invoiceId: string) =>
    business(businessId, `/invoices/${enc(invoiceId)}/detail`),
  invoicePayments: (businessId: string) => business(businessId, '/invoices/payment/list'),
  invoicePaymentDetail: (businessId: string, paymentId: string) =>
    business(businessId, `/invoices/payment/${enc(paymentId)}/detail`),
  invoicePaymentPreview: (businessId: string, paymentId: string, paymentRequestId?: string) =>
    withQuery(business(businessId, `/invoices/payment/${enc(paymentId)}`), { paymentRequestId }),

  guestPaymentStart: () => '/process/payment/start',
  guestPayment: () => '/process/payment',
  guestPaymentOnboard: () => '/process/payment/onboard',
  guestPaymentUnauthorized: () => '/process/payment/unauthorized',
  autoPayInfo: () => '/process/auto-pay/info',
  autoPayBusinessMappingCheck: () => '/process/auto-pay/business-mapping-check',
  autoPayBusiness: () => '/process/auto-pay/business',
  autoPayMethod: () => '/process/auto-pay/method',
  autoPaySuccess: () => '/process/auto-pay/success',
  bankProcessStart: () => '/process/bank/start',
} as const;

/** Pages where a 403 answer sends the user to /unauthorized (spec 000 §8). */
export const FORBIDDEN_REDIRECT_PATHS = [
  '/process/payment/start',
  '/process/auto-pay/info',
  '/go',
  '/process/bank/start',
] as const;
