import type { AccountingWebhookEvent, ImportKind } from '../accounting.js';
import { verifySignedWebhook } from '../retry.js';

/** Webhook entity names → the import kind Ferry reads them as. */
const WEBHOOK_KINDS: Record<string, ImportKind> = {
  account: 'ACCOUNT',
  item: 'ITEM',
  vendor: 'VENDOR',
  customer: 'CUSTOMER',
  bill: 'BILL',
  invoice: 'INVOICE',
};

/** A webhook QuickBooks signed (`intuit-signature`, HMAC-SHA256 with the verifier token) → its events; else null. */
export function verifyQuickBooksWebhook(
  verifier: string | undefined,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): AccountingWebhookEvent[] | null {
  return verifySignedWebhook(verifier, headers, 'intuit-signature', rawBody, quickBooksWebhookEvents);
}

/**
 * A QuickBooks webhook body → Ferry's events: the classic `eventNotifications[].dataChangeEvent.entities[]`
 * and Intuit's CloudEvents form (an array of `{ type: 'qbo.bill.updated.v1', intuitentityid, intuitaccountid }`).
 * Entities Ferry does not import (payments, journal entries...) become a change of unknown kind in the company.
 */
export function quickBooksWebhookEvents(body: unknown): AccountingWebhookEvent[] {
  const events: AccountingWebhookEvent[] = [];
  const add = (organisationId: unknown, name: unknown, id: unknown) => {
    if (typeof organisationId !== 'string' || !organisationId) return;
    const kind = typeof name === 'string' ? (WEBHOOK_KINDS[name.toLowerCase()] ?? null) : null;
    const remoteId = kind && typeof id === 'string' && id ? id : null;
    if (events.some((e) => e.organisationId === organisationId && e.kind === kind && e.remoteId === remoteId))
      return;
    events.push({ organisationId, kind, remoteId });
  };
  if (Array.isArray(body)) {
    for (const event of body as Record<string, unknown>[]) {
      const type = typeof event?.type === 'string' ? event.type.split('.') : [];
      add(event?.intuitaccountid, type[0] === 'qbo' ? type[1] : undefined, event?.intuitentityid);
    }
    return events;
  }
  const notifications = (body as { eventNotifications?: unknown } | null)?.eventNotifications;
  if (!Array.isArray(notifications)) return events;
  for (const notification of notifications as {
    realmId?: unknown;
    dataChangeEvent?: { entities?: { name?: unknown; id?: unknown }[] };
  }[]) {
    for (const entity of notification?.dataChangeEvent?.entities ?? []) {
      add(notification.realmId, entity?.name, entity?.id);
    }
  }
  return events;
}
