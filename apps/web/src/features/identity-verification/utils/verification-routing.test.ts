import { describe, expect, it } from 'vitest';
import { makeUserProfile } from '@/testing/users';
import {
  getPathAfterCancel,
  getPathAfterCompletion,
  getVerificationHome,
  getVerificationOutcome,
  type VerificationRouting,
} from './verification-routing';

const BUSINESS = '0123456789abcdef01234567';
const OTHER = 'fedcba9876543210fedcba98';
const CUSTOMER = 'cccccccccccccccccccccccc';
const HOME = `/b/${OTHER}/home`;

const routing = (overrides: Partial<VerificationRouting> = {}): VerificationRouting => ({
  flowBusinessId: null,
  businessId: null,
  type: null,
  activeStatus: 'ACTIVE',
  returnUrl: null,
  customerId: null,
  home: HOME,
  ...overrides,
});

describe('getVerificationOutcome', () => {
  it.each([
    ['COMPLETED', 'APPROVED', 'approved'],
    ['COMPLETED', 'COMPLETED', 'submitted'],
    ['COMPLETED', 'NEEDS_REVIEW', 'submitted'],
    ['ACTION_REQUIRED', 'DECLINED', 'declined'],
    ['ACTION_REQUIRED', 'FAILED', 'declined'],
    ['ACTION_REQUIRED', 'EXPIRED', 'cancelled'],
    ['ACTION_REQUIRED', 'CREATED', 'cancelled'],
    ['NOT_INITIATED', 'PENDING', 'cancelled'],
  ])('step %s with inquiry %s is %s', (verificationStep, inquiryStatus, outcome) => {
    expect(getVerificationOutcome({ verificationStep, inquiryStatus })).toBe(outcome);
  });
});

describe('getPathAfterCompletion', () => {
  it('goes on to the business details in the business flow', () => {
    expect(getPathAfterCompletion(routing({ flowBusinessId: BUSINESS, returnUrl: '/x' }))).toBe(
      `/b/${BUSINESS}/kyb/details`,
    );
  });

  it('keeps the KYB page it was started from (with its query) in the business flow', () => {
    const kyb = `/b/${BUSINESS}/kyb/details?returnUrl=auto-pay`;
    expect(getPathAfterCompletion(routing({ flowBusinessId: BUSINESS, returnUrl: kyb }))).toBe(kyb);
    expect(
      getPathAfterCompletion(routing({ flowBusinessId: BUSINESS, returnUrl: `/b/${OTHER}/kyb/details` })),
    ).toBe(`/b/${BUSINESS}/kyb/details`);
  });

  it('else to the stored return URL, else home', () => {
    expect(getPathAfterCompletion(routing({ returnUrl: '/process/payment' }))).toBe('/process/payment');
    expect(getPathAfterCompletion(routing())).toBe(HOME);
  });
});

describe('getPathAfterCancel (spec 000 §4 "Identity verification")', () => {
  it.each(['GUEST_PAYMENT', 'GUEST_AUTO_PAYMENT'] as const)(
    'sends an active user coming from %s to the business profile',
    (type) => {
      expect(getPathAfterCancel(routing({ type, businessId: BUSINESS }))).toBe(
        `/b/${BUSINESS}/settings/business-profile`,
      );
    },
  );

  it('sends an active guest without a known business home', () => {
    expect(getPathAfterCancel(routing({ type: 'GUEST_PAYMENT' }))).toBe(HOME);
  });

  it.each([
    ['GUEST_AUTO_PAYMENT', 'GUEST_ACTIVE', '/process/auto-pay/success'],
    ['GUEST_AUTO_PAYMENT', 'PENDING', '/process/auto-pay/success'],
    ['GUEST_PAYMENT', 'GUEST_ACTIVE', '/process/payment'],
  ] as const)('sends a user coming from %s who is %s to the success page', (type, activeStatus, to) => {
    expect(getPathAfterCancel(routing({ type, activeStatus, businessId: BUSINESS, returnUrl: '/x' }))).toBe(
      to,
    );
  });

  it('sends an auto payment back to the customer, or to the customer list', () => {
    expect(
      getPathAfterCancel(routing({ type: 'AUTO_PAYMENT', businessId: BUSINESS, customerId: CUSTOMER })),
    ).toBe(`/b/${BUSINESS}/customers/${CUSTOMER}`);
    expect(getPathAfterCancel(routing({ type: 'AUTO_PAYMENT', businessId: BUSINESS }))).toBe(
      `/b/${BUSINESS}/customers`,
    );
  });

  it('otherwise returns to the target: the stored return URL, else the business details in the business flow', () => {
    const business = routing({ type: 'BUSINESS', flowBusinessId: BUSINESS, businessId: BUSINESS });
    expect(getPathAfterCancel({ ...business, returnUrl: `/b/${BUSINESS}/settings/business-profile` })).toBe(
      `/b/${BUSINESS}/settings/business-profile`,
    );
    expect(getPathAfterCancel(business)).toBe(`/b/${BUSINESS}/kyb/details`);
    expect(getPathAfterCancel(routing({ type: 'USER', returnUrl: '/accept-invitation' }))).toBe(
      '/accept-invitation',
    );
  });

  it('else home (also for an auto payment without a business)', () => {
    expect(getPathAfterCancel(routing({ type: 'USER' }))).toBe(HOME);
    expect(getPathAfterCancel(routing())).toBe(HOME);
    expect(getPathAfterCancel(routing({ type: 'AUTO_PAYMENT' }))).toBe(HOME);
  });
});

describe('getVerificationHome', () => {
  it('is the active business home', () => {
    expect(getVerificationHome(makeUserProfile(), BUSINESS)).toBe(`/b/${BUSINESS}/home`);
  });

  it('else the post-login destination: the account type for an invitee, else onboarding', () => {
    expect(getVerificationHome(makeUserProfile({ userType: null }), null)).toBe('/select-account-type');
    expect(getVerificationHome(makeUserProfile(), null)).toBe('/onboard/b/add');
    expect(getVerificationHome(null, null)).toBe('/onboard/b/add');
  });
});
