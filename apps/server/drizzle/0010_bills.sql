CREATE TABLE "accounting_items" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"chart_account_id" char(24) NOT NULL,
	"is_sold" boolean DEFAULT false NOT NULL,
	"is_purchased" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"source" text DEFAULT 'FERRY' NOT NULL,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "accounting_items_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_attachments" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"bill_id" char(24),
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_by" char(24),
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bill_attachments_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_drafts" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"payload" jsonb NOT NULL,
	"created_by" char(24),
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bill_drafts_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_line_items" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"bill_id" char(24) NOT NULL,
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
CREATE TABLE "bills" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"vendor_id" char(24) NOT NULL,
	"ref_no" text NOT NULL,
	"bill_date" date NOT NULL,
	"due_date" date NOT NULL,
	"payment_term" text NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"discount_type" text,
	"discount_value" bigint,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_cents" bigint NOT NULL,
	"scheduled_cents" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"payment_state" text,
	"memo" text,
	"source" text DEFAULT 'FERRY' NOT NULL,
	"created_by" char(24),
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bills_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_money_check" CHECK ("bills"."balance_cents" >= 0 and "bills"."scheduled_cents" >= 0
      and "bills"."scheduled_cents" <= "bills"."balance_cents" and "bills"."balance_cents" <= "bills"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "accounting_items" ADD CONSTRAINT "accounting_items_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_items" ADD CONSTRAINT "accounting_items_chart_account_id_chart_accounts_id_fk" FOREIGN KEY ("chart_account_id") REFERENCES "public"."chart_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_attachments" ADD CONSTRAINT "bill_attachments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_attachments" ADD CONSTRAINT "bill_attachments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_attachments" ADD CONSTRAINT "bill_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_drafts" ADD CONSTRAINT "bill_drafts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_drafts" ADD CONSTRAINT "bill_drafts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_line_items" ADD CONSTRAINT "bill_line_items_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_line_items" ADD CONSTRAINT "bill_line_items_item_id_accounting_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."accounting_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_line_items" ADD CONSTRAINT "bill_line_items_chart_account_id_chart_accounts_id_fk" FOREIGN KEY ("chart_account_id") REFERENCES "public"."chart_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_vendor_id_contacts_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."contacts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_items_business_name_unique" ON "accounting_items" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "bill_attachments_bill_idx" ON "bill_attachments" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "bill_attachments_business_idx" ON "bill_attachments" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "bill_drafts_business_idx" ON "bill_drafts" USING btree ("business_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_line_items_bill_position_unique" ON "bill_line_items" USING btree ("bill_id","position");--> statement-breakpoint
CREATE INDEX "bill_line_items_item_idx" ON "bill_line_items" USING btree ("item_id","bill_id");--> statement-breakpoint
CREATE INDEX "bill_line_items_account_idx" ON "bill_line_items" USING btree ("chart_account_id","bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_vendor_ref_unique" ON "bills" USING btree ("business_id","vendor_id",lower("ref_no"));--> statement-breakpoint
CREATE INDEX "bills_open_due_idx" ON "bills" USING btree ("business_id","due_date","balance_cents") WHERE "bills"."balance_cents" > 0 and "bills"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "bills_open_date_idx" ON "bills" USING btree ("business_id","bill_date","sequence") WHERE "bills"."balance_cents" > 0 and "bills"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "bills_business_status_due_idx" ON "bills" USING btree ("business_id","status","due_date");--> statement-breakpoint
CREATE INDEX "bills_business_date_idx" ON "bills" USING btree ("business_id","bill_date","sequence");--> statement-breakpoint
CREATE INDEX "bills_business_vendor_idx" ON "bills" USING btree ("business_id","vendor_id","bill_date");--> statement-breakpoint
CREATE INDEX "bills_business_ref_idx" ON "bills" USING btree ("business_id",lower("ref_no"));--> statement-breakpoint
CREATE INDEX "bills_business_ref_number_idx" ON "bills" USING btree ("business_id",((substring("ref_no" from '^BILL-([0-9]{1,15})$'))::bigint));