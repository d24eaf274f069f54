import { z } from 'zod';
import {
  BUSINESS_CATEGORY_NONE,
  BUSINESS_TYPE_VALUES,
  EMPLOYEE_COUNT_BANDS,
  type EmployeeCountBand,
} from '../catalogues/access.js';
import { findCountry } from '../catalogues/countries.js';
import { EDGE_WHITESPACE_MESSAGE, nameField, textField } from './text-field.js';

/** Letters (accented too), digits, underscore, whitespace and . , & ' - / */
export const BUSINESS_NAME_PATTERN = /^[\p{L}\p{N}_\s.,&'\-/]+$/u;

export const BUSINESS_MESSAGES = {
  nameRequired: 'Business name is required',
  invalidCharacters: 'Invalid characters detected',
  nameOnlySpaces: 'Business name cannot contain only spaces.',
  nameTooShort: 'Business name must be at least 2 characters.',
  nameTooLong: 'Business name cannot exceed 100 characters.',
  fieldRequired: 'This field is required',
} as const;

/** Business name: 2–100 characters, business-name characters, no edge whitespace. */
export const businessNameSchema = textField({
  required: BUSINESS_MESSAGES.nameRequired,
  onlySpaces: BUSINESS_MESSAGES.nameOnlySpaces,
  edgeWhitespace: EDGE_WHITESPACE_MESSAGE,
  min: { length: 2, message: BUSINESS_MESSAGES.nameTooShort },
  max: { length: 100, message: BUSINESS_MESSAGES.nameTooLong },
  pattern: { regex: BUSINESS_NAME_PATTERN, message: BUSINESS_MESSAGES.invalidCharacters },
});

/** Business details form: name, type and the 'none of these categories apply' agreement. */
export const businessDetailsSchema = z.object({
  businessName: businessNameSchema,
  businessType: z.enum(BUSINESS_TYPE_VALUES, { error: BUSINESS_MESSAGES.fieldRequired }),
  agreeNoRestrictedCategory: z.literal(true, { error: BUSINESS_MESSAGES.fieldRequired }),
});
export type BusinessDetails = z.infer<typeof businessDetailsSchema>;

export const BUSINESS_COUNTRY_MESSAGE = 'Please select a valid country.';

/**
 * `POST /business` and `PATCH /business/{id}` body (spec 000 §7): the details form as sent. The
 * category is `NONE` when the 'none of these categories apply' box is ticked; a business in a
 * restricted category cannot use the product, so no other value is accepted. `country` is an optional
 * extension (ISO alpha-2 of the country list): without it the business takes the user's country.
 */
export const businessDetailsRequestSchema = z.object({
  businessName: businessNameSchema,
  businessType: z.enum(BUSINESS_TYPE_VALUES, { error: BUSINESS_MESSAGES.fieldRequired }),
  category: z.literal(BUSINESS_CATEGORY_NONE, { error: BUSINESS_MESSAGES.fieldRequired }),
  country: z
    .string()
    .trim()
    .refine((code) => findCountry(code) !== undefined, { error: BUSINESS_COUNTRY_MESSAGE })
    .transform((code) => findCountry(code)?.code ?? code)
    .optional(),
});
export type BusinessDetailsRequest = z.infer<typeof businessDetailsRequestSchema>;

export const firstNameSchema = nameField('First name');
export const lastNameSchema = nameField('Last name');

export const TERMS_MESSAGE = 'You must agree to the Terms of Service and Privacy Policy';
export const termsSchema = z.literal(true, { error: TERMS_MESSAGE });

export const PRACTICE_MESSAGES = {
  firmNameRequired: 'Practice firm name is required.',
  firmNameTooShort: 'Practice firm name must be at least 3 characters.',
  firmNameTooLong: 'Practice firm name cannot exceed 50 characters.',
  firmNameNumeric: 'Practice firm name cannot contain only numbers.',
  clientRangeRequired: 'Number of clients is required.',
  jobTitleRequired: 'Job title is required.',
  jobTitleTooShort: 'Job title must be at least 2 characters.',
  jobTitleTooLong: 'Job title cannot exceed 64 characters.',
  jobTitleLetters: 'Job title can only contain letters.',
  inviteNameRequired: 'Name is required',
  inviteNameTooShort: 'Name must be at least 3 characters',
} as const;

/** Practice firm name: 3–50 characters, business-name pattern, not numeric only. */
export const practiceFirmNameSchema = textField({
  required: PRACTICE_MESSAGES.firmNameRequired,
  onlySpaces: PRACTICE_MESSAGES.firmNameRequired,
  edgeWhitespace: EDGE_WHITESPACE_MESSAGE,
  min: { length: 3, message: PRACTICE_MESSAGES.firmNameTooShort },
  max: { length: 50, message: PRACTICE_MESSAGES.firmNameTooLong },
  pattern: { regex: BUSINESS_NAME_PATTERN, message: BUSINESS_MESSAGES.invalidCharacters },
  checks: [{ test: (v) => !/^[\d\s]+$/.test(v), message: PRACTICE_MESSAGES.firmNameNumeric }],
});

const BAND_VALUES = EMPLOYEE_COUNT_BANDS.map((b) => b.value) as [EmployeeCountBand, ...EmployeeCountBand[]];

export const practiceFirmSchema = z.object({
  practiceFirmName: practiceFirmNameSchema,
  clientRange: z.enum(BAND_VALUES, { error: PRACTICE_MESSAGES.clientRangeRequired }),
});
export type PracticeFirm = z.infer<typeof practiceFirmSchema>;

/** Job title: 2–64 letters (and spaces between words). */
export const jobTitleSchema = textField({
  required: PRACTICE_MESSAGES.jobTitleRequired,
  onlySpaces: PRACTICE_MESSAGES.jobTitleRequired,
  min: { length: 2, message: PRACTICE_MESSAGES.jobTitleTooShort },
  max: { length: 64, message: PRACTICE_MESSAGES.jobTitleTooLong },
  pattern: { regex: /^\p{L}+(?: \p{L}+)*$/u, message: PRACTICE_MESSAGES.jobTitleLetters },
});
