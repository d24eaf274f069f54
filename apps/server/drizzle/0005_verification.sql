CREATE TABLE "business_people" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"role" text NOT NULL,
	"user_id" char(24),
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"title" text,
	"ownership_percent" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"invitation_id" char(24),
	"invitation_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_verifications" (
	"business_id" char(24) PRIMARY KEY NOT NULL,
	"legal_business_name" text NOT NULL,
	"tax_id" text NOT NULL,
	"website" text,
	"employee_count" text NOT NULL,
	"address" jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"submission_id" text,
	"submitted_by" char(24),
	"business_inquiry_id" char(24),
	"updated_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_inquiries" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_inquiry_id" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" char(24),
	"business_id" char(24),
	"status" text NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_identity_inquiries" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reference_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"fields" jsonb NOT NULL,
	"session_token_hash" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_identity_inquiries_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verification_step" text DEFAULT 'NOT_INITIATED' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_people" ADD CONSTRAINT "business_people_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_people" ADD CONSTRAINT "business_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_verifications" ADD CONSTRAINT "business_verifications_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_verifications" ADD CONSTRAINT "business_verifications_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_verifications" ADD CONSTRAINT "business_verifications_business_inquiry_id_identity_inquiries_id_fk" FOREIGN KEY ("business_inquiry_id") REFERENCES "public"."identity_inquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_verifications" ADD CONSTRAINT "business_verifications_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_inquiries" ADD CONSTRAINT "identity_inquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_inquiries" ADD CONSTRAINT "identity_inquiries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_people_business_idx" ON "business_people" USING btree ("business_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_inquiries_provider_unique" ON "identity_inquiries" USING btree ("provider","provider_inquiry_id");--> statement-breakpoint
CREATE INDEX "identity_inquiries_user_idx" ON "identity_inquiries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "identity_inquiries_business_idx" ON "identity_inquiries" USING btree ("business_id");