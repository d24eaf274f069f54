CREATE TABLE "payment_events" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"payment_id" char(24) NOT NULL,
	"action" text NOT NULL,
	"label" text NOT NULL,
	"status" text NOT NULL,
	"actor_user_id" char(24),
	"actor_name" text NOT NULL,
	"remarks" text,
	"at" timestamp with time zone NOT NULL,
	"data" jsonb,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payment_events_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"vendor_id" char(24) NOT NULL,
	"bill_id" char(24) NOT NULL,
	"payment_request_id" char(24),
	"status" text NOT NULL,
	"method" text,
	"bank_account_id" char(24),
	"card_id" char(24),
	"amount_cents" bigint NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"delivery_speed" text,
	"process_date" date NOT NULL,
	"expected_delivery_earliest" date,
	"expected_delivery_latest" date,
	"submitted_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"paid_date" date,
	"failure_reason" text,
	"return_code" text,
	"reattempts" integer DEFAULT 0 NOT NULL,
	"remarks" text,
	"awaiting_payee_details" boolean DEFAULT false NOT NULL,
	"accept_reminder_sent_at" timestamp with time zone,
	"hold_until" timestamp with time zone,
	"is_auto" boolean DEFAULT false NOT NULL,
	"rails_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text,
	"created_by" char(24),
	"version" integer DEFAULT 1 NOT NULL,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payments_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0 and "payments"."fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_request_events" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"payment_request_id" char(24) NOT NULL,
	"action" text NOT NULL,
	"label" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_user_id" char(24),
	"actor_name" text,
	"remarks" text,
	"data" jsonb,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payment_request_events_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_requests" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"payee_business_id" char(24) NOT NULL,
	"payer_business_id" char(24) NOT NULL,
	"payer_contact_id" char(24),
	"vendor_contact_id" char(24),
	"invoice_id" text,
	"ref_no" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_cents" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"memo" text,
	"state" text DEFAULT 'CREATED' NOT NULL,
	"bill_id" char(24),
	"source" text DEFAULT 'FERRY' NOT NULL,
	"created_by" char(24),
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payment_requests_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_requests_money_check" CHECK ("payment_requests"."amount_cents" >= 100 and "payment_requests"."balance_cents" >= 0 and "payment_requests"."balance_cents" <= "payment_requests"."amount_cents"),
	CONSTRAINT "payment_requests_parties_check" CHECK ("payment_requests"."payee_business_id" <> "payment_requests"."payer_business_id")
);
--> statement-breakpoint
ALTER TABLE "sandbox_rails_transfers" ADD COLUMN "planned_outcome" text;--> statement-breakpoint
ALTER TABLE "sandbox_rails_transfers" ADD COLUMN "planned_return_code" text;--> statement-breakpoint
ALTER TABLE "sandbox_rails_transfers" ADD COLUMN "return_code" text;--> statement-breakpoint
ALTER TABLE "sandbox_rails_transfers" ADD COLUMN "return_on" text;--> statement-breakpoint
ALTER TABLE "sandbox_rails_transfers" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_rails_transfers" ADD COLUMN "return_event_delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_vendor_id_contacts_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bank_account_id_business_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."business_bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_request_events" ADD CONSTRAINT "payment_request_events_payment_request_id_payment_requests_id_fk" FOREIGN KEY ("payment_request_id") REFERENCES "public"."payment_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_request_events" ADD CONSTRAINT "payment_request_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_payee_business_id_businesses_id_fk" FOREIGN KEY ("payee_business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_payer_business_id_businesses_id_fk" FOREIGN KEY ("payer_business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_payer_contact_id_contacts_id_fk" FOREIGN KEY ("payer_contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_vendor_contact_id_contacts_id_fk" FOREIGN KEY ("vendor_contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_business_idempotency_unique" ON "payments" USING btree ("business_id","idempotency_key") WHERE "payments"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "payments_business_status_idx" ON "payments" USING btree ("business_id","status");--> statement-breakpoint
CREATE INDEX "payments_business_process_date_idx" ON "payments" USING btree ("business_id","process_date");--> statement-breakpoint
CREATE INDEX "payments_business_created_idx" ON "payments" USING btree ("business_id","created_at","sequence");--> statement-breakpoint
CREATE INDEX "payments_status_process_date_idx" ON "payments" USING btree ("status","process_date");--> statement-breakpoint
CREATE INDEX "payments_bill_idx" ON "payments" USING btree ("bill_id","status");--> statement-breakpoint
CREATE INDEX "payments_vendor_idx" ON "payments" USING btree ("vendor_id","status");--> statement-breakpoint
CREATE INDEX "payment_request_events_request_idx" ON "payment_request_events" USING btree ("payment_request_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_invoice_unique" ON "payment_requests" USING btree ("payee_business_id","invoice_id") WHERE "payment_requests"."invoice_id" is not null and "payment_requests"."state" not in ('VOID', 'CANCELLED');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_bill_unique" ON "payment_requests" USING btree ("bill_id") WHERE "payment_requests"."bill_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_requests_payer_due_idx" ON "payment_requests" USING btree ("payer_business_id","due_date");--> statement-breakpoint
CREATE INDEX "payment_requests_payer_date_idx" ON "payment_requests" USING btree ("payer_business_id","invoice_date","sequence");--> statement-breakpoint
CREATE INDEX "payment_requests_payer_payee_idx" ON "payment_requests" USING btree ("payer_business_id","payee_business_id");--> statement-breakpoint
CREATE INDEX "payment_requests_payee_idx" ON "payment_requests" USING btree ("payee_business_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_rails_transfers_reference_idx" ON "sandbox_rails_transfers" USING btree ("reference");