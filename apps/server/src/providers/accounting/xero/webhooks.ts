import type { AccountingWebhookEvent, ImportKind } from '../accounting.js';
import { verifySignedWebhook } from '../retry.js';

/** A webhook Xero signed (`x-xero-signature`, HMAC-SHA256 with the webhook key) → its events; else null. */
export function verifyXeroWebhook(
  key: string | undefined,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): AccountingWebhookEvent[] | null {
  return verifySignedWebhook(key, headers, 'x-xero-signature', rawBody, xeroWebhookEvents);
}

/**
 * A Xero webhook body → Ferry's events. Xero says only CONTACT or INVOICE: a contact may be a supplier
 * and a customer, and an invoice a bill or a sales invoice, so each change is reported for both kinds it
 * can be (reading the other kind finds nothing to change). The intent-to-receive check has no events.
 */
export function xeroWebhookEvents(body: unknown): AccountingWebhookEvent[] {
  const events: AccountingWebhookEvent[] = [];
  const list = (body as { events?: unknown } | null)?.events;
  if (!Array.isArray(list)) return events;
  for (const event of list as { tenantId?: unknown; eventCategory?: unknown; resourceId?: unknown }[]) {
    if (typeof event?.tenantId !== 'string' || !event.tenantId) continue;
    const remoteId = typeof event.resourceId === 'string' && event.resourceId ? event.resourceId : null;
    const kinds: ImportKind[] =
      event.eventCategory === 'CONTACT'
        ? ['VENDOR', 'CUSTOMER']
        : event.eventCategory === 'INVOICE'
          ? ['BILL', 'INVOICE']
          : [];
    if (kinds.length === 0) {
      events.push({ organisationId: event.tenantId, kind: null, remoteId: null });
      continue;
    }
    for (const kind of kinds) events.push({ organisationId: event.tenantId, kind, remoteId });
  }
  return events;
}
