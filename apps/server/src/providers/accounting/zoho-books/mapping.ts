import type { ChartAccountType } from '@ferry/domain/schemas';
import type { ContactPush, DocumentPush, PaymentPush, RemoteContact, RemoteDocument } from '../accounting.js';
import { fromCents, paymentMarker, quantity, text, toCents } from '../retry.js';
import type { ZohoContact, ZohoDocument } from './types.js';

/** Zoho account types → Ferry's; the rest (equity, liabilities, receivables...) are not Ferry's. */
export const ACCOUNT_TYPES: Record<string, ChartAccountType> = {
  bank: 'BANK',
  credit_card: 'CREDIT_CARD',
  expense: 'EXPENSE',
  other_expense: 'EXPENSE',
  cost_of_goods_sold: 'COST_OF_GOODS_SOLD',
  income: 'INCOME',
  other_income: 'INCOME',
};

/** Zoho's '2026-10-07T18:24:51+0530' → ISO instant; the epoch when absent or unreadable. */
export function zohoTimeToIso(value: string | null | undefined): string {
  const normalised = value?.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const parsed = normalised ? Date.parse(normalised) : Number.NaN;
  return new Date(Number.isNaN(parsed) ? 0 : parsed).toISOString();
}

/** An ISO instant as Zoho's filters take it: '2026-11-01T03:30:00+0000'. */
export const zohoTime = (iso: string) => `${new Date(iso).toISOString().slice(0, 19)}+0000`;

export const toContact = (c: ZohoContact): RemoteContact => ({
  remoteId: c.contact_id,
  updatedAt: zohoTimeToIso(c.last_modified_time),
  active: c.status !== 'inactive',
  name: c.contact_name ?? c.company_name ?? '',
  email: text(c.email),
  phone: text(c.phone) ?? text(c.mobile),
});

export const toDocument = (d: ZohoDocument, kind: 'BILL' | 'INVOICE'): RemoteDocument => ({
  remoteId: (kind === 'BILL' ? d.bill_id : d.invoice_id) ?? '',
  updatedAt: zohoTimeToIso(d.last_modified_time),
  // Deleted documents leave Zoho's lists altogether; what is listed is in the books.
  active: true,
  contactRemoteId: (kind === 'BILL' ? d.vendor_id : d.customer_id) ?? '',
  number: text(kind === 'BILL' ? d.bill_number : d.invoice_number),
  date: d.date,
  dueDate: text(d.due_date),
  totalCents: toCents(d.total),
  balanceCents: toCents(d.balance),
  currency: d.currency_code ?? null,
  memo: text(d.notes),
  status: d.status === 'void' ? 'VOID' : d.status === 'paid' ? 'PAID' : 'OPEN',
  lines: (d.line_items ?? []).map((line) => ({
    description: text(line.description) ?? text(line.name),
    amountCents: toCents(line.item_total),
    quantity: quantity(line.quantity),
    accountRemoteId: text(line.account_id),
    itemRemoteId: text(line.item_id),
  })),
});

// Ferry's records to Zoho's

/** `personId`: the primary contact person an update changes (without it Zoho would add a second). */
export const contactBody = (
  record: ContactPush,
  type: 'vendor' | 'customer',
  extra: { note?: string; personId?: string },
) => ({
  contact_name: record.name,
  company_name: record.name,
  contact_type: type,
  contact_persons:
    record.email || record.phone || extra.personId
      ? [
          {
            ...(extra.personId ? { contact_person_id: extra.personId } : {}),
            first_name: record.name,
            email: record.email ?? '',
            phone: record.phone ?? '',
            is_primary_contact: true,
          },
        ]
      : [],
  ...(extra.note === undefined ? {} : { notes: extra.note }),
});

export const documentBody = (record: DocumentPush, kind: 'BILL' | 'INVOICE') => ({
  [kind === 'BILL' ? 'vendor_id' : 'customer_id']: record.contactRemoteId,
  [kind === 'BILL' ? 'bill_number' : 'invoice_number']: record.number,
  date: record.date,
  due_date: record.dueDate,
  ...(record.memo ? { notes: record.memo } : {}),
  line_items: record.lines.map((line) => ({
    ...(line.itemRemoteId ? { item_id: line.itemRemoteId } : {}),
    ...(line.accountRemoteId ? { account_id: line.accountRemoteId } : {}),
    description: line.description,
    rate: fromCents(line.amountCents),
    quantity: 1,
  })),
});

export const paymentDescription = (record: PaymentPush, key: string) =>
  `${record.memo} ${paymentMarker(key)}`;
