import type {
  ContactPush,
  RemoteAccount,
  RemoteContact,
  RemoteDocument,
  RemoteItem,
  RemoteLine,
} from '../accounting.js';
import { toCents } from '../retry.js';
import type { XeroAccount, XeroContact, XeroInvoice, XeroItem, XeroLineItem } from './types.js';

/** Milliseconds from Xero's "/Date(1700000000000+0000)/" or an ISO date-time (UTC when it names no zone). */
export function xeroTime(value: string | undefined): number | null {
  if (!value) return null;
  const ms = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/.exec(value);
  if (ms?.[1]) return Number(ms[1]);
  const iso = /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : at;
}
export const xeroInstant = (value: string | undefined) => new Date(xeroTime(value) ?? 0).toISOString();
/** Xero dates are days: its "/Date(...)/" is that day's midnight UTC. */
export function xeroDay(...values: (string | undefined)[]): string | null {
  for (const value of values) {
    if (!value) continue;
    if (/^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
    const at = xeroTime(value);
    if (at !== null) return new Date(at).toISOString().slice(0, 10);
  }
  return null;
}

export function toRemoteContact(contact: XeroContact): RemoteContact {
  const phone =
    contact.Phones?.find((p) => p.PhoneType === 'DEFAULT' && p.PhoneNumber) ??
    contact.Phones?.find((p) => p.PhoneNumber);
  return {
    remoteId: contact.ContactID,
    updatedAt: xeroInstant(contact.UpdatedDateUTC),
    active: contact.ContactStatus !== 'ARCHIVED' && contact.ContactStatus !== 'GDPRREQUEST',
    name: contact.Name,
    email: contact.EmailAddress || null,
    phone: phone
      ? [phone.PhoneCountryCode, phone.PhoneAreaCode, phone.PhoneNumber].filter(Boolean).join(' ')
      : null,
  };
}

export function toRemoteLine(line: XeroLineItem): RemoteLine {
  return {
    description: line.Description || null,
    amountCents: toCents(line.LineAmount ?? (line.UnitAmount ?? 0) * (line.Quantity ?? 1)),
    quantity: line.Quantity ?? null,
    accountRemoteId: line.AccountID || null,
    itemRemoteId: line.Item?.ItemID || null,
  };
}

export function toRemoteDocument(invoice: XeroInvoice): RemoteDocument {
  const totalCents = toCents(invoice.Total);
  const balanceCents = toCents(invoice.AmountDue);
  const status: RemoteDocument['status'] =
    invoice.Status === 'VOIDED' ? 'VOID' : invoice.Status === 'PAID' ? 'PAID' : 'OPEN';
  return {
    remoteId: invoice.InvoiceID,
    updatedAt: xeroInstant(invoice.UpdatedDateUTC),
    active: invoice.Status !== 'DELETED',
    contactRemoteId: invoice.Contact?.ContactID ?? '',
    number: invoice.InvoiceNumber || null,
    date: xeroDay(invoice.DateString, invoice.Date) ?? '',
    dueDate: xeroDay(invoice.DueDateString, invoice.DueDate),
    totalCents,
    balanceCents,
    currency: invoice.CurrencyCode ?? null,
    memo: invoice.Reference || null,
    status,
    lines: (invoice.LineItems ?? []).map(toRemoteLine),
  };
}

export const ACCOUNT_TYPES: Record<string, RemoteAccount['type']> = {
  BANK: 'BANK',
  EXPENSE: 'EXPENSE',
  OVERHEADS: 'EXPENSE',
  DIRECTCOSTS: 'COST_OF_GOODS_SOLD',
  REVENUE: 'INCOME',
  SALES: 'INCOME',
  OTHERINCOME: 'INCOME',
};

export function toRemoteAccount(account: XeroAccount): RemoteAccount {
  const type =
    account.Type === 'BANK' && account.BankAccountType === 'CREDITCARD'
      ? 'CREDIT_CARD'
      : (ACCOUNT_TYPES[account.Type ?? ''] ?? null);
  return {
    remoteId: account.AccountID,
    updatedAt: xeroInstant(account.UpdatedDateUTC),
    active: account.Status !== 'ARCHIVED' && account.Status !== 'DELETED',
    name: account.Name,
    number: account.Code || null,
    type,
  };
}

export function toRemoteItem(item: XeroItem): RemoteItem {
  const price = item.SalesDetails?.UnitPrice;
  return {
    remoteId: item.ItemID,
    updatedAt: xeroInstant(item.UpdatedDateUTC),
    active: true,
    name: item.Name || item.Code || item.ItemID,
    description: item.Description || null,
    unitPriceCents: price === undefined || price === null ? null : toCents(price),
    isSold: item.IsSold === true,
    isPurchased: item.IsPurchased === true,
  };
}

export function contactBody(contact: ContactPush) {
  return {
    Name: contact.name,
    ...(contact.email ? { EmailAddress: contact.email } : {}),
    ...(contact.phone ? { Phones: [{ PhoneType: 'DEFAULT', PhoneNumber: contact.phone }] } : {}),
  };
}
