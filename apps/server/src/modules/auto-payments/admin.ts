import type { AutoPaymentAction } from '@ferry/domain/payments';
import { type AutoPaymentsContext, applyMappingAction } from './service.js';
import type { AutoPaymentMappingRow } from './tables.js';

/**
 * A Ferry operator's controls (spec 002 §4 'Admin block / reactivate'): BLOCK stops a live mapping
 * (ADMIN_REVOKED, 'Auto Payments Blocked' on both sides; its scheduled auto payments are cancelled),
 * REACTIVATE returns it to ACCEPTED. Run from `npm run ops:auto-payment -w @ferry/server`.
 */
async function adminAction(
  context: AutoPaymentsContext,
  options: { mappingId: string; action: AutoPaymentAction; reason?: string | null },
): Promise<AutoPaymentMappingRow> {
  return context.database.db.transaction((tx) =>
    applyMappingAction(tx, context, {
      mappingId: options.mappingId,
      action: options.action,
      actor: { side: 'ADMIN', userId: null, name: 'Ferry' },
      remarks: options.reason ?? null,
      alsoCancelScheduled: options.action === 'BLOCK',
    }),
  );
}

export const blockAutoPayment = (
  context: AutoPaymentsContext,
  options: { mappingId: string; reason?: string | null },
) => adminAction(context, { ...options, action: 'BLOCK' });

export const reactivateAutoPayment = (
  context: AutoPaymentsContext,
  options: { mappingId: string; reason?: string | null },
) => adminAction(context, { ...options, action: 'REACTIVATE' });
