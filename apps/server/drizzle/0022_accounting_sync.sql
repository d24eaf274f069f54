CREATE TABLE "accounting_connections" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"provider_type" text NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"organisation_id" text NOT NULL,
	"organisation_name" text NOT NULL,
	"tokens_sealed" text,
	"access_expires_at" timestamp with time zone,
	"token_version" integer DEFAULT 0 NOT NULL,
	"auto_sync" boolean DEFAULT true NOT NULL,
	"sync_status" text DEFAULT 'NOT_STARTED' NOT NULL,
	"last_sync_at" timestamp with time zone,
	"synced_through" text,
	"connected_by" char(24),
	"connected_at" timestamp with time zone NOT NULL,
	"disconnected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_links" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"connection_id" char(24) NOT NULL,
	"kind" text NOT NULL,
	"ferry_id" char(24) NOT NULL,
	"remote_id" text,
	"remote_updated_at" text,
	"synced_digest" text,
	"idempotency_key" text NOT NULL,
	"remote_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_oauth_states" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"state_digest" text NOT NULL,
	"provider_type" text NOT NULL,
	"request_for" text NOT NULL,
	"business_id" char(24),
	"user_id" char(24),
	"keep_me_login" boolean DEFAULT false NOT NULL,
	"invitation_id" text,
	"tokens_sealed" text,
	"organisations" jsonb,
	"identity" jsonb,
	"error" text,
	"completed_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_oauth_states_state_digest_unique" UNIQUE("state_digest")
);
--> statement-breakpoint
CREATE TABLE "accounting_sync_runs" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"connection_id" char(24) NOT NULL,
	"status" text NOT NULL,
	"trigger" text NOT NULL,
	"step" text,
	"cursor" jsonb,
	"counts" jsonb DEFAULT '{"imported":{},"updated":{},"pushed":{}}'::jsonb NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"requested_by" char(24),
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "accounting_sync_runs_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "sandbox_books_companies" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"owner_user_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_books_grants" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"provider_type" text NOT NULL,
	"owner_user_id" char(24),
	"company_ids" jsonb NOT NULL,
	"identity" jsonb,
	"redirect_uri" text NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_used_at" timestamp with time zone,
	"access_token_hash" text,
	"access_expires_at" timestamp with time zone,
	"refresh_token_hash" text,
	"refresh_expires_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_books_grants_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "sandbox_books_grants_access_token_hash_unique" UNIQUE("access_token_hash"),
	CONSTRAINT "sandbox_books_grants_refresh_token_hash_unique" UNIQUE("refresh_token_hash")
);
--> statement-breakpoint
CREATE TABLE "sandbox_books_records" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"company_id" char(24) NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"idempotency_key" text,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD CONSTRAINT "accounting_connections_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD CONSTRAINT "accounting_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_links" ADD CONSTRAINT "accounting_links_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_links" ADD CONSTRAINT "accounting_links_connection_id_accounting_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."accounting_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_oauth_states" ADD CONSTRAINT "accounting_oauth_states_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_oauth_states" ADD CONSTRAINT "accounting_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_sync_runs" ADD CONSTRAINT "accounting_sync_runs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_sync_runs" ADD CONSTRAINT "accounting_sync_runs_connection_id_accounting_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."accounting_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_sync_runs" ADD CONSTRAINT "accounting_sync_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_books_records" ADD CONSTRAINT "sandbox_books_records_company_id_sandbox_books_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."sandbox_books_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_connections_live_unique" ON "accounting_connections" USING btree ("business_id") WHERE "accounting_connections"."status" <> 'DISCONNECTED';--> statement-breakpoint
CREATE INDEX "accounting_connections_org_idx" ON "accounting_connections" USING btree ("provider_type","organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_links_ferry_unique" ON "accounting_links" USING btree ("connection_id","kind","ferry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_links_remote_unique" ON "accounting_links" USING btree ("connection_id","kind","remote_id") WHERE "accounting_links"."remote_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_sync_runs_running_unique" ON "accounting_sync_runs" USING btree ("business_id") WHERE "accounting_sync_runs"."status" = 'IN_PROGRESS';--> statement-breakpoint
CREATE INDEX "accounting_sync_runs_business_idx" ON "accounting_sync_runs" USING btree ("business_id","sequence");--> statement-breakpoint
CREATE INDEX "sandbox_books_companies_owner_idx" ON "sandbox_books_companies" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "sandbox_books_records_company_kind_idx" ON "sandbox_books_records" USING btree ("company_id","kind","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_books_records_idempotency_unique" ON "sandbox_books_records" USING btree ("company_id","idempotency_key") WHERE "sandbox_books_records"."idempotency_key" is not null;