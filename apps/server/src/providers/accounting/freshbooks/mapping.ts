import type { ContactPush, DocumentPush, PaymentPush, RemoteContact, RemoteDocument } from '../accounting.js';
import { fromCents, paymentMarker, quantity, text, toCents } from '../retry.js';
import type { FbBill, FbClient, FbInvoice, FbVendor } from './types.js';

const FRESHBOOKS_ZONE = 'America/New_York';

const pad = (n: number) => String(n).padStart(2, '0');

/** The Eastern wall-clock offset (ms, negative west of UTC) at an instant. */
function easternOffsetMs(instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: FRESHBOOKS_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** FreshBooks' 'YYYY-MM-DD hh:mm:ss' (US Eastern) → ISO instant; the epoch when absent or unreadable. */
export function easternToIso(value: string | null | undefined): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(value) : null;
  if (!match) {
    const parsed = value ? Date.parse(value) : Number.NaN;
    return new Date(Number.isNaN(parsed) ? 0 : parsed).toISOString();
  }
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const wall = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0);
  let instant = wall - easternOffsetMs(wall);
  instant = wall - easternOffsetMs(instant);
  return new Date(instant).toISOString();
}

/** The Eastern calendar date of an instant: FreshBooks' `updated_min` takes a date. */
export function easternDate(iso: string): string {
  const instant = Date.parse(iso);
  const wall = new Date(instant + easternOffsetMs(instant));
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
}

export const toClient = (c: FbClient): RemoteContact => ({
  remoteId: String(c.id),
  updatedAt: easternToIso(c.updated),
  active: (c.vis_state ?? 0) === 0,
  name: text(c.organization) ?? [c.fname, c.lname].filter(Boolean).join(' '),
  email: text(c.email),
  phone: text(c.bus_phone) ?? text(c.mob_phone) ?? text(c.home_phone),
});

export const toVendor = (v: FbVendor): RemoteContact => ({
  remoteId: String(v.vendorid),
  updatedAt: easternToIso(v.updated_at),
  active: (v.vis_state ?? 0) === 0,
  name: v.vendor_name ?? '',
  email: text(v.primary_contact_email),
  phone: text(v.phone),
});

export const toBill = (b: FbBill): RemoteDocument => ({
  remoteId: String(b.id),
  updatedAt: easternToIso(b.updated_at),
  active: (b.vis_state ?? 0) === 0,
  contactRemoteId: String(b.vendorid),
  number: text(b.bill_number),
  date: b.issue_date,
  dueDate: b.due_date ?? null,
  totalCents: toCents(b.amount?.amount),
  balanceCents: toCents(b.outstanding?.amount),
  currency: b.currency_code ?? b.amount?.code ?? null,
  memo: text(b.overall_description),
  status: b.status === 'paid' ? 'PAID' : 'OPEN',
  lines: (b.lines ?? []).map((line) => ({
    description: text(line.description),
    amountCents: toCents(line.amount?.amount),
    quantity: quantity(line.quantity),
    accountRemoteId: line.categoryid ? String(line.categoryid) : null,
    itemRemoteId: null,
  })),
});

export const toInvoice = (i: FbInvoice): RemoteDocument => ({
  remoteId: String(i.id),
  updatedAt: easternToIso(i.updated),
  active: (i.vis_state ?? 0) === 0,
  contactRemoteId: String(i.customerid),
  number: text(i.invoice_number),
  date: i.create_date,
  dueDate: i.due_date ?? null,
  totalCents: toCents(i.amount?.amount),
  balanceCents: toCents(i.outstanding?.amount),
  currency: i.currency_code ?? i.amount?.code ?? null,
  memo: text(i.notes),
  status:
    i.v3_status === 'void' ? 'VOID' : i.v3_status === 'paid' || i.payment_status === 'paid' ? 'PAID' : 'OPEN',
  // FreshBooks invoice lines name their item but carry no item or account id.
  lines: (i.lines ?? []).map((line) => ({
    description: text(line.description) ?? text(line.name),
    amountCents: toCents(line.amount?.amount),
    quantity: quantity(line.qty),
    accountRemoteId: null,
    itemRemoteId: null,
  })),
});

// Ferry's records to FreshBooks'

export const clientBody = (record: ContactPush, note?: string) => ({
  client: {
    organization: record.name,
    email: record.email ?? '',
    bus_phone: record.phone ?? '',
    ...(note === undefined ? {} : { note }),
  },
});
export const vendorBody = (record: ContactPush, note?: string) => ({
  bill_vendor: {
    vendor_name: record.name,
    primary_contact_email: record.email,
    phone: record.phone,
    ...(note === undefined ? {} : { note }),
  },
});
const dueOffsetDays = (record: DocumentPush) =>
  Math.max(0, Math.round((Date.parse(record.dueDate) - Date.parse(record.date)) / 86_400_000));
export const billBody = (record: DocumentPush) => ({
  bill: {
    vendorid: Number(record.contactRemoteId),
    bill_number: record.number,
    issue_date: record.date,
    due_offset_days: dueOffsetDays(record),
    ...(record.memo ? { overall_description: record.memo } : {}),
    lines: record.lines.map((line) => ({
      categoryid: line.accountRemoteId === null ? undefined : Number(line.accountRemoteId),
      description: line.description,
      quantity: 1,
      unit_cost: { amount: fromCents(line.amountCents).toFixed(2) },
    })),
  },
});
export const invoiceBody = (record: DocumentPush) => ({
  invoice: {
    customerid: Number(record.contactRemoteId),
    invoice_number: record.number,
    create_date: record.date,
    due_offset_days: dueOffsetDays(record),
    ...(record.memo ? { notes: record.memo } : {}),
    lines: record.lines.map((line) => ({
      type: 0,
      name: line.description,
      qty: 1,
      unit_cost: { amount: fromCents(line.amountCents).toFixed(2) },
    })),
  },
});
export const paymentNote = (record: PaymentPush, key: string) =>
  `${record.memo} ${record.reference ? `(${record.reference}) ` : ''}${paymentMarker(key)}`;
