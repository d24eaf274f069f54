CREATE TABLE "chart_accounts" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"account_type" text NOT NULL,
	"number" text,
	"source" text DEFAULT 'FERRY' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "chart_accounts_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_bank_accounts" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"bank_name" text NOT NULL,
	"account_name" text NOT NULL,
	"account_holder_name" text,
	"account_type" text NOT NULL,
	"subtype" text NOT NULL,
	"routing_number" text NOT NULL,
	"account_number_ciphertext" text NOT NULL,
	"account_mask" text NOT NULL,
	"account_digest" text NOT NULL,
	"provider" text NOT NULL,
	"item_id" text,
	"access_token_ciphertext" text,
	"provider_account_id" text,
	"institution_id" text,
	"institution_name" text,
	"institution_logo" text,
	"verification_status" text NOT NULL,
	"account_status" text NOT NULL,
	"status" text NOT NULL,
	"reconnect_failed" boolean DEFAULT false NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"chart_account_id" char(24),
	"micro_deposit_state" text,
	"micro_deposit_digest" text,
	"verify_attempts_remaining" integer,
	"micro_deposit_expected_by" text,
	"micro_deposit_sent_at" timestamp with time zone,
	"micro_deposit_expires_at" timestamp with time zone,
	"micro_deposit_reminded_at" timestamp with time zone,
	"verify_claim" text,
	"verify_claimed_at" timestamp with time zone,
	"hold_until" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"created_by" char(24),
	"deleted_at" timestamp with time zone,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "business_bank_accounts_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_surcharges" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"rate_bps" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_vault_customers" (
	"business_id" char(24) NOT NULL,
	"vault_provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_vault_customers_business_id_vault_provider_pk" PRIMARY KEY("business_id","vault_provider")
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"vault_provider" text NOT NULL,
	"vault_token_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"funding" text NOT NULL,
	"name_on_card" text NOT NULL,
	"billing_address" jsonb NOT NULL,
	"is_saved" boolean DEFAULT true NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"chart_account_id" char(24),
	"created_by" char(24),
	"deleted_at" timestamp with time zone,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cards_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_accounts" (
	"business_id" char(24) PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"incorporation_date" text NOT NULL,
	"business_category" text NOT NULL,
	"business_website" text NOT NULL,
	"business_type" text NOT NULL,
	"payout_bank_account_id" char(24) NOT NULL,
	"expected_annual_card_volume" integer NOT NULL,
	"terms_agreed_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"submitted_by" char(24),
	"submission_id" text NOT NULL,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"processor_merchant_id" text,
	"saq_type" text,
	"saq_signer_name" text,
	"saq_signer_title" text,
	"saq_attestations" jsonb,
	"saq_completed_at" timestamp with time zone,
	"saq_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_link_items" (
	"id" text PRIMARY KEY NOT NULL,
	"access_token_hash" text NOT NULL,
	"business_id" text NOT NULL,
	"institution_id" text NOT NULL,
	"account_ids" jsonb NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"scenario" text,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_bank_link_items_access_token_hash_unique" UNIQUE("access_token_hash")
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_link_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"link_token_id" text NOT NULL,
	"institution_id" text NOT NULL,
	"scenario" text,
	"account_ids" jsonb,
	"completed_at" timestamp with time zone,
	"public_token_hash" text,
	"public_token_expires_at" timestamp with time zone,
	"public_token_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_bank_link_sessions_public_token_hash_unique" UNIQUE("public_token_hash")
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_link_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"business_id" text NOT NULL,
	"user_id" text NOT NULL,
	"client_name" text NOT NULL,
	"item_id" text,
	"access_token_sealed" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_bank_link_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_vault_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"funding" text NOT NULL,
	"name" text,
	"billing_address" jsonb,
	"customer_id" text,
	"attached_at" timestamp with time zone,
	"detached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_rails_clock" (
	"id" text PRIMARY KEY NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_rails_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"direction" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reference" text NOT NULL,
	"bank_name" text NOT NULL,
	"routing_number" text NOT NULL,
	"account_digest" text NOT NULL,
	"account_mask" text NOT NULL,
	"holder_name" text NOT NULL,
	"holder_email" text,
	"description" text NOT NULL,
	"settle_on" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"posted_at" timestamp with time zone,
	"event_delivered_at" timestamp with time zone,
	"alert_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_rails_transfers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "chart_accounts" ADD CONSTRAINT "chart_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_bank_accounts" ADD CONSTRAINT "business_bank_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_bank_accounts" ADD CONSTRAINT "business_bank_accounts_chart_account_id_chart_accounts_id_fk" FOREIGN KEY ("chart_account_id") REFERENCES "public"."chart_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_bank_accounts" ADD CONSTRAINT "business_bank_accounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_surcharges" ADD CONSTRAINT "card_surcharges_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_vault_customers" ADD CONSTRAINT "card_vault_customers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_chart_account_id_chart_accounts_id_fk" FOREIGN KEY ("chart_account_id") REFERENCES "public"."chart_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_accounts" ADD CONSTRAINT "merchant_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_accounts" ADD CONSTRAINT "merchant_accounts_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chart_accounts_business_name_unique" ON "chart_accounts" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "chart_accounts_business_type_idx" ON "chart_accounts" USING btree ("business_id","account_type");--> statement-breakpoint
CREATE INDEX "business_bank_accounts_business_idx" ON "business_bank_accounts" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "business_bank_accounts_digest_unique" ON "business_bank_accounts" USING btree ("business_id","account_digest") WHERE "business_bank_accounts"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "business_bank_accounts_chart_unique" ON "business_bank_accounts" USING btree ("chart_account_id") WHERE "business_bank_accounts"."deleted_at" is null and "business_bank_accounts"."chart_account_id" is not null;--> statement-breakpoint
CREATE INDEX "business_bank_accounts_item_idx" ON "business_bank_accounts" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_surcharges_business_unique" ON "card_surcharges" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "cards_business_idx" ON "cards" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_fingerprint_unique" ON "cards" USING btree ("business_id","fingerprint") WHERE "cards"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "cards_vault_token_unique" ON "cards" USING btree ("vault_provider","vault_token_id");--> statement-breakpoint
CREATE INDEX "sandbox_bank_link_sessions_link_token_idx" ON "sandbox_bank_link_sessions" USING btree ("link_token_id");--> statement-breakpoint
CREATE INDEX "sandbox_card_vault_tokens_customer_idx" ON "sandbox_card_vault_tokens" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sandbox_rails_transfers_account_idx" ON "sandbox_rails_transfers" USING btree ("account_digest");--> statement-breakpoint
CREATE INDEX "sandbox_rails_transfers_due_idx" ON "sandbox_rails_transfers" USING btree ("status","settle_on");