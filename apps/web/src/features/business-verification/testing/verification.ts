import { SEATTLE_ADDRESS } from '@/testing/addresses';
import type { BeneficialView, ControlPersonView, OwnerView } from '../api/get-beneficial-owners';
import type { VerificationFormView } from '../api/get-verification-form';

export const BUSINESS_ID = '0123456789abcdef01234567';
export const KYB_PAGE = `/b/${BUSINESS_ID}/kyb/details`;
export const FORM_PATH = `/business/${BUSINESS_ID}/verification/form`;
export const OWNERS_PATH = `/business/${BUSINESS_ID}/beneficial`;
export const INIT_PATH = `/business/${BUSINESS_ID}/verification/init`;

export const SAVED_ADDRESS = SEATTLE_ADDRESS;

export const SAVED_FORM: NonNullable<VerificationFormView['form']> = {
  legalBusinessName: 'Harbor Coffee Roasters LLC',
  taxId: '12-3456789',
  website: 'harborcoffee.com',
  employeeCount: 'FIVE_TO_FIFTEEN',
  address: SAVED_ADDRESS,
};

/** `GET /business/{id}/verification/form` for its Admin: nothing saved, identity not verified, in the US. */
export const makeFormView = (overrides: Partial<VerificationFormView> = {}): VerificationFormView => ({
  businessId: BUSINESS_ID,
  businessName: 'Harbor Coffee Roasters',
  businessType: 'LLC',
  country: 'US',
  verificationStep: 'NOT_INITIATED',
  status: null,
  onboardingState: 'KYC_PENDING',
  form: null,
  identity: { verificationStep: 'NOT_INITIATED', status: 'PENDING' },
  canEdit: true,
  ...overrides,
});

export const makeControlPerson = (overrides: Partial<ControlPersonView> = {}): ControlPersonView => ({
  id: 'cccccccccccccccccccccccc',
  isSelf: true,
  userId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@acme.test',
  identityStatus: 'VERIFIED',
  invitationSentAt: null,
  title: 'Founder',
  ...overrides,
});

export const makeOwner = (overrides: Partial<OwnerView> = {}): OwnerView => ({
  id: 'dddddddddddddddddddddddd',
  isSelf: false,
  userId: null,
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@acme.test',
  identityStatus: 'INVITED',
  invitationSentAt: '2026-03-02T10:00:00.000Z',
  ownershipPercent: 40,
  ...overrides,
});

/** `GET /business/{id}/beneficial`: nobody saved yet. */
export const makeOwnersView = (overrides: Partial<BeneficialView> = {}): BeneficialView => ({
  businessId: BUSINESS_ID,
  verificationStep: 'NOT_INITIATED',
  status: null,
  submittedAt: null,
  canEdit: true,
  controlPerson: null,
  owners: [],
  ...overrides,
});
