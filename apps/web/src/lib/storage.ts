/**
 * Browser storage for the client data of spec 000 §3 ("Stored client data").
 *
 * - Every key is prefixed with `ferry.` so our data never collides with other scripts on the origin and
 *   can be cleared as a group.
 * - Values are JSON. A value that cannot be parsed reads as `null` (storage is user-controlled input).
 * - The device id is written here too but is owned by `device-id.ts`; no clear in this file removes it.
 * - Session data is not encrypted in the browser: any key shipped to the browser would be readable by the
 *   same scripts the encryption is meant to stop. The browser's session token is an HttpOnly cookie set by
 *   the server (ARCHITECTURE §3); `session.token` is only present when the server hands one out.
 */
import { isId } from '@ferry/domain';

export const STORAGE_PREFIX = 'ferry.';

/** Dispatched on `window` after every write or removal made through this module (same-tab updates). */
export const STORAGE_CHANGE_EVENT = 'ferry:storage';

export type StoredSession = { token?: string; sessionId?: string };

export type StoredPhone = {
  countryCode: string;
  phoneNumber: string;
  countryISOCode: string;
  isPrimary?: boolean;
  isPhoneNumberVerified?: boolean;
  otpId?: string;
};

export type StoredUser = {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  country?: string;
  activeStatus?: string;
  isPasswordSet?: boolean;
  isEmailVerified?: boolean;
  isPhoneNumberVerified?: boolean;
  userType?: string | null;
  verificationStep?: string;
  linkBillPopupDismiss?: boolean;
  phones?: StoredPhone[];
};

export type StoredActiveBusiness = { id: string; permissions: unknown[] };

export type StoredInvitation = {
  invitationType: string;
  code?: string;
  invitationData?: Record<string, unknown>;
};

/**
 * Where an identity verification was started from (spec 000 §4 "Identity verification"): the after-cancel
 * routing reads it. Guest flows (payment, auto-payment authorisation) and the customer auto-payment set it
 * before sending the person to /verify/identity; the business (KYB) flow and a plain user verification are
 * recorded by that page itself.
 */
export const VERIFICATION_TYPES = [
  'GUEST_PAYMENT',
  'GUEST_AUTO_PAYMENT',
  'AUTO_PAYMENT',
  'BUSINESS',
  'USER',
] as const;
export type VerificationType = (typeof VERIFICATION_TYPES)[number];

/**
 * The verification under way: where it started (`type`), the user's status then (`userStatus`), and the
 * business and customer it concerns when known (the after-cancel routing leads back to them).
 */
export type StoredVerification = {
  type?: VerificationType;
  userStatus?: string;
  businessId?: string;
  customerId?: string;
};

export type StoredGuestPaymentInfo = {
  /** The emailed link's secret (features/guest-payment): kept for the whole guest flow. */
  token?: string;
  /** The guest session's greeting name and masked phone (the phone step after a reload). */
  firstName?: string;
  maskedPhone?: string | null;
  paymentType: string;
  payerId?: string;
  payeeId?: string;
  amount?: number | string;
  amountToPay?: number | string;
  paymentRequestId?: string;
  payeeAcceptCardPayment?: boolean;
  payeeCardSurchargeEnabled?: boolean;
  payeeCardMerchantId?: string;
  isNewUser?: boolean;
  isNewBusiness?: boolean;
  contactName?: string;
  payerBusinessName?: string;
  payeeBusinessName?: string;
  paymentId?: string;
};

export type StoredNavigationSource = { source?: string; data?: unknown; lastSelectedTab: string };

export type StoredBreadcrumb = { items: { label: string; href?: string }[]; title?: string };

export type StoredSelectedPaymentRequest = {
  totalPaymentRequests?: number;
  totalDueBillRecords?: number;
  totalPaymentRecords?: number;
  selectedPaymentRequest?: unknown;
};

/** Every stored value, by key (without the prefix). */
export type StoredData = {
  session: StoredSession;
  user: StoredUser;
  invitedUser: StoredInvitation;
  activeBusiness: StoredActiveBusiness;
  /** Where identity verification leads back to once it is done or cancelled (a path on this site). */
  verificationReturnUrl: string;
  verification: StoredVerification;
  selectedBills: string[];
  guestPaymentInfo: StoredGuestPaymentInfo;
  navigationSource: StoredNavigationSource;
  breadcrumb: StoredBreadcrumb;
  selectedPaymentRequest: StoredSelectedPaymentRequest;
  accountingState: Record<string, unknown>;
  roleData: Record<string, unknown>;
  /** Page an invited user was on when the session ended; sign-in returns there. */
  redirectPage: string;
  visitorId: string;
  deviceId: string;
  /** 'Don't show this message again' ticked on the invite-to-network intro dialog. */
  networkInviteIntroDismissed: boolean;
};

export type StorageKey = keyof StoredData;

/** What sign-out (and a 401) clears — spec 000 §4 "Sign-out". The device id and visitor id stay. */
export const SESSION_KEYS = [
  'selectedBills',
  'user',
  'invitedUser',
  'accountingState',
  'guestPaymentInfo',
  'roleData',
  'session',
] as const satisfies readonly StorageKey[];

/** Keys that no clear made by our code removes. */
export const PERSISTENT_KEYS = ['deviceId', 'visitorId'] as const satisfies readonly StorageKey[];

export const DEFAULT_NAVIGATION_TAB = 'forReview';

export const storageKey = (key: StorageKey): string => `${STORAGE_PREFIX}${key}`;

const getStore = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can throw on access (disabled cookies, some private modes).
    return null;
  }
};

const notify = (key: StorageKey) => {
  if (typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent(STORAGE_CHANGE_EVENT, { detail: { key } }));
  }
};

/** The raw stored string (stable between calls, so usable as a `useSyncExternalStore` snapshot). */
export const readRaw = (key: StorageKey): string | null => getStore()?.getItem(storageKey(key)) ?? null;

export const getStored = <K extends StorageKey>(key: K): StoredData[K] | null => {
  const raw = readRaw(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as StoredData[K];
  } catch {
    return null;
  }
};

export const setStored = <K extends StorageKey>(key: K, value: StoredData[K]): void => {
  try {
    getStore()?.setItem(storageKey(key), JSON.stringify(value));
  } catch {
    // Quota exceeded or storage disabled: the app keeps working without persistence.
  }
  notify(key);
};

export const removeStored = (key: StorageKey): void => {
  getStore()?.removeItem(storageKey(key));
  notify(key);
};

/** Sign-out clearing rules (spec 000 §4): selected bills, user, invited user, accounting state, guest
 * payment info, role data and session. The device id is kept. */
export const clearSessionData = (): void => {
  for (const key of SESSION_KEYS) removeStored(key);
};

/** Removes every `ferry.` key except the device id and visitor id. */
export const clearAllStoredData = (): void => {
  const store = getStore();
  if (!store) return;
  const keep = new Set<string>(PERSISTENT_KEYS.map(storageKey));
  const doomed: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const name = store.key(i);
    if (name?.startsWith(STORAGE_PREFIX) && !keep.has(name)) doomed.push(name);
  }
  for (const name of doomed) store.removeItem(name);
  if (typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent(STORAGE_CHANGE_EVENT, { detail: { key: null } }));
  }
};

/** The stored active business id, only if it is a well-formed id (spec 000 §3). */
export const getActiveBusinessId = (): string | null => {
  const id = getStored('activeBusiness')?.id;
  return typeof id === 'string' && isId(id) ? id : null;
};

export const getNavigationSource = (): StoredNavigationSource =>
  getStored('navigationSource') ?? { lastSelectedTab: DEFAULT_NAVIGATION_TAB };

export const getSessionToken = (): string | null => getStored('session')?.token ?? null;

export const getSessionId = (): string | null => getStored('session')?.sessionId ?? null;

/** Spec 000 §8: the 401 path keeps the current page only while an invited user is being handled. */
export const isHandlingInvitedUser = (): boolean => getStored('invitedUser') !== null;
