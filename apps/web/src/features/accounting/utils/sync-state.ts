import type { AccountingConnection } from '@ferry/domain/schemas';

/** What the sync button shows (spec 002 §4). */
export type SyncButtonState =
  | { kind: 'hidden' }
  | { kind: 'reconnect' }
  | { kind: 'syncing' }
  | { kind: 'failed' }
  | { kind: 'synced'; at: string }
  | { kind: 'sync' };

/**
 * The sync button's state from the connection (null: never connected) and the business's accounting
 * status (SKIPPED when the owner skipped connecting at onboarding): never connected or skipped → nothing;
 * disconnected or expired → Reconnect; a run in progress → Syncing; the last run failed → Retry;
 * completed → Last Synced.
 */
export const getSyncButtonState = (
  connection: AccountingConnection | null | undefined,
  businessStatus: string | null = null,
): SyncButtonState => {
  if (businessStatus === 'SKIPPED') return { kind: 'hidden' };
  if (!connection) {
    // A connection the business lists as lost but the connection route no longer answers: reconnect.
    return businessStatus === 'DISCONNECTED' || businessStatus === 'EXPIRED' || businessStatus === 'DELETED'
      ? { kind: 'reconnect' }
      : { kind: 'hidden' };
  }
  if (connection.status === 'DISCONNECTED' || connection.status === 'EXPIRED') return { kind: 'reconnect' };
  if (connection.syncStatus === 'NOT_INITIATED_INVALID_TOKEN') return { kind: 'reconnect' };
  if (connection.syncStatus === 'IN_PROGRESS' || connection.lastRun?.status === 'IN_PROGRESS')
    return { kind: 'syncing' };
  if (connection.syncStatus === 'FAILED' || connection.lastRun?.status === 'FAILED')
    return { kind: 'failed' };
  const at = connection.syncDate ?? connection.lastRun?.finishedAt ?? null;
  if (at) return { kind: 'synced', at };
  return { kind: 'sync' };
};
