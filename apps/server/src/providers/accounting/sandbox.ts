import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNTING_PROVIDERS } from '@ferry/domain/catalogues';
import {
  SANDBOX_BOOKS_EDITABLE_KINDS,
  type SandboxBooksKind,
  type SandboxCompany,
  type SandboxConsent,
  type SandboxConsentRequest,
  type SandboxGrant,
  type SandboxRecord,
  sandboxAccountDataSchema,
  sandboxContactDataSchema,
  sandboxDocumentDataSchema,
  sandboxItemDataSchema,
} from '@ferry/domain/schemas';
import { and, asc, count, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { Database, DbOrTx, Tx } from '../../platform/db/client.js';
import { AppError, type FieldError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import {
  AccountingError,
  type AccountingHandle,
  type AccountingProvider,
  type AccountingProviderType,
  type AccountingTokens,
  type ImportKind,
  type ImportRecords,
  type PaymentPush,
  type PushKind,
  type PushRecords,
  type RemoteDocument,
} from './accounting.js';
import { buildSampleRecords } from './sandbox-sample.js';
import {
  type SandboxBooksCompanyRow,
  type SandboxBooksGrantRow,
  type SandboxBooksRecordRow,
  sandboxBooksCompanies,
  sandboxBooksGrants,
  sandboxBooksRecords,
} from './sandbox-tables.js';

/**
 * Sandbox Books: the accounting system that stands in for QuickBooks Online, Xero, FreshBooks and Zoho
 * Books when no real adapter is configured. `provider(type)` is the AccountingProvider (the same books
 * for every type); the other functions serve its consent page and its browse page (sandbox-routes.ts).
 */

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

type EditableKind = (typeof SANDBOX_BOOKS_EDITABLE_KINDS)[number];

interface Paged<T> {
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

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const secret = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;
const ID = /^[0-9a-f]{24}$/;
const providerName = (type: AccountingProviderType) =>
  ACCOUNTING_PROVIDERS.find((provider) => provider.value === type)?.label ?? type;

// ---------------------------------------------------------------------------------------------------
// Redirects
// ---------------------------------------------------------------------------------------------------

/** Ferry's callback (absolute http(s) URL or the bare path), or null for anything else. */
export function parseRedirectUri(redirectUri: string): URL | null {
  const relative = redirectUri.startsWith('/') && !redirectUri.startsWith('//');
  let url: URL;
  try {
    url = relative ? new URL(redirectUri, 'http://ferry.invalid') : new URL(redirectUri);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.pathname !== CALLBACK_PATH) return null;
  if (relative && url.origin !== 'http://ferry.invalid') return null;
  return url;
}

function assertRedirectUri(redirectUri: string): URL {
  const url = parseRedirectUri(redirectUri);
  if (!url) {
    throw new AppError('VALIDATION_ERROR', SANDBOX_BOOKS_MESSAGES.redirectUri, {
      errors: [{ field: 'redirectUri', message: SANDBOX_BOOKS_MESSAGES.redirectUri }],
    });
  }
  return url;
}

function redirectTo(redirectUri: string, params: Record<string, string>): string {
  const url = assertRedirectUri(redirectUri);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  url.hash = '';
  return redirectUri.startsWith('/') ? `${url.pathname}${url.search}` : url.toString();
}

// ---------------------------------------------------------------------------------------------------
// Record data: validation (browse page) and the provider interface's shapes
// ---------------------------------------------------------------------------------------------------

const DATA_SCHEMAS: Record<EditableKind, z.ZodType<Record<string, unknown>>> = {
  VENDOR: sandboxContactDataSchema,
  CUSTOMER: sandboxContactDataSchema,
  ACCOUNT: sandboxAccountDataSchema,
  ITEM: sandboxItemDataSchema,
  BILL: sandboxDocumentDataSchema,
  INVOICE: sandboxDocumentDataSchema,
};

const isEditable = (kind: string): kind is EditableKind =>
  (SANDBOX_BOOKS_EDITABLE_KINDS as readonly string[]).includes(kind);

const isCalendarDate = (value: unknown) =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

const validationError = (errors: FieldError[]) =>
  new AppError('VALIDATION_ERROR', errors[0]?.message ?? 'Invalid request', { errors });

/** The fields of a kind, as the browse page may set them (400 naming `data.<field>` otherwise). */
function validateData(kind: EditableKind, data: Record<string, unknown>): Record<string, unknown> {
  const parsed = DATA_SCHEMAS[kind].safeParse(data);
  if (!parsed.success) {
    throw validationError(
      parsed.error.issues.map((issue) => ({
        field: ['data', ...issue.path.map(String)].join('.'),
        message: issue.message,
      })),
    );
  }
  const value = parsed.data;
  if (kind === 'BILL' || kind === 'INVOICE') {
    const errors: FieldError[] = [];
    if (!isCalendarDate(value.date)) errors.push({ field: 'data.date', message: 'Dates are YYYY-MM-DD.' });
    if (value.dueDate != null && !isCalendarDate(value.dueDate))
      errors.push({ field: 'data.dueDate', message: 'Dates are YYYY-MM-DD.' });
    if ((value.balanceCents as number) > (value.totalCents as number))
      errors.push({ field: 'data.balanceCents', message: 'The balance cannot be more than the total.' });
    if (errors.length) throw validationError(errors);
  }
  return value;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

function toDocument(row: SandboxBooksRecordRow, currency: string): Omit<RemoteDocument, keyof Base> {
  const data = row.data;
  const lines = Array.isArray(data.lines) ? (data.lines as Record<string, unknown>[]) : [];
  const status = data.status === 'PAID' || data.status === 'VOID' ? data.status : 'OPEN';
  return {
    contactRemoteId: text(data.contactRemoteId) ?? '',
    number: text(data.number),
    date: text(data.date) ?? '',
    dueDate: text(data.dueDate),
    totalCents: num(data.totalCents) ?? 0,
    balanceCents: num(data.balanceCents) ?? 0,
    currency: text(data.currency) ?? currency,
    memo: text(data.memo),
    status,
    lines: lines.map((line) => ({
      description: text(line.description),
      amountCents: num(line.amountCents) ?? 0,
      quantity: num(line.quantity),
      accountRemoteId: text(line.accountRemoteId),
      itemRemoteId: text(line.itemRemoteId),
    })),
  };
}

interface Base {
  remoteId: string;
  updatedAt: string;
  active: boolean;
}

function toRemote<K extends ImportKind>(
  kind: K,
  row: SandboxBooksRecordRow,
  currency: string,
): ImportRecords[K] {
  const base: Base = { remoteId: row.id, updatedAt: row.updatedAt.toISOString(), active: row.active };
  const data = row.data;
  switch (kind) {
    case 'ACCOUNT': {
      const type = text(data.type);
      return {
        ...base,
        name: text(data.name) ?? '',
        number: text(data.number),
        type: type as ImportRecords['ACCOUNT']['type'],
      } as ImportRecords[K];
    }
    case 'ITEM':
      return {
        ...base,
        name: text(data.name) ?? '',
        description: text(data.description),
        unitPriceCents: num(data.unitPriceCents),
        isSold: data.isSold !== false,
        isPurchased: data.isPurchased === true,
      } as ImportRecords[K];
    case 'VENDOR':
    case 'CUSTOMER':
      return {
        ...base,
        name: text(data.name) ?? '',
        email: text(data.email),
        phone: text(data.phone),
      } as ImportRecords[K];
    default:
      return { ...base, ...toDocument(row, currency) } as ImportRecords[K];
  }
}

const recordView = (row: SandboxBooksRecordRow): SandboxRecord => ({
  id: row.id,
  kind: row.kind as SandboxBooksKind,
  active: row.active,
  updatedAt: row.updatedAt.toISOString(),
  data: row.data,
});

// ---------------------------------------------------------------------------------------------------
// List cursors: (updated_at, id), opaque to the caller
// ---------------------------------------------------------------------------------------------------

const encodeCursor = (row: SandboxBooksRecordRow) =>
  Buffer.from(`${row.updatedAt.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { updatedAt: Date; id: string } {
  const [instant, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const updatedAt = new Date(instant ?? '');
  if (!id || !ID.test(id) || Number.isNaN(updatedAt.getTime())) {
    throw new AccountingError('REJECTED', 'The page cursor is not valid.');
  }
  return { updatedAt, id };
}

function parseInstant(value: string): Date {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw new AccountingError('REJECTED', 'modifiedSince is not a date.');
  return instant;
}

// ---------------------------------------------------------------------------------------------------

export function createSandboxBooks(deps: { database: Database; clock: Clock }): SandboxBooks {
  const { db } = deps.database;
  const now = () => deps.clock.now();

  // --- ownership -------------------------------------------------------------------------------------

  const ownedCompany = async (userId: string, companyId: string, tx: DbOrTx = db) => {
    if (!ID.test(companyId)) throw new AppError('NOT_FOUND', SANDBOX_BOOKS_MESSAGES.companyNotFound);
    const [company] = await tx
      .select()
      .from(sandboxBooksCompanies)
      .where(and(eq(sandboxBooksCompanies.id, companyId), eq(sandboxBooksCompanies.ownerUserId, userId)))
      .limit(1);
    if (!company) throw new AppError('NOT_FOUND', SANDBOX_BOOKS_MESSAGES.companyNotFound);
    return company;
  };

  const companyRecord = async (companyId: string, recordId: string, tx: DbOrTx = db, lock = false) => {
    if (!ID.test(recordId)) return null;
    const query = tx
      .select()
      .from(sandboxBooksRecords)
      .where(and(eq(sandboxBooksRecords.companyId, companyId), eq(sandboxBooksRecords.id, recordId)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  };

  const companyViews = async (companies: SandboxBooksCompanyRow[]): Promise<SandboxCompany[]> => {
    if (companies.length === 0) return [];
    const counts = await db
      .select({ companyId: sandboxBooksRecords.companyId, kind: sandboxBooksRecords.kind, total: count() })
      .from(sandboxBooksRecords)
      .where(
        and(
          inArray(
            sandboxBooksRecords.companyId,
            companies.map((company) => company.id),
          ),
          eq(sandboxBooksRecords.active, true),
        ),
      )
      .groupBy(sandboxBooksRecords.companyId, sandboxBooksRecords.kind);
    return companies.map((company) => ({
      id: company.id,
      name: company.name,
      currency: company.currency,
      createdAt: company.createdAt.toISOString(),
      counts: Object.fromEntries(
        counts.filter((row) => row.companyId === company.id).map((row) => [row.kind, Number(row.total)]),
      ),
    }));
  };

  const listOwnedCompanies = (userId: string) =>
    db
      .select()
      .from(sandboxBooksCompanies)
      .where(eq(sandboxBooksCompanies.ownerUserId, userId))
      .orderBy(asc(sandboxBooksCompanies.createdAt), asc(sandboxBooksCompanies.id));

  /** The browse page's checks that a document's contact is in the books. */
  const assertContact = async (
    companyId: string,
    kind: 'BILL' | 'INVOICE',
    contactId: string,
    tx: DbOrTx,
  ) => {
    const contact = await companyRecord(companyId, contactId, tx);
    if (!contact || contact.kind !== (kind === 'BILL' ? 'VENDOR' : 'CUSTOMER')) {
      const message = kind === 'BILL' ? 'The vendor was not found.' : 'The customer was not found.';
      throw validationError([{ field: 'data.contactRemoteId', message }]);
    }
  };

  // --- tokens ----------------------------------------------------------------------------------------

  const issueTokens = (at: Date) => {
    const accessToken = secret('sbx_at_');
    const refreshToken = secret('sbx_rt_');
    const accessExpiresAt = new Date(at.getTime() + ACCESS_TOKEN_TTL_MS);
    const refreshExpiresAt = new Date(at.getTime() + REFRESH_TOKEN_TTL_MS);
    const tokens: AccountingTokens = {
      accessToken,
      refreshToken,
      accessTokenExpiresAt: accessExpiresAt.toISOString(),
      refreshTokenExpiresAt: refreshExpiresAt.toISOString(),
    };
    const columns = {
      accessTokenHash: sha256(accessToken),
      accessExpiresAt,
      refreshTokenHash: sha256(refreshToken),
      refreshExpiresAt,
      updatedAt: at,
    };
    return { tokens, columns };
  };

  /** The handle's company, when its access token is live and covers it. */
  const authorise = async (handle: AccountingHandle, tx: DbOrTx = db) => {
    const at = now();
    const [grant] = await tx
      .select()
      .from(sandboxBooksGrants)
      .where(eq(sandboxBooksGrants.accessTokenHash, sha256(handle.tokens.accessToken)))
      .limit(1);
    const live =
      grant &&
      !grant.expiredAt &&
      !grant.revokedAt &&
      grant.accessExpiresAt !== null &&
      grant.accessExpiresAt.getTime() > at.getTime();
    if (!live) throw new AccountingError('TOKEN_EXPIRED', SANDBOX_BOOKS_MESSAGES.tokenExpired);
    const [company] = ID.test(handle.organisationId)
      ? await tx
          .select()
          .from(sandboxBooksCompanies)
          .where(eq(sandboxBooksCompanies.id, handle.organisationId))
          .limit(1)
      : [];
    if (!company) throw new AccountingError('NOT_FOUND', 'The company was not found in the books.');
    if (!grant.companyIds.includes(company.id))
      throw new AccountingError('TOKEN_EXPIRED', 'The grant does not cover this company.');
    return company;
  };

  const grantStatus = (grant: SandboxBooksGrantRow, at: Date): SandboxGrant['status'] => {
    if (grant.revokedAt) return 'REVOKED';
    if (grant.expiredAt) return 'EXPIRED';
    if (grant.refreshExpiresAt) return grant.refreshExpiresAt > at ? 'ACTIVE' : 'EXPIRED';
    // Not exchanged yet: live while its code is.
    return !grant.codeUsedAt && grant.codeExpiresAt && grant.codeExpiresAt > at ? 'ACTIVE' : 'EXPIRED';
  };

  // --- pushes ----------------------------------------------------------------------------------------

  const rejected = (message: string) => new AccountingError('REJECTED', message);

  const recordOfKind = async (companyId: string, id: string, kind: string, tx: DbOrTx, lock = false) => {
    const row = await companyRecord(companyId, id, tx, lock);
    return row && row.kind === kind ? row : null;
  };

  /** A bill's or invoice's fields from a push (contact, accounts and items checked). */
  const documentData = async (
    companyId: string,
    kind: 'BILL' | 'INVOICE',
    record: PushRecords['BILL'],
    tx: DbOrTx,
  ) => {
    const contactKind = kind === 'BILL' ? 'VENDOR' : 'CUSTOMER';
    const contact = await recordOfKind(companyId, record.contactRemoteId, contactKind, tx);
    if (!contact) throw rejected(`The ${contactKind.toLowerCase()} ${record.contactRemoteId} was not found.`);
    for (const line of record.lines) {
      if (!Number.isSafeInteger(line.amountCents) || line.amountCents < 0)
        throw rejected('Line amounts are whole cents, not negative.');
      if (line.accountRemoteId && !(await recordOfKind(companyId, line.accountRemoteId, 'ACCOUNT', tx)))
        throw rejected(`The account ${line.accountRemoteId} was not found.`);
      if (line.itemRemoteId && !(await recordOfKind(companyId, line.itemRemoteId, 'ITEM', tx)))
        throw rejected(`The item ${line.itemRemoteId} was not found.`);
    }
    if (!isCalendarDate(record.date) || !isCalendarDate(record.dueDate))
      throw rejected('Dates are YYYY-MM-DD.');
    return {
      contactRemoteId: record.contactRemoteId,
      number: record.number,
      date: record.date,
      dueDate: record.dueDate,
      memo: record.memo,
      totalCents: record.lines.reduce((sum, line) => sum + line.amountCents, 0),
      lines: record.lines.map((line) => ({
        description: line.description,
        amountCents: line.amountCents,
        quantity: null,
        accountRemoteId: line.accountRemoteId,
        itemRemoteId: line.itemRemoteId,
      })),
    };
  };

  /** Inserts a pushed record once per (company, key): the first record's row on a repeat. */
  const insertOnce = async (
    tx: Tx,
    values: { companyId: string; kind: string; data: Record<string, unknown>; key: string; at: Date },
  ) => {
    const [inserted] = await tx
      .insert(sandboxBooksRecords)
      .values({
        id: newId(),
        companyId: values.companyId,
        kind: values.kind,
        data: values.data,
        idempotencyKey: values.key,
        createdAt: values.at,
        updatedAt: values.at,
      })
      .onConflictDoNothing()
      .returning();
    return inserted ?? null;
  };

  const findByKey = async (companyId: string, key: string, tx: DbOrTx) => {
    const [row] = await tx
      .select()
      .from(sandboxBooksRecords)
      .where(and(eq(sandboxBooksRecords.companyId, companyId), eq(sandboxBooksRecords.idempotencyKey, key)))
      .limit(1);
    return row ?? null;
  };

  const repeatOf = (row: SandboxBooksRecordRow, kind: string) => {
    if (row.kind !== kind) throw rejected('This idempotency key was used for another kind of record.');
    return { remoteId: row.id, updatedAt: row.updatedAt.toISOString() };
  };

  const createPayment = async (
    tx: Tx,
    companyId: string,
    kind: 'BILL_PAYMENT' | 'INVOICE_PAYMENT',
    payment: PaymentPush,
    key: string,
    at: Date,
  ) => {
    const documentKind = kind === 'BILL_PAYMENT' ? 'BILL' : 'INVOICE';
    // The document is locked first, so two payments of it (or a retried one) see each other's balance.
    const document = await recordOfKind(companyId, payment.documentRemoteId, documentKind, tx, true);
    const existing = await findByKey(companyId, key, tx);
    if (existing) return repeatOf(existing, kind);
    if (!document?.active)
      throw rejected(`The ${documentKind.toLowerCase()} ${payment.documentRemoteId} was not found.`);
    const account = await recordOfKind(companyId, payment.accountRemoteId, 'ACCOUNT', tx);
    if (!account) throw rejected(`The account ${payment.accountRemoteId} was not found.`);
    if (account.data.type !== 'BANK' && account.data.type !== 'CREDIT_CARD')
      throw rejected('Payments go through a bank or credit card account.');
    if (document.data.contactRemoteId !== payment.contactRemoteId)
      throw rejected(`The ${documentKind.toLowerCase()} belongs to another contact.`);
    if (!Number.isSafeInteger(payment.amountCents) || payment.amountCents <= 0)
      throw rejected('The payment amount must be a positive number of cents.');
    if (!isCalendarDate(payment.date)) throw rejected('Dates are YYYY-MM-DD.');
    const data = document.data;
    if (data.status === 'VOID') throw rejected(`The ${documentKind.toLowerCase()} is void.`);
    const balance = num(data.balanceCents) ?? 0;
    if (payment.amountCents > balance) throw rejected(SANDBOX_BOOKS_MESSAGES.aboveBalance);
    const inserted = await insertOnce(tx, {
      companyId,
      kind,
      data: { ...payment },
      key,
      at,
    });
    if (!inserted) {
      const repeat = await findByKey(companyId, key, tx);
      if (!repeat) throw new AccountingError('UNAVAILABLE', 'The payment could not be recorded.');
      return repeatOf(repeat, kind);
    }
    const newBalance = balance - payment.amountCents;
    await tx
      .update(sandboxBooksRecords)
      .set({
        data: { ...data, balanceCents: newBalance, status: newBalance === 0 ? 'PAID' : 'OPEN' },
        updatedAt: at,
        version: sql`${sandboxBooksRecords.version} + 1`,
      })
      .where(eq(sandboxBooksRecords.id, document.id));
    return { remoteId: inserted.id, updatedAt: inserted.updatedAt.toISOString() };
  };

  // --- the provider ----------------------------------------------------------------------------------

  const providers = new Map<AccountingProviderType, AccountingProvider>();

  const makeProvider = (type: AccountingProviderType): AccountingProvider => ({
    type,
    mode: 'sandbox',

    authorizationUrl({ state, redirectUri, purpose }) {
      const query = new URLSearchParams({ providerType: type, state, redirectUri, purpose });
      return `${AUTHORIZE_PATH}?${query.toString()}`;
    },

    async exchangeCode({ query, redirectUri }) {
      if (query.error) throw new AccountingError('ACCESS_DENIED', SANDBOX_BOOKS_MESSAGES.denied);
      const code = query.code;
      if (!code) throw new AccountingError('ACCESS_DENIED', SANDBOX_BOOKS_MESSAGES.invalidCode);
      const at = now();
      const { tokens, columns } = issueTokens(at);
      const [grant] = await db
        .update(sandboxBooksGrants)
        .set({ ...columns, codeUsedAt: at })
        .where(
          and(
            eq(sandboxBooksGrants.codeHash, sha256(code)),
            eq(sandboxBooksGrants.providerType, type),
            eq(sandboxBooksGrants.redirectUri, redirectUri),
            isNull(sandboxBooksGrants.codeUsedAt),
            gt(sandboxBooksGrants.codeExpiresAt, at),
            isNull(sandboxBooksGrants.revokedAt),
            isNull(sandboxBooksGrants.expiredAt),
          ),
        )
        .returning();
      if (!grant) throw new AccountingError('ACCESS_DENIED', SANDBOX_BOOKS_MESSAGES.invalidCode);
      const rows =
        grant.companyIds.length > 0
          ? await db
              .select()
              .from(sandboxBooksCompanies)
              .where(inArray(sandboxBooksCompanies.id, grant.companyIds))
          : [];
      // In the order the person chose them at the consent page.
      const companies = grant.companyIds.flatMap((id) => rows.filter((row) => row.id === id));
      const identity = grant.identity
        ? {
            providerUserId: `sbx_user_${sha256(grant.identity.email.toLowerCase()).slice(0, 24)}`,
            email: grant.identity.email,
            firstName: grant.identity.firstName,
            lastName: grant.identity.lastName,
          }
        : null;
      return {
        tokens,
        organisations: companies.map((company) => ({
          id: company.id,
          name: company.name,
          currency: company.currency,
        })),
        identity,
      };
    },

    async refreshTokens(previous) {
      const at = now();
      const { tokens, columns } = issueTokens(at);
      const [grant] = await db
        .update(sandboxBooksGrants)
        .set(columns)
        .where(
          and(
            eq(sandboxBooksGrants.refreshTokenHash, sha256(previous.refreshToken)),
            gt(sandboxBooksGrants.refreshExpiresAt, at),
            isNull(sandboxBooksGrants.revokedAt),
            isNull(sandboxBooksGrants.expiredAt),
          ),
        )
        .returning({ id: sandboxBooksGrants.id });
      if (!grant) throw new AccountingError('TOKEN_EXPIRED', SANDBOX_BOOKS_MESSAGES.refreshExpired);
      return tokens;
    },

    async revoke(tokens) {
      const at = now();
      await db
        .update(sandboxBooksGrants)
        .set({ revokedAt: at, updatedAt: at })
        .where(
          and(
            or(
              eq(sandboxBooksGrants.accessTokenHash, sha256(tokens.accessToken)),
              eq(sandboxBooksGrants.refreshTokenHash, sha256(tokens.refreshToken)),
            ),
            isNull(sandboxBooksGrants.revokedAt),
          ),
        );
    },

    async list(handle, kind, { cursor, modifiedSince }) {
      const company = await authorise(handle);
      const conditions: SQL[] = [
        eq(sandboxBooksRecords.companyId, company.id),
        eq(sandboxBooksRecords.kind, kind),
      ];
      if (modifiedSince) conditions.push(gt(sandboxBooksRecords.updatedAt, parseInstant(modifiedSince)));
      if (cursor) {
        const after = decodeCursor(cursor);
        conditions.push(
          sql`(${sandboxBooksRecords.updatedAt}, ${sandboxBooksRecords.id}) > (${after.updatedAt.toISOString()}::timestamptz, ${after.id})`,
        );
      }
      const rows = await db
        .select()
        .from(sandboxBooksRecords)
        .where(and(...conditions))
        .orderBy(asc(sandboxBooksRecords.updatedAt), asc(sandboxBooksRecords.id))
        .limit(LIST_PAGE_SIZE + 1);
      const page = rows.slice(0, LIST_PAGE_SIZE);
      const last = page[page.length - 1];
      return {
        records: page.map((row) => toRemote(kind, row, company.currency)),
        next: rows.length > LIST_PAGE_SIZE && last ? encodeCursor(last) : null,
      };
    },

    async create<K extends PushKind>(
      handle: AccountingHandle,
      kind: K,
      record: PushRecords[K],
      idempotencyKey: string,
    ) {
      const company = await authorise(handle);
      const at = now();
      return db.transaction(async (tx) => {
        if (kind === 'BILL_PAYMENT' || kind === 'INVOICE_PAYMENT') {
          return createPayment(tx, company.id, kind, record as PaymentPush, idempotencyKey, at);
        }
        const existing = await findByKey(company.id, idempotencyKey, tx);
        if (existing) return repeatOf(existing, kind);
        let data: Record<string, unknown>;
        if (kind === 'BILL' || kind === 'INVOICE') {
          const fields = await documentData(company.id, kind, record as PushRecords['BILL'], tx);
          data = {
            ...fields,
            balanceCents: fields.totalCents,
            currency: company.currency,
            status: 'OPEN',
          };
        } else {
          const contact = record as PushRecords['VENDOR'];
          data = { name: contact.name, email: contact.email, phone: contact.phone };
        }
        const inserted = await insertOnce(tx, { companyId: company.id, kind, data, key: idempotencyKey, at });
        const row = inserted ?? (await findByKey(company.id, idempotencyKey, tx));
        if (!row) throw new AccountingError('UNAVAILABLE', 'The record could not be created.');
        return repeatOf(row, kind);
      });
    },

    async update<K extends 'VENDOR' | 'CUSTOMER' | 'BILL' | 'INVOICE'>(
      handle: AccountingHandle,
      kind: K,
      remoteId: string,
      record: PushRecords[K],
    ) {
      const company = await authorise(handle);
      const at = now();
      return db.transaction(async (tx) => {
        const row = await recordOfKind(company.id, remoteId, kind, tx, true);
        if (!row) throw new AccountingError('NOT_FOUND', `The record ${remoteId} was not found.`);
        let data: Record<string, unknown>;
        if (kind === 'BILL' || kind === 'INVOICE') {
          if (row.data.status === 'VOID') throw rejected('The document is void.');
          const fields = await documentData(company.id, kind, record as PushRecords['BILL'], tx);
          const paid = (num(row.data.totalCents) ?? 0) - (num(row.data.balanceCents) ?? 0);
          if (fields.totalCents < paid) throw rejected('The total is less than what was already paid.');
          const balanceCents = fields.totalCents - paid;
          data = { ...row.data, ...fields, balanceCents, status: balanceCents === 0 ? 'PAID' : 'OPEN' };
        } else {
          const contact = record as PushRecords['VENDOR'];
          data = { ...row.data, name: contact.name, email: contact.email, phone: contact.phone };
        }
        const [updated] = await tx
          .update(sandboxBooksRecords)
          .set({ data, updatedAt: at, version: sql`${sandboxBooksRecords.version} + 1` })
          .where(eq(sandboxBooksRecords.id, row.id))
          .returning({ updatedAt: sandboxBooksRecords.updatedAt });
        return { updatedAt: (updated?.updatedAt ?? at).toISOString() };
      });
    },
  });

  // --- the service -----------------------------------------------------------------------------------

  return {
    provider(type) {
      let provider = providers.get(type);
      if (!provider) {
        provider = makeProvider(type);
        providers.set(type, provider);
      }
      return provider;
    },

    async getConsent({ userId, providerType, purpose, redirectUri }) {
      assertRedirectUri(redirectUri);
      if (purpose === 'CONNECT' && !userId)
        throw new AppError('UNAUTHENTICATED', SANDBOX_BOOKS_MESSAGES.signIn);
      const companies = purpose === 'CONNECT' && userId ? await listOwnedCompanies(userId) : [];
      return {
        providerType,
        providerName: providerName(providerType),
        purpose,
        companies: await companyViews(companies),
      };
    },

    async decideConsent({ userId, request }) {
      const { providerType, state, redirectUri, purpose, decision } = request;
      assertRedirectUri(redirectUri);
      if (purpose === 'CONNECT' && !userId)
        throw new AppError('UNAUTHENTICATED', SANDBOX_BOOKS_MESSAGES.signIn);
      if (decision === 'DENY') {
        return { redirectUrl: redirectTo(redirectUri, { error: 'access_denied', state, providerType }) };
      }
      const companyIds = [...new Set(request.companyIds)];
      if (companyIds.length > 0) {
        if (!userId) throw new AppError('UNAUTHENTICATED', SANDBOX_BOOKS_MESSAGES.signIn);
        const owned = await db
          .select({ id: sandboxBooksCompanies.id })
          .from(sandboxBooksCompanies)
          .where(
            and(
              inArray(
                sandboxBooksCompanies.id,
                companyIds.filter((id) => ID.test(id)),
              ),
              eq(sandboxBooksCompanies.ownerUserId, userId),
            ),
          );
        if (owned.length !== companyIds.length)
          throw validationError([{ field: 'companyIds', message: SANDBOX_BOOKS_MESSAGES.chooseCompany }]);
      }
      if (purpose === 'CONNECT' && companyIds.length === 0)
        throw validationError([{ field: 'companyIds', message: SANDBOX_BOOKS_MESSAGES.chooseCompany }]);
      if (purpose === 'SIGN_IN' && !request.email)
        throw validationError([{ field: 'email', message: SANDBOX_BOOKS_MESSAGES.email }]);
      const at = now();
      const code = secret('sbx_ac_');
      await db.insert(sandboxBooksGrants).values({
        id: newId(),
        providerType,
        ownerUserId: userId,
        companyIds,
        identity:
          purpose === 'SIGN_IN' && request.email
            ? { email: request.email, ...namesFromEmail(request.email) }
            : null,
        redirectUri,
        codeHash: sha256(code),
        codeExpiresAt: new Date(at.getTime() + CODE_TTL_MS),
        createdAt: at,
        updatedAt: at,
      });
      return { redirectUrl: redirectTo(redirectUri, { code, state, providerType }) };
    },

    async listCompanies({ userId }) {
      return companyViews(await listOwnedCompanies(userId));
    },

    async createCompany({ userId, name, sample }) {
      const at = now();
      const id = newId();
      const company = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(sandboxBooksCompanies)
          .values({ id, ownerUserId: userId, name, currency: 'USD', createdAt: at })
          .returning();
        if (sample) {
          const records = buildSampleRecords({ companyId: id, today: at });
          await tx.insert(sandboxBooksRecords).values(
            records.map((record) => ({
              id: record.id,
              companyId: id,
              kind: record.kind,
              data: record.data,
              createdAt: at,
              updatedAt: at,
            })),
          );
        }
        return row;
      });
      if (!company) throw new Error('company not created');
      const [view] = await companyViews([company]);
      if (!view) throw new Error('company not created');
      return view;
    },

    async listRecords({ userId, companyId, kind, search, pageNumber, pageSize }) {
      await ownedCompany(userId, companyId);
      const conditions: SQL[] = [
        eq(sandboxBooksRecords.companyId, companyId),
        eq(sandboxBooksRecords.kind, kind),
      ];
      if (search) {
        const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
        const data = sandboxBooksRecords.data;
        conditions.push(
          sql`concat_ws(' ', ${data}->>'name', ${data}->>'number', ${data}->>'email', ${data}->>'memo', ${data}->>'description') ilike ${pattern}`,
        );
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(sandboxBooksRecords)
          .where(where)
          .orderBy(desc(sandboxBooksRecords.updatedAt), desc(sandboxBooksRecords.id))
          .limit(pageSize)
          .offset((pageNumber - 1) * pageSize),
        db.select({ total: count() }).from(sandboxBooksRecords).where(where),
      ]);
      return { items: rows.map(recordView), total: Number(total?.total ?? 0), pageNumber, pageSize };
    },

    async createRecord({ userId, companyId, kind, data }) {
      const company = await ownedCompany(userId, companyId);
      const fields = validateData(kind, data);
      if (kind === 'BILL' || kind === 'INVOICE') {
        await assertContact(company.id, kind, String(fields.contactRemoteId), db);
        fields.currency = company.currency;
      }
      const at = now();
      const [row] = await db
        .insert(sandboxBooksRecords)
        .values({ id: newId(), companyId: company.id, kind, data: fields, createdAt: at, updatedAt: at })
        .returning();
      if (!row) throw new Error('record not created');
      return recordView(row);
    },

    async updateRecord({ userId, companyId, recordId, data }) {
      const company = await ownedCompany(userId, companyId);
      return db.transaction(async (tx) => {
        const row = await companyRecord(company.id, recordId, tx, true);
        if (!row) throw new AppError('NOT_FOUND', SANDBOX_BOOKS_MESSAGES.recordNotFound);
        if (!isEditable(row.kind))
          throw new AppError('BAD_REQUEST', 'Payments are made through the API only and cannot be edited.');
        const fields = validateData(row.kind, { ...row.data, ...data });
        if (row.kind === 'BILL' || row.kind === 'INVOICE') {
          await assertContact(company.id, row.kind, String(fields.contactRemoteId), tx);
          fields.currency = text(row.data.currency) ?? company.currency;
        }
        const [updated] = await tx
          .update(sandboxBooksRecords)
          .set({ data: fields, updatedAt: now(), version: sql`${sandboxBooksRecords.version} + 1` })
          .where(eq(sandboxBooksRecords.id, row.id))
          .returning();
        if (!updated) throw new AppError('NOT_FOUND', SANDBOX_BOOKS_MESSAGES.recordNotFound);
        return recordView(updated);
      });
    },

    async deactivateRecord({ userId, companyId, recordId }) {
      const company = await ownedCompany(userId, companyId);
      const [updated] = ID.test(recordId)
        ? await db
            .update(sandboxBooksRecords)
            .set({ active: false, updatedAt: now(), version: sql`${sandboxBooksRecords.version} + 1` })
            .where(and(eq(sandboxBooksRecords.companyId, company.id), eq(sandboxBooksRecords.id, recordId)))
            .returning()
        : [];
      if (!updated) throw new AppError('NOT_FOUND', SANDBOX_BOOKS_MESSAGES.recordNotFound);
      return recordView(updated);
    },

    async listGrants({ userId, companyId }) {
      const company = await ownedCompany(userId, companyId);
      const at = now();
      const grants = await db
        .select()
        .from(sandboxBooksGrants)
        .where(sql`${sandboxBooksGrants.companyIds} @> ${JSON.stringify([company.id])}::jsonb`)
        .orderBy(desc(sandboxBooksGrants.createdAt), desc(sandboxBooksGrants.id));
      return grants.map((grant) => ({
        id: grant.id,
        providerType: grant.providerType as AccountingProviderType,
        createdAt: grant.createdAt.toISOString(),
        accessExpiresAt: grant.accessExpiresAt?.toISOString() ?? null,
        status: grantStatus(grant, at),
      }));
    },

    async expireTokens({ userId, companyId }) {
      const company = await ownedCompany(userId, companyId);
      const at = now();
      const expired = await db
        .update(sandboxBooksGrants)
        .set({ expiredAt: at, updatedAt: at })
        .where(
          and(
            sql`${sandboxBooksGrants.companyIds} @> ${JSON.stringify([company.id])}::jsonb`,
            isNull(sandboxBooksGrants.expiredAt),
            isNull(sandboxBooksGrants.revokedAt),
          ),
        )
        .returning({ id: sandboxBooksGrants.id });
      return { expired: expired.length };
    },
  };
}

/** 'jane.doe@…' → Jane / Doe; otherwise no names (the sandbox knows only the email). */
function namesFromEmail(email: string): { firstName: string | null; lastName: string | null } {
  const parts = (email.split('@')[0] ?? '').split(/[._-]+/).filter((part) => /^[a-z]{2,}$/i.test(part));
  const title = (part: string) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase();
  if (parts.length < 2) return { firstName: parts[0] ? title(parts[0]) : null, lastName: null };
  return { firstName: title(parts[0] as string), lastName: title(parts[parts.length - 1] as string) };
}
