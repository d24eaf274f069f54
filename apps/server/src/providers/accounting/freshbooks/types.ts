export interface FreshBooksAccountingOptions {
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

// FreshBooks' JSON (the fields this adapter reads)

export interface Money {
  amount?: string | number | null;
  code?: string | null;
}

export interface FbTokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  created_at?: number;
  error?: string;
  error_description?: string;
}

export interface FbIdentity {
  id?: number;
  identity_id?: number;
  email?: string;
  first_name?: string | null;
  last_name?: string | null;
  business_memberships?: { business?: { id?: number; name?: string; account_id?: string | null } }[];
}

export interface FbClient {
  id: number;
  organization?: string | null;
  fname?: string | null;
  lname?: string | null;
  email?: string | null;
  bus_phone?: string | null;
  mob_phone?: string | null;
  home_phone?: string | null;
  note?: string | null;
  updated?: string | null;
  vis_state?: number;
}

export interface FbVendor {
  vendorid: number;
  vendor_name?: string | null;
  primary_contact_email?: string | null;
  phone?: string | null;
  note?: string | null;
  updated_at?: string | null;
  vis_state?: number;
}

export interface FbBill {
  id: number;
  vendorid: number;
  bill_number?: string | null;
  issue_date: string;
  due_date?: string | null;
  amount?: Money;
  outstanding?: Money;
  currency_code?: string | null;
  overall_description?: string | null;
  status?: string;
  updated_at?: string | null;
  vis_state?: number;
  lines?: {
    description?: string | null;
    quantity?: number | string | null;
    amount?: Money;
    categoryid?: number | null;
  }[];
  bill_payments?: { id: number; note?: string | null; vis_state?: number }[];
}

export interface FbInvoice {
  id: number;
  invoiceid?: number;
  customerid: number;
  invoice_number?: string | null;
  create_date: string;
  due_date?: string | null;
  amount?: Money;
  outstanding?: Money;
  currency_code?: string | null;
  notes?: string | null;
  v3_status?: string;
  payment_status?: string;
  updated?: string | null;
  vis_state?: number;
  lines?: {
    name?: string | null;
    description?: string | null;
    qty?: number | string | null;
    amount?: Money;
  }[];
}

export interface FbItem {
  id: number;
  name?: string | null;
  description?: string | null;
  unit_cost?: Money;
  updated?: string | null;
  vis_state?: number;
}

export interface FbCategory {
  id: number;
  categoryid?: number;
  category?: string | null;
  is_cogs?: boolean;
  updated_at?: string | null;
  vis_state?: number;
}

export interface FbPayment {
  id: number;
  note?: string | null;
  updated?: string | null;
  vis_state?: number;
}

export interface Paging {
  page?: number;
  pages?: number;
}

export interface ListResult<T> {
  records: T[];
  paging: Paging;
}
