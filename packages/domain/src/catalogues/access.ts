import { z } from 'zod';

/** User active statuses (spec 000 §4, 001 §4). */
export const USER_ACTIVE_STATUSES = [
  'PENDING',
  'GUEST_ACTIVE',
  'ACTIVE',
  'INACTIVE',
  'SUSPENDED',
  'DELETED',
] as const;
export type UserActiveStatus = (typeof USER_ACTIVE_STATUSES)[number];
export const userActiveStatusSchema = z.enum(USER_ACTIVE_STATUSES);

export const USER_TYPES = ['ACCOUNTANT', 'SME_OWNER', 'PRACTICE_MEMBER'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const userTypeSchema = z.enum(USER_TYPES);

export const BUSINESS_ROLES = ['ADMIN'] as const;

export const ONBOARDING_STEPS = [
  'EMAIL_VERIFICATION',
  'PHONE_VERIFICATION',
  'VERIFICATION_COMPLETED',
  'USER_TYPE_SELECTION_COMPLETED',
  'USER_DETAILS_COMPLETED',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const BUSINESS_VERIFICATION_STEPS = [
  'NOT_INITIATED',
  'BUSINESS_DETAILS',
  'FORM_FILLER',
  'OWNERS',
] as const;
export type BusinessVerificationStep = (typeof BUSINESS_VERIFICATION_STEPS)[number];

export const BUSINESS_VERIFICATION_STATUSES = ['SUBMITTED', 'FULL_VERIFIED', 'REJECTED'] as const;
export type BusinessVerificationStatus = (typeof BUSINESS_VERIFICATION_STATUSES)[number];

export const BUSINESS_ONBOARDING_STATES = [
  'KYC_PENDING',
  'KYB_PENDING',
  'MAPPING_PENDING',
  'ACTION_REQUIRED',
  'REVIEW_PENDING',
  'EARN_REWARDS',
] as const;
export type BusinessOnboardingState = (typeof BUSINESS_ONBOARDING_STATES)[number];

/** Action state of identity verification and similar steps. */
export const ACTION_STATES = ['COMPLETED', 'ACTION_REQUIRED'] as const;
export type ActionState = (typeof ACTION_STATES)[number];

/** Business types (spec 000 §3): stored value and the label shown. */
export const BUSINESS_TYPES = [
  { value: 'SOLE_PROPRIETORSHIP', label: 'Sole Proprietorship' },
  { value: 'PARTNERSHIP', label: 'Partnership' },
  { value: 'LLC', label: 'Limited Liability Company (LLC)' },
  { value: 'CORPORATION', label: 'Corporation' },
  { value: 'NON_PROFIT_ORGANISATION', label: 'Non Profit Organisation' },
  { value: 'OTHER', label: 'Other' },
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number]['value'];
export const BUSINESS_TYPE_VALUES = BUSINESS_TYPES.map((t) => t.value) as [BusinessType, ...BusinessType[]];
export const businessTypeSchema = z.enum(BUSINESS_TYPE_VALUES, { error: 'This field is required' });

/** The category submitted when the 'none of these categories apply' box is ticked. */
export const BUSINESS_CATEGORY_NONE = 'NONE';

/** Employee-count bands with display labels. */
export const EMPLOYEE_COUNT_BANDS = [
  { value: 'ZERO_TO_FIVE', label: '0-5' },
  { value: 'FIVE_TO_FIFTEEN', label: '5-15' },
  { value: 'FIFTEEN_TO_FIFTY', label: '15-50' },
  { value: 'FIFTY_TO_HUNDRED', label: '50-100' },
  { value: 'HUNDRED_AND_ABOVE', label: '100+' },
] as const;
export type EmployeeCountBand = (typeof EMPLOYEE_COUNT_BANDS)[number]['value'];

export const ADDRESS_TYPES = ['billing', 'shipping', 'mailing', 'unknown', 'primary'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** Invitation types (spec 000 §3). */
export const INVITATION_TYPES = [
  'PRACTICE',
  'BUSINESS_BENEFICIAL_OWNER',
  'BUSINESS_PAYMENT',
  'OTHER_USER',
  'BILL_PAYMENT',
  'AUTO_PAYMENT',
  'FORGOT_PASSWORD',
  'REDIRECT',
  'SIGNUP',
  'CONTROL_PERSON',
  'MANUAL_BANK_VERIFICATION',
] as const;
export type InvitationType = (typeof INVITATION_TYPES)[number];

/** Invitation actions (spec 000 §3). */
export const INVITATION_ACTIONS = [
  'LINK_BILL_AND_SEND_PAYMENT',
  'LINK_PAYMENT_AND_ACCEPT',
  'AUTHORIZE_AUTO_PAYMENT',
  'RECONNECT_BANK_ACCOUNT',
  'MANUAL_BANK_VERIFICATION_FAILED',
  'MANUAL_BANK_VERIFICATION_PENDING',
  'ACCEPT_BENEFICIAL_OWNER_INVITE',
  'ACCEPT_CONTROL_PERSON_INVITE',
  'ACCEPT_OTHER_USER_INVITE',
  'RECONNECT_ACCOUNTING_INTEGRATION',
  'SETUP_ACCOUNTING_INTEGRATION',
] as const;
export type InvitationAction = (typeof INVITATION_ACTIONS)[number];

/** Identity-verification outcomes of the verification flow. */
export const VERIFICATION_FLOW_STEPS = [
  'EMAIL_VERIFICATION',
  'PHONE_VERIFICATION',
  'VERIFICATION_COMPLETED',
] as const;
