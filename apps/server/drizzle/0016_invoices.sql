CREATE TABLE "invoice_attachments" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"invoice_id" char(24),
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_by" char(24),
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "invoice_attachments_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_drafts" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"payload" jsonb NOT NULL,
	"created_by" char(24),
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "invoice_drafts_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_line_items" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"invoice_id" char(24) NOT NULL,
	"position" integer NOT NULL,
	"item_id" char(24),
	"chart_account_id" char(24),
	"item_name" text,
	"coa_name" text,
	"description" text,
	"quantity_e4" bigint NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"invoice_id" char(24) NOT NULL,
	"business_id" char(24) NOT NULL,
	"kind" text NOT NULL,
	"payment_id" char(24),
	"amount_cents" bigint NOT NULL,
	"date" date NOT NULL,
	"bank_account_id" char(24),
	"remarks" text,
	"status" text DEFAULT 'COMPLETED' NOT NULL,
	"created_by" char(24),
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "invoice_payments_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount_check" CHECK ("invoice_payments"."amount_cents" > 0),
	CONSTRAINT "invoice_payments_kind_check" CHECK ("invoice_payments"."kind" = 'RECEIVED' or "invoice_payments"."payment_id" is null)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"customer_id" char(24) NOT NULL,
	"ref_no" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"payment_term" text NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"discount_type" text,
	"discount_value" bigint,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_cents" bigint NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"payment_in_flight" boolean DEFAULT false NOT NULL,
	"memo" text,
	"created_by" char(24),
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "invoices_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_money_check" CHECK ("invoices"."amount_cents" >= 100 and "invoices"."balance_cents" >= 0 and "invoices"."balance_cents" <= "invoices"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "invoice_attachments" ADD CONSTRAINT "invoice_attachments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_attachments" ADD CONSTRAINT "invoice_attachments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_attachments" ADD CONSTRAINT "invoice_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_drafts" ADD CONSTRAINT "invoice_drafts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_drafts" ADD CONSTRAINT "invoice_drafts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_item_id_accounting_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."accounting_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_chart_account_id_chart_accounts_id_fk" FOREIGN KEY ("chart_account_id") REFERENCES "public"."chart_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_bank_account_id_business_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."business_bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_contacts_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."contacts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_attachments_invoice_idx" ON "invoice_attachments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_attachments_business_idx" ON "invoice_attachments" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_drafts_business_idx" ON "invoice_drafts" USING btree ("business_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_line_items_invoice_position_unique" ON "invoice_line_items" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_line_items_item_idx" ON "invoice_line_items" USING btree ("item_id","invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_line_items_account_idx" ON "invoice_line_items" USING btree ("chart_account_id","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_payment_unique" ON "invoice_payments" USING btree ("payment_id") WHERE "invoice_payments"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","sequence");--> statement-breakpoint
CREATE INDEX "invoice_payments_business_idx" ON "invoice_payments" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_business_ref_unique" ON "invoices" USING btree ("business_id",lower("ref_no"));--> statement-breakpoint
CREATE INDEX "invoices_open_due_idx" ON "invoices" USING btree ("business_id","due_date","sequence") WHERE "invoices"."balance_cents" > 0 and "invoices"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "invoices_open_date_idx" ON "invoices" USING btree ("business_id","invoice_date","sequence") WHERE "invoices"."balance_cents" > 0 and "invoices"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "invoices_open_customer_idx" ON "invoices" USING btree ("business_id","customer_id","invoice_date","sequence") WHERE "invoices"."balance_cents" > 0 and "invoices"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "invoices_business_date_idx" ON "invoices" USING btree ("business_id","invoice_date","sequence");--> statement-breakpoint
CREATE INDEX "invoices_business_due_idx" ON "invoices" USING btree ("business_id","due_date","sequence");--> statement-breakpoint
CREATE INDEX "invoices_business_amount_idx" ON "invoices" USING btree ("business_id","amount_cents","sequence");--> statement-breakpoint
CREATE INDEX "invoices_business_status_idx" ON "invoices" USING btree ("business_id","status","invoice_date");--> statement-breakpoint
CREATE INDEX "invoices_business_ref_number_idx" ON "invoices" USING btree ("business_id",((substring("ref_no" from '^INV-([0-9]{1,15})$'))::bigint));