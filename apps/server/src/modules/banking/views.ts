import type { BankAccountView } from '@ferry/domain/schemas';
import { and, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { chartAccounts } from '../accounting/tables.js';
import type { BusinessBankAccountRow } from './tables.js';

/** The display subtype of an account type. */
export const subtypeOf = (accountType: BusinessBankAccountRow['accountType']) =>
  accountType === 'BUSINESS_SAVINGS' ? 'business savings' : 'business checking';

/** A bank row as the API answers it: the account number only as its mask, no token, no digest. */
export function toBankView(row: BusinessBankAccountRow, chartAccountName: string | null): BankAccountView {
  const isManual = row.provider === 'USER';
  const state = row.microDepositState;
  return {
    id: row.id,
    paymentInstrumentId: row.id,
    bankName: row.bankName,
    accountName: row.accountName,
    accountHolderName: row.accountHolderName,
    accountType: row.accountType,
    subtype: row.subtype,
    accountMask: row.accountMask,
    routingNumber: row.routingNumber,
    isPrimary: row.isPrimary,
    accountProvider: row.provider,
    bankDetails: {
      name: row.institutionName ?? row.bankName,
      logo: row.institutionLogo,
      institutionId: row.institutionId,
    },
    verificationStatus: row.verificationStatus,
    verifyAttemptRemains: isManual ? row.verifyAttemptsRemaining : null,
    accountStatus: row.accountStatus,
    status: row.status,
    // A failed reconnect makes an instant bank behave as a manual one until it is reconnected.
    isMicroDepositBank: isManual || row.reconnectFailed,
    shouldVerifyWithCode: isManual && state === 'SENT' && row.verificationStatus === 'PENDING',
    microDeposit:
      isManual && state
        ? {
            state,
            expectedBy: row.microDepositExpectedBy ?? '',
            sentAt: row.microDepositSentAt?.toISOString() ?? null,
            expiresAt: row.microDepositExpiresAt?.toISOString() ?? null,
          }
        : null,
    reconnectFailed: row.reconnectFailed,
    platformChartOfAccountId: row.chartAccountId,
    chartAccountName,
    holdUntil: row.holdUntil?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Views of several rows, with their chart account names read in one query. */
export async function toBankViews(db: DbOrTx, rows: BusinessBankAccountRow[]): Promise<BankAccountView[]> {
  const ids = [...new Set(rows.map((r) => r.chartAccountId).filter((id): id is string => id !== null))];
  const names = new Map<string, string>();
  if (ids.length > 0) {
    const businessIds = [...new Set(rows.map((r) => r.businessId))];
    const found = await db
      .select({ id: chartAccounts.id, name: chartAccounts.name })
      .from(chartAccounts)
      .where(and(inArray(chartAccounts.id, ids), inArray(chartAccounts.businessId, businessIds)));
    for (const account of found) names.set(account.id, account.name);
  }
  return rows.map((row) =>
    toBankView(row, row.chartAccountId ? (names.get(row.chartAccountId) ?? null) : null),
  );
}

export async function toBankViewOne(db: DbOrTx, row: BusinessBankAccountRow): Promise<BankAccountView> {
  const [view] = await toBankViews(db, [row]);
  if (!view) throw new Error('bank view missing');
  return view;
}
