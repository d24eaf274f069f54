export interface XeroAccountingOptions {
  clientId: string;
  clientSecret: string;
  /** Every HTTP call goes through this; tests replay recorded answers. */
  fetch?: typeof fetch;
  /** Backoff waits between retries (tests pass one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
  /** The webhook signing key from the Xero developer portal; without it no webhook is believed. */
  webhookKey?: string;
}

// Xero's JSON (the fields this adapter reads)

export interface XeroContact {
  ContactID: string;
  Name: string;
  ContactStatus?: string;
  EmailAddress?: string;
  IsSupplier?: boolean;
  IsCustomer?: boolean;
  Phones?: { PhoneType?: string; PhoneNumber?: string; PhoneAreaCode?: string; PhoneCountryCode?: string }[];
  UpdatedDateUTC?: string;
}
export interface XeroLineItem {
  Description?: string;
  Quantity?: number;
  UnitAmount?: number;
  LineAmount?: number;
  AccountID?: string;
  AccountCode?: string;
  ItemCode?: string;
  Item?: { ItemID?: string };
}
export interface XeroInvoice {
  InvoiceID: string;
  Type: 'ACCPAY' | 'ACCREC' | string;
  Contact?: { ContactID?: string };
  InvoiceNumber?: string;
  Reference?: string;
  Date?: string;
  DateString?: string;
  DueDate?: string;
  DueDateString?: string;
  Status?: string;
  Total?: number;
  AmountDue?: number;
  AmountPaid?: number;
  AmountCredited?: number;
  CurrencyCode?: string;
  LineItems?: XeroLineItem[];
  UpdatedDateUTC?: string;
}
export interface XeroAccount {
  AccountID: string;
  Code?: string;
  Name: string;
  Type?: string;
  BankAccountType?: string;
  Status?: string;
  UpdatedDateUTC?: string;
}
export interface XeroItem {
  ItemID: string;
  Code?: string;
  Name?: string;
  Description?: string;
  IsSold?: boolean;
  IsPurchased?: boolean;
  SalesDetails?: { UnitPrice?: number };
  UpdatedDateUTC?: string;
}
export interface XeroConnection {
  tenantId: string;
  tenantType: string;
  tenantName?: string | null;
}
export interface XeroTokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  id_token?: string;
}
export interface XeroErrorBody {
  Message?: string;
  Detail?: string;
  Title?: string;
  Elements?: { ValidationErrors?: { Message?: string }[] }[];
}
