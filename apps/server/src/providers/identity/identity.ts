/**
 * Identity verification (KYC of a person, KYB of a business) through a hosted inquiry: Ferry creates an
 * inquiry at the provider, sends the person to the provider's hosted page with a session token, and the
 * provider's decision comes back by redirect (read again from the provider, never trusted from the
 * browser) or by webhook.
 */

/** An individual's identity (KYC) or a business's registration and tax id (KYB). */
export type InquiryKind = 'INDIVIDUAL' | 'BUSINESS';

/**
 * Where an inquiry stands at the provider. CREATED/PENDING: not finished; COMPLETED: the person finished
 * and a decision is pending; NEEDS_REVIEW: a human reviewer decides; APPROVED/DECLINED: decided;
 * FAILED/EXPIRED: ended without a decision.
 */
export const INQUIRY_STATUSES = [
  'CREATED',
  'PENDING',
  'COMPLETED',
  'NEEDS_REVIEW',
  'APPROVED',
  'DECLINED',
  'FAILED',
  'EXPIRED',
] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export interface InquiryFields {
  /** Individual: the person's name and email, prefilled into the hosted form. */
  nameFirst?: string;
  nameLast?: string;
  emailAddress?: string;
  /** Business: what the business verification checks. */
  businessName?: string;
  businessTaxId?: string;
  addressStreet1?: string;
  addressStreet2?: string;
  addressCity?: string;
  addressSubdivision?: string;
  addressPostalCode?: string;
  addressCountryCode?: string;
}

export interface CreatedInquiry {
  inquiryId: string;
  status: InquiryStatus;
}

export interface InquirySession {
  inquiryId: string;
  /** Lets the browser open (or resume) the inquiry on the hosted page. */
  sessionToken: string;
}

export interface InquiryState {
  inquiryId: string;
  status: InquiryStatus;
  /** The reference Ferry gave at creation (the user or business id). */
  referenceId: string | null;
}

/** A verified webhook event: which inquiry changed (its state is then read with `getInquiry`). */
export interface IdentityEvent {
  eventId: string;
  inquiryId: string;
}

export interface IdentityProvider {
  readonly name: string;
  /** Creates an inquiry; an INDIVIDUAL inquiry is then finished by the person on the hosted page. */
  createInquiry(options: {
    kind: InquiryKind;
    referenceId: string;
    fields: InquiryFields;
    /** Makes a retried create return the same inquiry. */
    idempotencyKey: string;
  }): Promise<CreatedInquiry>;
  /** A fresh session token for the hosted page (resuming a started inquiry needs one). */
  createSession(inquiryId: string): Promise<InquirySession>;
  /** The provider's current view of an inquiry. */
  getInquiry(inquiryId: string): Promise<InquiryState>;
  /**
   * The hosted page's address for a session; after the person finishes or leaves, the page sends them
   * to `redirectUri` with `inquiry-id` and `status` query parameters.
   */
  hostedUrl(options: { session: InquirySession; redirectUri: string; origin: string }): string;
  /** Checks a webhook's signature and reads the inquiry it is about; null when it is not one of ours. */
  parseWebhook(options: {
    rawBody: string;
    headers: Record<string, string | undefined>;
  }): IdentityEvent | null;
}

/** Whether a status is a final decision. */
export const isDecided = (status: InquiryStatus): boolean => status === 'APPROVED' || status === 'DECLINED';
