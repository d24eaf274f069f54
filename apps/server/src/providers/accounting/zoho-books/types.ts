import type { AccountingProvider } from '../accounting.js';

export interface ZohoBooksAccountingOptions {
  clientId: string;
  clientSecret: string;
  /** Zoho's accounts server for the data centre: https://accounts.zoho.com (default), .eu, .in, .com.au. */
  accountsUrl?: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

// Zoho Books' JSON (the fields this adapter reads)

export interface ZohoAnswer {
  code?: number;
  message?: string;
}

export interface ZohoTokenAnswer {
  access_token?: string;
  refresh_token?: string;
  api_domain?: string;
  expires_in?: number;
  error?: string;
}

export interface ZohoContact {
  contact_id: string;
  contact_name?: string;
  company_name?: string;
  contact_type?: string;
  status?: string;
  email?: string | null;
  phone?: string | null;
  mobile?: string | null;
  notes?: string | null;
  last_modified_time?: string;
  contact_persons?: { contact_person_id: string; is_primary_contact?: boolean }[];
}

export interface ZohoDocument {
  bill_id?: string;
  invoice_id?: string;
  vendor_id?: string;
  customer_id?: string;
  bill_number?: string;
  invoice_number?: string;
  status?: string;
  date: string;
  due_date?: string | null;
  total?: number | string;
  balance?: number | string;
  currency_code?: string | null;
  notes?: string | null;
  last_modified_time?: string;
  line_items?: {
    description?: string | null;
    name?: string | null;
    item_total?: number | string;
    quantity?: number | string | null;
    account_id?: string | null;
    item_id?: string | null;
  }[];
}

export interface ZohoAccount {
  account_id: string;
  account_name?: string;
  account_code?: string | null;
  account_type?: string;
  is_active?: boolean;
  last_modified_time?: string;
}

export interface ZohoItem {
  item_id: string;
  name?: string;
  description?: string | null;
  rate?: number | string | null;
  status?: string;
  item_type?: string;
  last_modified_time?: string;
}

export interface ZohoPayment {
  payment_id: string;
  description?: string | null;
  last_modified_time?: string;
}

export interface PageContext {
  page_context?: { page?: number; has_more_page?: boolean };
}

export type Handle = Parameters<AccountingProvider['list']>[0];
export type Method = 'GET' | 'POST' | 'PUT';
