import { createHash } from 'node:crypto';
import {
  AccountingError,
  type AccountingProvider,
  type ImportRecords,
  type PaymentPush,
  VOID_REFUSED_PAYMENTS,
} from '../accounting.js';
import { withRetries } from '../retry.js';
import { createQuickBooksApi } from './api.js';
import {
  billPaymentBody,
  IMPORT_ENTITIES,
  MAPPERS,
  PUSH_BODIES,
  PUSH_ENTITIES,
  updatedAtOf,
} from './mapping.js';
import { createQuickBooksOAuth } from './oauth.js';
import type { QboAccount, QboDocument, QboMeta, QuickBooksAccountingOptions } from './types.js';
import { verifyQuickBooksWebhook } from './webhooks.js';

/** Records per query page (QuickBooks allows up to 1000). */
const PAGE_SIZE = 500;
/** QuickBooks keeps a `requestid` of at most 50 characters. */
const REQUEST_ID_MAX = 50;

/**
 * The accounting provider on QuickBooks Online. OAuth goes through the official `intuit-oauth` client
 * (see oauth.ts), the books through the REST API with fetch (api.ts), records mapped in mapping.ts.
 */
export function createQuickBooksAccounting(options: QuickBooksAccountingOptions): AccountingProvider {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const retry = <T>(call: () => Promise<T>) => withRetries(call, { sleep: options.sleep });
  const { api, call, entityOf } = createQuickBooksApi({ fetchImpl, environment: options.environment, retry });

  return {
    type: options.environment === 'production' ? 'QBO' : 'QBO_SANDBOX',
    mode: 'live',

    ...createQuickBooksOAuth(options, { fetchImpl, retry, api }),

    async list(handle, kind, { cursor, modifiedSince }) {
      const { entity, hasActive } = IMPORT_ENTITIES[kind];
      const start = cursor ? Number.parseInt(cursor, 10) : 1;
      if (!Number.isSafeInteger(start) || start < 1)
        throw new AccountingError('REJECTED', 'The QuickBooks page cursor is not one this adapter gave.');
      const where: string[] = [];
      if (hasActive) where.push('Active in (true,false)');
      if (modifiedSince) {
        const since = new Date(modifiedSince);
        if (Number.isNaN(since.getTime()))
          throw new AccountingError('REJECTED', 'modifiedSince is not an instant.');
        where.push(`Metadata.LastUpdatedTime > '${since.toISOString().replace(/\.\d{3}Z$/, 'Z')}'`);
      }
      const statement = [
        `select * from ${entity}`,
        where.length ? `where ${where.join(' and ')}` : '',
        `startposition ${start} maxresults ${PAGE_SIZE}`,
      ]
        .filter(Boolean)
        .join(' ');
      const answer = await call<{ QueryResponse?: Record<string, unknown> }>(handle, 'GET', 'query', {
        query: { query: statement },
      });
      const found = answer.QueryResponse?.[entity];
      const rows = Array.isArray(found) ? (found as never[]) : [];
      const map = MAPPERS[kind] as (record: never) => ImportRecords[typeof kind];
      return {
        records: rows.map(map),
        next: rows.length === PAGE_SIZE ? String(start + PAGE_SIZE) : null,
      };
    },

    async create(handle, kind, record, idempotencyKey) {
      const { entity, path } = PUSH_ENTITIES[kind];
      let body = (PUSH_BODIES[kind] as (record: unknown) => Record<string, unknown>)(record);
      if (kind === 'BILL_PAYMENT') {
        // PaymentPush does not say whether the money left a bank account or a card: the account's type does.
        const payment = record as PaymentPush;
        const account = entityOf<QboAccount>(
          await call<Record<string, unknown>>(
            handle,
            'GET',
            `account/${encodeURIComponent(payment.accountRemoteId)}`,
          ),
          'Account',
        );
        body = billPaymentBody(payment, account.AccountType === 'Credit Card');
      }
      const requestId =
        idempotencyKey.length <= REQUEST_ID_MAX
          ? idempotencyKey
          : createHash('sha256').update(idempotencyKey).digest('hex').slice(0, REQUEST_ID_MAX);
      const answer = await call<Record<string, unknown>>(handle, 'POST', path, {
        query: { requestid: requestId },
        body,
      });
      const created = entityOf<{ Id: string } & QboMeta>(answer, entity);
      return { remoteId: created.Id, updatedAt: updatedAtOf(created) };
    },

    async update(handle, kind, remoteId, record) {
      const { entity, path } = PUSH_ENTITIES[kind];
      // A QuickBooks update must name the version it changes: read the SyncToken, then a sparse update.
      const current = entityOf<{ SyncToken?: string }>(
        await call<Record<string, unknown>>(handle, 'GET', `${path}/${encodeURIComponent(remoteId)}`),
        entity,
      );
      const body = (PUSH_BODIES[kind] as (record: unknown) => Record<string, unknown>)(record);
      const answer = await call<Record<string, unknown>>(handle, 'POST', path, {
        body: { ...body, Id: remoteId, SyncToken: current.SyncToken ?? '0', sparse: true },
      });
      return { updatedAt: updatedAtOf(entityOf<QboMeta>(answer, entity)) };
    },

    async voidDocument(handle, kind, remoteId) {
      const { entity, path } = PUSH_ENTITIES[kind];
      // The void (invoice) or delete (bill: QuickBooks cannot void one) names the version: read it first.
      let current: QboDocument & { SyncToken?: string };
      try {
        current = entityOf(
          await call<Record<string, unknown>>(handle, 'GET', `${path}/${encodeURIComponent(remoteId)}`),
          entity,
        );
      } catch (error) {
        // A deleted transaction is no longer found (QuickBooks' "Object Not Found"): already done.
        if (
          error instanceof AccountingError &&
          (error.code === 'NOT_FOUND' ||
            (error.code === 'REJECTED' && /object not found/i.test(error.message)))
        )
          return { updatedAt: new Date().toISOString() };
        throw error;
      }
      const document = MAPPERS[kind](current as never);
      if (document.status === 'VOID') return { updatedAt: document.updatedAt };
      if (document.balanceCents < document.totalCents)
        throw new AccountingError('REJECTED', VOID_REFUSED_PAYMENTS);
      const answer = await call<Record<string, unknown>>(handle, 'POST', path, {
        query: { operation: kind === 'BILL' ? 'delete' : 'void' },
        body: { Id: remoteId, SyncToken: current.SyncToken ?? '0' },
      });
      if (kind === 'BILL') {
        // A delete answers the bill's id and status "Deleted", without its metadata: the answer's time.
        const at = typeof answer.time === 'string' ? Date.parse(answer.time) : Number.NaN;
        return { updatedAt: Number.isNaN(at) ? new Date().toISOString() : new Date(at).toISOString() };
      }
      return { updatedAt: updatedAtOf(entityOf<QboMeta>(answer, entity)) };
    },

    async verifyWebhook(headers, rawBody) {
      return verifyQuickBooksWebhook(options.webhookVerifierToken, headers, rawBody);
    },
  };
}
