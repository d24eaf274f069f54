import {
  CUSTOMER_EMAILS_RULE,
  customerRequestSchema,
  MESSAGES,
  MONEY_MESSAGES,
  paths,
  type Subject,
  VENDOR_EMAILS_RULE,
  vendorRequestSchema,
} from '@ferry/domain';

/** The two kinds of accounting contact (spec 002 §3): vendors (Pay) and customers (Get Paid). */
export type ContactKind = 'vendor' | 'customer';

export type ContactKindConfig = {
  kind: ContactKind;
  /** 'Vendor' / 'Customer'. */
  label: string;
  /** 'Vendors' / 'Customers'. */
  pluralLabel: string;
  /** The API path segment under `.../accounting/contacts/`. */
  apiSegment: 'vendors' | 'customers';
  /** The CASL subject that `manage` gates add, edit, confirm and documents on (spec 002 §6). */
  manageSubject: Extract<Subject, 'PayManageVendors' | 'GetPaidManageCustomers'>;
  /** The auto-payment right of the kind's side: with it, a contact with an ACCEPTED mapping may be edited. */
  autoPaymentSubject: Extract<Subject, 'PayManageAutoPayments' | 'GetPaidManageCustomerAutoPayments'>;
  /**
   * Limits and messages of the secondary emails: the schema rule of the kind (vendor 5, customer 3), the
   * one the server applies. The vendor edit dialog's '4 emails in total' reading is not applied: adding and
   * editing a vendor then allow the same.
   */
  emailsRule: typeof VENDOR_EMAILS_RULE;
  /** The add request schema (the server's), which the form validates with. */
  requestSchema: typeof vendorRequestSchema;
  /** The label of the secondary-emails list (vendor 'Secondary', customer 'Additional'). */
  secondaryEmailsLabel: string;
  emptyStateText: string;
  editTitle: string;
  finalizeTitle: string;
  /** Toasts after a successful add and edit (spec 002 §8; the server's messages too). */
  savedMessage: string;
  updatedMessage: string;
  /** Shown in the dialog when an edit fails without a message of the server to show (spec 002 §8). */
  updateFailedMessage: string;
  listHref: (businessId: string) => string;
  addHref: (businessId: string) => string;
  detailHref: (businessId: string, contactId: string) => string;
};

export const CONTACT_KINDS: Record<ContactKind, ContactKindConfig> = {
  vendor: {
    kind: 'vendor',
    label: 'Vendor',
    pluralLabel: 'Vendors',
    apiSegment: 'vendors',
    manageSubject: 'PayManageVendors',
    autoPaymentSubject: 'PayManageAutoPayments',
    emailsRule: VENDOR_EMAILS_RULE,
    requestSchema: vendorRequestSchema,
    secondaryEmailsLabel: 'Secondary emails',
    emptyStateText: 'Add your first vendor to send a payment',
    editTitle: 'Edit Vendor Details',
    finalizeTitle: 'Finalize Vendor Details',
    savedMessage: MONEY_MESSAGES.saved,
    updatedMessage: MONEY_MESSAGES.saved,
    updateFailedMessage: MONEY_MESSAGES.updateVendorFailed,
    listHref: paths.vendors,
    addHref: paths.vendorAdd,
    detailHref: paths.vendor,
  },
  customer: {
    kind: 'customer',
    label: 'Customer',
    pluralLabel: 'Customers',
    apiSegment: 'customers',
    manageSubject: 'GetPaidManageCustomers',
    autoPaymentSubject: 'GetPaidManageCustomerAutoPayments',
    emailsRule: CUSTOMER_EMAILS_RULE,
    requestSchema: customerRequestSchema,
    secondaryEmailsLabel: 'Additional emails',
    emptyStateText: 'Add your first customer to receive a payment',
    editTitle: 'Edit Customer Details',
    finalizeTitle: 'Finalize Customer Details',
    savedMessage: 'Customer added successfully.',
    updatedMessage: MONEY_MESSAGES.customerUpdated,
    updateFailedMessage: MESSAGES.somethingWentWrongLowerBang,
    listHref: paths.customers,
    addHref: paths.customerAdd,
    detailHref: paths.customer,
  },
};
