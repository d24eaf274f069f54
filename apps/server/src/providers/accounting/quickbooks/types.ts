export interface QuickBooksAccountingOptions {
  clientId: string;
  clientSecret: string;
  environment: 'production' | 'sandbox';
  /** Every HTTP call (the OAuth ones intuit-oauth makes too) goes through this; tests replay answers. */
  fetch?: typeof fetch;
  /** Backoff waits between retries (tests pass one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
  /** The webhooks verifier token from the Intuit developer portal; without it no webhook is believed. */
  webhookVerifierToken?: string;
}

// QuickBooks' JSON (the fields this adapter reads)

export interface QboRef {
  value: string;
  name?: string;
}
export interface QboMeta {
  MetaData?: { CreateTime?: string; LastUpdatedTime?: string };
}
export interface QboAccount extends QboMeta {
  Id: string;
  Name: string;
  AcctNum?: string;
  AccountType?: string;
  Active?: boolean;
}
export interface QboItem extends QboMeta {
  Id: string;
  Name: string;
  Description?: string;
  UnitPrice?: number;
  Active?: boolean;
  IncomeAccountRef?: QboRef;
  ExpenseAccountRef?: QboRef;
}
export interface QboContact extends QboMeta {
  Id: string;
  DisplayName: string;
  Active?: boolean;
  PrimaryEmailAddr?: { Address?: string };
  PrimaryPhone?: { FreeFormNumber?: string };
}
export interface QboLine {
  Amount?: number;
  Description?: string;
  DetailType?: string;
  AccountBasedExpenseLineDetail?: { AccountRef?: QboRef };
  ItemBasedExpenseLineDetail?: { ItemRef?: QboRef; Qty?: number };
  SalesItemLineDetail?: { ItemRef?: QboRef; Qty?: number };
  DiscountLineDetail?: { DiscountAccountRef?: QboRef };
}
export interface QboDocument extends QboMeta {
  Id: string;
  VendorRef?: QboRef;
  CustomerRef?: QboRef;
  DocNumber?: string;
  TxnDate: string;
  DueDate?: string;
  TotalAmt?: number;
  Balance?: number;
  CurrencyRef?: QboRef;
  PrivateNote?: string;
  Line?: QboLine[];
}
export interface QboFault {
  Fault?: { Error?: { Message?: string; Detail?: string; code?: string }[]; type?: string };
}
export interface QboTokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  x_refresh_token_expires_in?: number;
  id_token?: string;
}
