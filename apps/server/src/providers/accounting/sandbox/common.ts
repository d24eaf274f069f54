import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNTING_PROVIDERS } from '@ferry/domain/catalogues';
import type {
  SANDBOX_BOOKS_EDITABLE_KINDS,
  SandboxBooksKind,
  SandboxCompany,
  SandboxConsent,
  SandboxConsentRequest,
  SandboxGrant,
  SandboxRecord,
} from '@ferry/domain/schemas';
import type { AccountingProvider, AccountingProviderType } from '../accounting.js';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const ACCESS_TOKEN_TTL_MS = 60 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 100 * 24 * 60 * 60 * 1000;
export const LIST_PAGE_SIZE = 100;
/** The only place Sandbox Books sends a browser back to: Ferry's OAuth callback. */
export const CALLBACK_PATH = '/api/integration/callback';
/** The consent page in Ferry's browser app. */
export const AUTHORIZE_PATH = '/sandbox/books/authorize';

export const SANDBOX_BOOKS_MESSAGES = {
  companyNotFound: 'Company not found.',
  recordNotFound: 'Record not found.',
  chooseCompany: 'Please choose a company.',
  email: 'Please enter a valid email.',
  redirectUri: 'The redirect address is not allowed.',
  signIn: 'Please sign in to continue.',
  invalidCode: 'The authorization code is invalid or expired.',
  denied: 'Access was declined at the consent page.',
  tokenExpired: 'The access token is invalid or expired.',
  refreshExpired: 'The refresh token is invalid or expired.',
  aboveBalance: 'The payment is more than the balance.',
} as const;

export type EditableKind = (typeof SANDBOX_BOOKS_EDITABLE_KINDS)[number];

export interface Paged<T> {
  items: T[];
  total: number;
  pageNumber: number;
  pageSize: number;
}

export interface SandboxBooks {
  /** The AccountingProvider of a type, on Sandbox Books (mode 'sandbox'; every type shares the books). */
  provider(type: AccountingProviderType): AccountingProvider;
  /** What the consent page shows (CONNECT needs a signed-in user: the companies are theirs). */
  getConsent(input: {
    userId: string | null;
    providerType: AccountingProviderType;
    purpose: 'CONNECT' | 'SIGN_IN';
    redirectUri: string;
  }): Promise<SandboxConsent>;
  /** The consent decision → where the browser goes (Ferry's callback with a code, or with the refusal). */
  decideConsent(input: { userId: string | null; request: SandboxConsentRequest }): Promise<{
    redirectUrl: string;
  }>;
  listCompanies(input: { userId: string }): Promise<SandboxCompany[]>;
  createCompany(input: { userId: string; name: string; sample: boolean }): Promise<SandboxCompany>;
  listRecords(input: {
    userId: string;
    companyId: string;
    kind: SandboxBooksKind;
    search?: string;
    pageNumber: number;
    pageSize: number;
  }): Promise<Paged<SandboxRecord>>;
  createRecord(input: {
    userId: string;
    companyId: string;
    kind: EditableKind;
    data: Record<string, unknown>;
  }): Promise<SandboxRecord>;
  /** Merges `data` into the record's fields, validates the result, bumps updated_at and version. */
  updateRecord(input: {
    userId: string;
    companyId: string;
    recordId: string;
    data: Record<string, unknown>;
  }): Promise<SandboxRecord>;
  /** Marks the record inactive (deleted in the books), bumping updated_at so the next sync sees it. */
  deactivateRecord(input: { userId: string; companyId: string; recordId: string }): Promise<SandboxRecord>;
  listGrants(input: { userId: string; companyId: string }): Promise<SandboxGrant[]>;
  /** Every live grant covering the company is expired: its access and refresh tokens are refused. */
  expireTokens(input: { userId: string; companyId: string }): Promise<{ expired: number }>;
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const secret = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;
export const ID = /^[0-9a-f]{24}$/;
export const providerName = (type: AccountingProviderType) =>
  ACCOUNTING_PROVIDERS.find((provider) => provider.value === type)?.label ?? type;
