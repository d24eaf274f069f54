CREATE TABLE "approval_delegations" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"delegate_user_id" char(24) NOT NULL,
	"starts_on" text NOT NULL,
	"ends_on" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_group_members" (
	"group_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"business_id" char(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "approval_groups" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"created_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_policies" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"order_number" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"conditions" jsonb NOT NULL,
	"stages" jsonb NOT NULL,
	"created_by" char(24),
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_approval_decisions" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"payment_id" char(24) NOT NULL,
	"business_id" char(24) NOT NULL,
	"stage_order" integer NOT NULL,
	"user_id" char(24) NOT NULL,
	"acted_by" char(24) NOT NULL,
	"decision" text NOT NULL,
	"bypassed" boolean DEFAULT false NOT NULL,
	"remarks" text,
	"decided_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_approvals" (
	"payment_id" char(24) PRIMARY KEY NOT NULL,
	"business_id" char(24) NOT NULL,
	"policy_id" char(24) NOT NULL,
	"policy_name" text NOT NULL,
	"flow" jsonb NOT NULL,
	"status" text NOT NULL,
	"pending_user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_by" char(24),
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_delegate_user_id_users_id_fk" FOREIGN KEY ("delegate_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_group_members" ADD CONSTRAINT "approval_group_members_group_id_approval_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."approval_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_group_members" ADD CONSTRAINT "approval_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_group_members" ADD CONSTRAINT "approval_group_members_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_groups" ADD CONSTRAINT "approval_groups_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_groups" ADD CONSTRAINT "approval_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_policies" ADD CONSTRAINT "approval_policies_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_policies" ADD CONSTRAINT "approval_policies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_approval_decisions" ADD CONSTRAINT "payment_approval_decisions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_approval_decisions" ADD CONSTRAINT "payment_approval_decisions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_approvals" ADD CONSTRAINT "payment_approvals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_approvals" ADD CONSTRAINT "payment_approvals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_approvals" ADD CONSTRAINT "payment_approvals_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_delegations_user_unique" ON "approval_delegations" USING btree ("business_id","user_id");--> statement-breakpoint
CREATE INDEX "approval_group_members_user_idx" ON "approval_group_members" USING btree ("business_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_groups_name_unique" ON "approval_groups" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "approval_policies_name_unique" ON "approval_policies" USING btree ("business_id",lower("name")) WHERE "approval_policies"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_policies_default_unique" ON "approval_policies" USING btree ("business_id") WHERE "approval_policies"."is_default" and "approval_policies"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_approval_decisions_unique" ON "payment_approval_decisions" USING btree ("payment_id","stage_order","user_id");--> statement-breakpoint
CREATE INDEX "payment_approvals_business_status_idx" ON "payment_approvals" USING btree ("business_id","status");