import { z } from 'zod';
import { AUTO_PAYMENT_MAPPING_STATUSES } from '../catalogues/auto-payment.js';
import { BANK_ACCOUNT_TYPES, BANK_VERIFICATION_STATUSES } from '../catalogues/banking.js';
import { addressSchema } from './address.js';
import {
  BANK_ACCOUNT_MESSAGES,
  bankAccountSchema,
  hasValidRoutingChecksum,
  taxIdSchema,
} from './bank-account.js';
import { CONTACT_MESSAGES, CUSTOMER_EMAILS_RULE, contactSchema, VENDOR_EMAILS_RULE } from './contact.js';
import { emailSchema } from './email.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pagedSchema } from './envelope.js';
import { phoneSchema } from './phone.js';

/** Requests and answers of the contacts area (spec 002 §7 "Contacts"), shared by the server and the browser. */

export const CONTACT_KINDS = ['VENDOR', 'CUSTOMER'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

export const CONTACT_SEARCH_MAX = 30;
export const NETWORK_SEARCH_MIN = 3;
export const NETWORK_SEARCH_PAGE_SIZE = 10;
export const PICKER_PAGE_SIZE = 100;
/** The activity log's page sizes go up to 1,000 (spec 002 §9: sizes 10, 50, 1000; the audit trail reads all). */
export const ACTIVITY_LOG_MAX_PAGE_SIZE = 1000;

export const CONTACT_API_MESSAGES = {
  searchTooLong: 'Search term cannot exceed 30 characters.',
  networkSearchTooShort: 'Please enter at least 3 characters.',
  routingChecksum: BANK_ACCOUNT_MESSAGES.routingChecksum,
  managedByVendor: 'Bank details of a network vendor are managed by the vendor.',
  vendorExists: 'A vendor with this email already exists.',
  customerExists: 'A customer with this email already exists.',
  vendorNotFound: 'Vendor not found.',
  customerNotFound: 'Customer not found.',
  contactNotFound: 'Contact not found.',
  documentNotFound: 'Document not found.',
  bankAccountNotFound: 'Bank account not found.',
  networkBusinessNotFound: 'Network business not found.',
  ownBusiness: 'You cannot add your own business.',
  alreadyVendor: 'This business is already one of your vendors.',
  alreadyCustomer: 'This business is already one of your customers.',
  contactAlreadyLinked: 'This contact is already linked to a business on Ferry.',
} as const;

const searchTermSchema = z
  .string()
  .trim()
  .max(CONTACT_SEARCH_MAX, { error: CONTACT_API_MESSAGES.searchTooLong })
  .optional();

/** Vendor or customer list: paging, sort (name ascending by default) and a search over name and email. */
export const contactListQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sortBy: z.enum(['name', 'email', 'createdAt']).default('name'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  searchTerm: searchTermSchema,
});
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

/** Pickers (bill vendors, invoice customers): page 1 of 100 by default. */
export const contactPickerQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PICKER_PAGE_SIZE).default(PICKER_PAGE_SIZE),
  searchTerm: searchTermSchema,
});
export type ContactPickerQuery = z.infer<typeof contactPickerQuerySchema>;

/** A phone left empty (no number typed) counts as no phone. */
const optionalPhoneSchema = z.preprocess(
  (value) =>
    value &&
    typeof value === 'object' &&
    'phoneNumber' in value &&
    typeof value.phoneNumber === 'string' &&
    value.phoneNumber.trim() === ''
      ? null
      : value,
  phoneSchema.nullable().optional(),
);

interface EmailsRule {
  max: number;
  maxMessage: string;
  sameAsPrimaryMessage: string;
}

/** The secondary-email rule of a type, as issues on `secondaryEmails` (count, duplicates, primary). */
export const checkSecondaryEmails = (
  rule: EmailsRule,
  email: string,
  secondaryEmails: readonly string[],
  addIssue: (message: string, path: (string | number)[]) => void,
): void => {
  if (secondaryEmails.length > rule.max) addIssue(rule.maxMessage, ['secondaryEmails']);
  const seen = new Set<string>();
  secondaryEmails.forEach((value, index) => {
    const key = value.toLowerCase();
    if (key === email.toLowerCase()) addIssue(rule.sameAsPrimaryMessage, ['secondaryEmails', index]);
    else if (seen.has(key)) addIssue(CONTACT_MESSAGES.duplicate, ['secondaryEmails', index]);
    seen.add(key);
  });
};

const contactFields = {
  name: contactSchema.shape.name,
  email: emailSchema,
  secondaryEmails: z.array(emailSchema),
  phoneNumber: optionalPhoneSchema,
  addresses: z.object({ billing: addressSchema.optional() }).optional(),
};

const contactRequestSchema = (rule: EmailsRule) =>
  z
    .object({ ...contactFields, secondaryEmails: contactFields.secondaryEmails.default([]) })
    .superRefine((v, ctx) =>
      checkSecondaryEmails(rule, v.email, v.secondaryEmails, (message, path) =>
        ctx.addIssue({ code: 'custom', message, path }),
      ),
    );

const contactUpdateSchema = (rule: EmailsRule) =>
  z
    .object({
      name: contactFields.name.optional(),
      email: emailSchema.optional(),
      secondaryEmails: contactFields.secondaryEmails.optional(),
      phoneNumber: optionalPhoneSchema,
      addresses: contactFields.addresses,
    })
    .superRefine((v, ctx) => {
      // Without the primary email the server checks against the stored one.
      if (v.email !== undefined && v.secondaryEmails !== undefined) {
        checkSecondaryEmails(rule, v.email, v.secondaryEmails, (message, path) =>
          ctx.addIssue({ code: 'custom', message, path }),
        );
      } else if (v.secondaryEmails && v.secondaryEmails.length > rule.max) {
        ctx.addIssue({ code: 'custom', message: rule.maxMessage, path: ['secondaryEmails'] });
      }
    });

/** New vendor: at most 5 secondary emails. */
export const vendorRequestSchema = contactRequestSchema(VENDOR_EMAILS_RULE);
/** New customer: at most 3 additional emails. */
export const customerRequestSchema = contactRequestSchema(CUSTOMER_EMAILS_RULE);
export type ContactRequest = z.infer<typeof vendorRequestSchema>;
export type ContactRequestInput = z.input<typeof vendorRequestSchema>;

/** Edit of a vendor: the fields given replace the stored ones (`phoneNumber: null` removes the phone). */
export const vendorUpdateSchema = contactUpdateSchema(VENDOR_EMAILS_RULE);
export const customerUpdateSchema = contactUpdateSchema(CUSTOMER_EMAILS_RULE);
export type ContactUpdate = z.infer<typeof vendorUpdateSchema>;

export const taxIdRequestSchema = z.object({ taxId: taxIdSchema });
export type TaxIdRequest = z.infer<typeof taxIdRequestSchema>;

const idSchema = z.string().trim().min(1);

/** Manual bank details of a vendor: the bank form, the ABA checksum and the consent. */
export const vendorBankAccountRequestSchema = bankAccountSchema
  .safeExtend({
    vendorId: idSchema,
    consent: z.literal(true, { error: BANK_ACCOUNT_MESSAGES.consentRequired }),
  })
  .superRefine((v, ctx) => {
    if (/^\d{9}$/.test(v.routingNumber) && !hasValidRoutingChecksum(v.routingNumber)) {
      ctx.addIssue({
        code: 'custom',
        message: CONTACT_API_MESSAGES.routingChecksum,
        path: ['routingNumber'],
      });
    }
  });
export type VendorBankAccountRequest = z.infer<typeof vendorBankAccountRequestSchema>;

export const markPrimaryBankRequestSchema = z.object({ vendorId: idSchema, bankAccountId: idSchema });
export type MarkPrimaryBankRequest = z.infer<typeof markPrimaryBankRequestSchema>;

export const networkSearchQuerySchema = z.object({
  businessName: z
    .string({ error: CONTACT_API_MESSAGES.networkSearchTooShort })
    .trim()
    .min(NETWORK_SEARCH_MIN, { error: CONTACT_API_MESSAGES.networkSearchTooShort })
    .max(100, { error: 'Business name cannot exceed 100 characters.' }),
  pageNumber: z.coerce.number().int().min(1).default(1),
});
export type NetworkSearchQuery = z.infer<typeof networkSearchQuerySchema>;

/**
 * GET /business/{id}/fbn/{product}?searchTerm (spec 002 §7): the network lookup of a contact picker.
 * `payable` looks for vendors (bills), `receivable` for customers (invoices). At least 2 characters,
 * at most 20 a page.
 */
export const FBN_PRODUCTS = ['payable', 'receivable'] as const;
export type FbnProduct = (typeof FBN_PRODUCTS)[number];
export const FBN_SEARCH_MIN = 2;
export const FBN_PAGE_SIZE_MAX = 20;
export const FBN_MESSAGES = {
  searchTooShort: `Please enter at least ${FBN_SEARCH_MIN} characters to search.`,
} as const;
export const fbnSearchQuerySchema = z.object({
  searchTerm: z
    .string({ error: FBN_MESSAGES.searchTooShort })
    .trim()
    .min(FBN_SEARCH_MIN, { error: FBN_MESSAGES.searchTooShort })
    .max(100, { error: 'Search term cannot exceed 100 characters.' }),
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(FBN_PAGE_SIZE_MAX).default(FBN_PAGE_SIZE_MAX),
});
export type FbnSearchQuery = z.infer<typeof fbnSearchQuerySchema>;

export const networkContactRequestSchema = z.object({
  fbnBusinessId: idSchema,
  entityType: z.string().optional(),
});
export type NetworkContactRequest = z.infer<typeof networkContactRequestSchema>;

export const contactBusinessMappingRequestSchema = z.object({
  businessId: idSchema,
  mappedBusinessId: idSchema,
  contactId: idSchema,
});
export type ContactBusinessMappingRequest = z.infer<typeof contactBusinessMappingRequestSchema>;

export const contactBusinessMappingExistRequestSchema = z.object({
  businessId: idSchema,
  mappedBusinessId: idSchema,
  entityType: z.enum(CONTACT_KINDS).optional(),
});
export type ContactBusinessMappingExistRequest = z.infer<typeof contactBusinessMappingExistRequestSchema>;

export const networkInvitationRequestSchema = z.object({
  contactIds: z.array(idSchema).min(1, { error: 'Select at least one contact.' }).max(100),
});
export type NetworkInvitationRequest = z.infer<typeof networkInvitationRequestSchema>;

export const activityLogQuerySchema = z.object({
  entityType: z.string().trim().min(1).max(64).optional(),
  /** The spec's name of `entityType` (`entity=approval_groups`, `entity=approval_policies`). */
  entity: z.string().trim().min(1).max(64).optional(),
  entityId: z.string().trim().min(1).max(64).optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ACTIVITY_LOG_MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type ActivityLogQuery = z.infer<typeof activityLogQuerySchema>;

// ---- Answers ----

export const addressViewSchema = z.object({
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
});
export type AddressView = z.infer<typeof addressViewSchema>;

export const fbnBusinessSchema = z.object({
  businessId: z.string(),
  businessName: z.string(),
  addresses: z.object({ billing: addressViewSchema.nullable() }),
  website: z.string().nullable(),
});

export const contactViewSchema = z
  .object({
    id: z.string(),
    type: z.enum(CONTACT_KINDS),
    name: z.string(),
    email: z.string(),
    secondaryEmails: z.array(z.string()),
    phones: z.object({
      default: z
        .object({ phoneNumber: z.string(), phoneCountryCode: z.string(), countryISOCode: z.string() })
        .nullable(),
    }),
    addresses: z.object({ billing: addressViewSchema.nullable() }),
    /** '12-3456789' for members who manage the contact type, '*** 6789' for the others. */
    taxId: z.string().nullable(),
    fbnBusiness: fbnBusinessSchema.nullable(),
    needsFinalize: z.boolean(),
    documentsCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /**
     * The status of the contact's auto-payment mapping (issue 20), for its label (AUTO_PAYMENT_CONTACT_LABELS);
     * null or absent without one, or when the member may not read auto payments.
     */
    autoPaymentStatus: z.enum(AUTO_PAYMENT_MAPPING_STATUSES).nullable().optional(),
  })
  .meta({ id: 'Contact' });
export type ContactView = z.infer<typeof contactViewSchema>;
export const contactPageSchema = pagedSchema(contactViewSchema);

export const documentViewSchema = z
  .object({
    id: z.string(),
    contactId: z.string(),
    fileName: z.string(),
    mimeType: z.string(),
    size: z.number().int(),
    documentType: z.string(),
    entityType: z.string().nullable(),
    /** Same-origin download path (member only). */
    url: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'ContactDocument' });
export type DocumentView = z.infer<typeof documentViewSchema>;

export const documentListSchema = z.object({
  items: z.array(documentViewSchema),
  total: z.number().int(),
  maxCount: z.number().int(),
});
export type DocumentList = z.infer<typeof documentListSchema>;

export const VENDOR_BANK_ACCOUNT_STATUSES = ['UNDER_REVIEW', 'VERIFIED', 'INVALID'] as const;
const BANK_ACCOUNT_TYPE_VALUES = BANK_ACCOUNT_TYPES.map((t) => t.value) as [
  (typeof BANK_ACCOUNT_TYPES)[number]['value'],
  ...(typeof BANK_ACCOUNT_TYPES)[number]['value'][],
];

export const vendorBankViewSchema = z
  .object({
    id: z.string(),
    vendorId: z.string(),
    bankName: z.string(),
    accountType: z.enum(BANK_ACCOUNT_TYPE_VALUES),
    subtype: z.enum(BANK_ACCOUNT_TYPE_VALUES),
    accountHolderName: z.string(),
    routingNumber: z.string(),
    /** Last 4 digits only. */
    accountMask: z.string(),
    isPrimary: z.boolean(),
    verificationStatus: z.enum(BANK_VERIFICATION_STATUSES),
    accountStatus: z.enum(VENDOR_BANK_ACCOUNT_STATUSES),
    badge: z.enum(['Under Review', 'Verified', 'Invalid']),
    createdAt: z.string(),
  })
  .meta({ id: 'VendorBankAccount' });
export type VendorBankView = z.infer<typeof vendorBankViewSchema>;

export const vendorBankListSchema = z.object({
  managedByVendor: z.boolean(),
  items: z.array(vendorBankViewSchema),
});
export type VendorBankList = z.infer<typeof vendorBankListSchema>;

export const networkBusinessSchema = z
  .object({
    id: z.string(),
    businessName: z.string(),
    businessEmail: z.string().nullable(),
    website: z.string().nullable(),
    addresses: z.object({ billing: addressViewSchema.nullable() }),
    verificationStatus: z.string().nullable(),
  })
  .meta({ id: 'NetworkBusiness' });
export type NetworkBusiness = z.infer<typeof networkBusinessSchema>;

/** A network business found by the fbn lookup, with the caller's contact already linked to it, if any. */
export const fbnLookupResultSchema = networkBusinessSchema
  .extend({ contact: z.object({ id: z.string(), name: z.string() }).nullable() })
  .meta({ id: 'FbnLookupResult' });
export type FbnLookupResult = z.infer<typeof fbnLookupResultSchema>;

export const contactMappingExistsSchema = z.object({ exists: z.boolean(), contactId: z.string().nullable() });

export const ACTOR_TYPES = ['USER', 'SYSTEM', 'PROVIDER'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

export const activityLogItemSchema = z
  .object({
    id: z.string(),
    entityType: z.string(),
    entityId: z.string(),
    action: z.string(),
    label: z.string(),
    actor: z.object({
      type: z.enum(ACTOR_TYPES),
      name: z.string().nullable(),
      /** The spec's name of `name` (spec 001 §3 audit log entry: actor.performedByName). */
      performedByName: z.string().nullable().optional(),
    }),
    remarks: z.string().nullable(),
    /** The record before and after the change, where the entry keeps them (approval groups and policies). */
    metadata: z.object({ oldData: z.unknown(), newData: z.unknown() }).nullable().optional(),
    createdAt: z.string(),
  })
  .meta({ id: 'ActivityLogItem' });
export type ActivityLogItem = z.infer<typeof activityLogItemSchema>;

/** Activity actions of the contacts area (the browser picks an icon by action). */
export const CONTACT_ACTIVITY_ACTIONS = [
  'CONTACT_CREATED',
  'CONTACT_UPDATED',
  'TAX_ID_UPDATED',
  'DOCUMENT_UPLOADED',
  'DOCUMENT_DELETED',
  'BANK_ACCOUNT_ADDED',
  'BANK_ACCOUNT_MARKED_PRIMARY',
  'NETWORK_LINKED',
  'NETWORK_INVITATION_SENT',
] as const;
export type ContactActivityAction = (typeof CONTACT_ACTIVITY_ACTIONS)[number];

/** The activity-log entity type of a contact (vendor or customer). */
export const CONTACT_ENTITY_TYPE = 'contacts';
