CREATE TABLE "auto_payment_events" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"mapping_id" char(24) NOT NULL,
	"side" text NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" char(24),
	"actor_name" text,
	"remarks" text,
	"data" jsonb,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "auto_payment_events_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_payment_mappings" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"payee_business_id" char(24) NOT NULL,
	"customer_id" char(24) NOT NULL,
	"payer_business_id" char(24),
	"vendor_id" char(24),
	"status" text NOT NULL,
	"resume_to" text,
	"payment_method" text,
	"payment_instrument_id" char(24),
	"payer_email" text,
	"requested_by" char(24),
	"requested_at" timestamp with time zone NOT NULL,
	"last_reminder_at" timestamp with time zone,
	"authorized_by" char(24),
	"authorized_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_payments" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"mapping_id" char(24) NOT NULL,
	"invoice_id" char(24) NOT NULL,
	"payee_business_id" char(24) NOT NULL,
	"payer_business_id" char(24) NOT NULL,
	"amount_cents" bigint NOT NULL,
	"due_date" date NOT NULL,
	"status" text NOT NULL,
	"payment_id" char(24),
	"failure_reason" text,
	"notice_sent_at" timestamp with time zone,
	"result_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_payments_amount_check" CHECK ("auto_payments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "auto_payment_events" ADD CONSTRAINT "auto_payment_events_mapping_id_auto_payment_mappings_id_fk" FOREIGN KEY ("mapping_id") REFERENCES "public"."auto_payment_mappings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_payment_events" ADD CONSTRAINT "auto_payment_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_payment_mappings" ADD CONSTRAINT "auto_payment_mappings_payee_business_id_businesses_id_fk" FOREIGN KEY ("payee_business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_payment_mappings" ADD CONSTRAINT "auto_payment_mappings_customer_id_contacts_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_payment_mappings" ADD CONSTRAINT "auto_payment_mappings_payer_business_id_businesses_id_fk" FOREIGN KEY ("payer_business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_payment_mappings" ADD CONSTRAINT "auto_payment_mappings_vendor_id_contacts_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_payment_mappings" ADD CONSTRAINT "auto_payment_mappings_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_payment_mappings" ADD CONSTRAINT "auto_payment_mappings_authorized_by_users_id_fk" FOREIGN KEY ("authorized_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_payments" ADD CONSTRAINT "auto_payments_mapping_id_auto_payment_mappings_id_fk" FOREIGN KEY ("mapping_id") REFERENCES "public"."auto_payment_mappings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_payments" ADD CONSTRAINT "auto_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_payments" ADD CONSTRAINT "auto_payments_payee_business_id_businesses_id_fk" FOREIGN KEY ("payee_business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_payments" ADD CONSTRAINT "auto_payments_payer_business_id_businesses_id_fk" FOREIGN KEY ("payer_business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_payments" ADD CONSTRAINT "auto_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_payment_events_mapping_idx" ON "auto_payment_events" USING btree ("mapping_id","side","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_payment_mappings_live_unique" ON "auto_payment_mappings" USING btree ("payee_business_id","customer_id") WHERE "auto_payment_mappings"."status" not in ('PAYER_DECLINED', 'PAYEE_CANCELLED');--> statement-breakpoint
CREATE INDEX "auto_payment_mappings_payer_idx" ON "auto_payment_mappings" USING btree ("payer_business_id","status");--> statement-breakpoint
CREATE INDEX "auto_payment_mappings_status_idx" ON "auto_payment_mappings" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_payments_invoice_unique" ON "auto_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_payments_payment_unique" ON "auto_payments" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "auto_payments_mapping_idx" ON "auto_payments" USING btree ("mapping_id","status");--> statement-breakpoint
CREATE INDEX "auto_payments_payer_idx" ON "auto_payments" USING btree ("payer_business_id","due_date");--> statement-breakpoint
CREATE INDEX "auto_payments_payee_idx" ON "auto_payments" USING btree ("payee_business_id","due_date");