CREATE TABLE "practice_members" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"practice_id" char(24) NOT NULL,
	"user_id" char(24),
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"invitation_id" char(24),
	"invited_at" timestamp with time zone,
	"joined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practices" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"owner_user_id" char(24) NOT NULL,
	"practice_firm_name" text NOT NULL,
	"client_range" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_members" ADD COLUMN "is_practice_member" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_members" ADD CONSTRAINT "practice_members_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_members" ADD CONSTRAINT "practice_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "practice_members_email_unique" ON "practice_members" USING btree ("practice_id",lower("email"));--> statement-breakpoint
CREATE INDEX "practice_members_user_idx" ON "practice_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "practices_owner_unique" ON "practices" USING btree ("owner_user_id");