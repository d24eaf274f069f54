import { describe, expect, it } from 'vitest';
import { paths } from './paths.js';
import { getSwitchBusinessPath } from './switch-business-path.js';

const OLD = '0123456789abcdef01234567';
const NEW = 'fedcba9876543210fedcba98';

describe('getSwitchBusinessPath (spec 002 §2 switching business)', () => {
  it.each([
    // Settings: the sub-page is trimmed to the settings page itself.
    [`/b/${OLD}/settings/business-profile`, `/b/${NEW}/settings/business-profile`],
    [`/b/${OLD}/settings/approval-policies/create`, `/b/${NEW}/settings/approval-policies`],
    [`/b/${OLD}/settings/users?roleId=abc`, `/b/${NEW}/settings/users`],
    [`/b/${OLD}/settings`, `/b/${NEW}/settings`],
    // Contacts and invoices: their list pages.
    [`/b/${OLD}/vendors`, `/b/${NEW}/vendors`],
    [`/b/${OLD}/vendors/add`, `/b/${NEW}/vendors`],
    [`/b/${OLD}/vendors/v1`, `/b/${NEW}/vendors`],
    [`/b/${OLD}/customers/c1`, `/b/${NEW}/customers`],
    [`/b/${OLD}/invoices/create`, `/b/${NEW}/invoices`],
    [`/b/${OLD}/invoices/i1/detail`, `/b/${NEW}/invoices`],
    [`/b/${OLD}/invoices/payment/list`, `/b/${NEW}/invoices`],
    // Bills: the payment-request list, whatever the bills page.
    [`/b/${OLD}/bills`, `/b/${NEW}/bills/payment-request`],
    [`/b/${OLD}/bills/due`, `/b/${NEW}/bills/payment-request`],
    [`/b/${OLD}/bills/payment/list`, `/b/${NEW}/bills/payment-request`],
    [`/b/${OLD}/bills/payment-request/p1/make-payment`, `/b/${NEW}/bills/payment-request`],
    [`/b/${OLD}/bills/payment/p1?paymentRequestId=r1`, `/b/${NEW}/bills/payment-request`],
    // Other business pages keep their path (without the old query).
    [`/b/${OLD}/home`, `/b/${NEW}/home`],
    [`/b/${OLD}/home#setup`, `/b/${NEW}/home`],
    [`/b/${OLD}/kyb/details?returnUrl=auto-pay`, `/b/${NEW}/kyb/details`],
    // Nothing to keep: the new home.
    [`/b/${OLD}`, `/b/${NEW}/home`],
    [`/b/${OLD}/`, `/b/${NEW}/home`],
    [`/b/${OLD}?x=1`, `/b/${NEW}/home`],
    ['/account/password', `/b/${NEW}/home`],
    ['/onboard/b/add', `/b/${NEW}/home`],
    [`/onboard/b/${OLD}/link-bank`, `/b/${NEW}/home`],
    ['/b', `/b/${NEW}/home`],
    ['/', `/b/${NEW}/home`],
  ])('%s → %s', (from, to) => {
    expect(getSwitchBusinessPath(from, NEW)).toBe(to);
  });

  it('agrees with the path builders for the list pages', () => {
    expect(getSwitchBusinessPath(paths.billMakePayment(OLD, 'p1'), NEW)).toBe(paths.billsForReview(NEW));
    expect(getSwitchBusinessPath(paths.invoiceDetail(OLD, 'i1'), NEW)).toBe(paths.invoices(NEW));
    expect(getSwitchBusinessPath(paths.vendor(OLD, 'v1'), NEW)).toBe(paths.vendors(NEW));
    expect(getSwitchBusinessPath(paths.settingsApprovalPolicyCreate(OLD), NEW)).toBe(
      paths.settingsApprovalPolicies(NEW),
    );
  });

  it('encodes the new business id', () => {
    expect(getSwitchBusinessPath(`/b/${OLD}/home`, 'a/b')).toBe('/b/a%2Fb/home');
  });
});
