CREATE TABLE "activity_logs" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"subject" text NOT NULL,
	"action" text NOT NULL,
	"label" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_user_id" char(24),
	"actor_name" text,
	"remarks" text,
	"data" jsonb,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "activity_logs_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_documents" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"contact_id" char(24) NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"document_type" text DEFAULT 'OTHER' NOT NULL,
	"entity_type" text,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "contact_documents_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"secondary_emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"phone" jsonb,
	"billing_address" jsonb,
	"tax_id" text,
	"network_business_id" char(24),
	"needs_finalize" boolean DEFAULT false NOT NULL,
	"created_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_bank_accounts" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"contact_id" char(24) NOT NULL,
	"bank_name" text NOT NULL,
	"account_type" text NOT NULL,
	"account_holder_name" text NOT NULL,
	"routing_number" text NOT NULL,
	"account_number_ciphertext" text NOT NULL,
	"account_mask" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"verification_status" text DEFAULT 'PENDING' NOT NULL,
	"account_status" text DEFAULT 'UNDER_REVIEW' NOT NULL,
	"account_provider" text DEFAULT 'USER' NOT NULL,
	"created_by" char(24),
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "vendor_bank_accounts_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "is_discoverable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_documents" ADD CONSTRAINT "contact_documents_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_documents" ADD CONSTRAINT "contact_documents_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_documents" ADD CONSTRAINT "contact_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_network_business_id_businesses_id_fk" FOREIGN KEY ("network_business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bank_accounts" ADD CONSTRAINT "vendor_bank_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bank_accounts" ADD CONSTRAINT "vendor_bank_accounts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bank_accounts" ADD CONSTRAINT "vendor_bank_accounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_logs_entity_idx" ON "activity_logs" USING btree ("business_id","entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_logs_business_idx" ON "activity_logs" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_documents_contact_idx" ON "contact_documents" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_email_unique" ON "contacts" USING btree ("business_id","type",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_network_unique" ON "contacts" USING btree ("business_id","type","network_business_id") WHERE "contacts"."network_business_id" is not null;--> statement-breakpoint
CREATE INDEX "contacts_business_name_idx" ON "contacts" USING btree ("business_id","type",lower("name"));--> statement-breakpoint
CREATE INDEX "contacts_network_business_idx" ON "contacts" USING btree ("network_business_id");--> statement-breakpoint
CREATE INDEX "vendor_bank_accounts_contact_idx" ON "vendor_bank_accounts" USING btree ("contact_id","created_at");