-- Scheduled reminders of sent payment requests (issue 19): a business's settings, and the reminders sent,
-- one per request and New York day at most (the primary key makes that hold across workers).
CREATE TABLE "payment_request_reminder_settings" (
	"business_id" char(24) PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"before_due_days" integer,
	"on_due_date" boolean DEFAULT true NOT NULL,
	"after_due_every_days" integer,
	"updated_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_request_reminder_settings_days_check" CHECK (("payment_request_reminder_settings"."before_due_days" is null or "payment_request_reminder_settings"."before_due_days" between 1 and 30) and ("payment_request_reminder_settings"."after_due_every_days" is null or "payment_request_reminder_settings"."after_due_every_days" between 1 and 30))
);
--> statement-breakpoint
CREATE TABLE "payment_request_reminders" (
	"payment_request_id" char(24) NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_request_reminders_payment_request_id_day_pk" PRIMARY KEY("payment_request_id","day")
);
--> statement-breakpoint
ALTER TABLE "payment_request_reminder_settings" ADD CONSTRAINT "payment_request_reminder_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_request_reminder_settings" ADD CONSTRAINT "payment_request_reminder_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_request_reminders" ADD CONSTRAINT "payment_request_reminders_payment_request_id_payment_requests_id_fk" FOREIGN KEY ("payment_request_id") REFERENCES "public"."payment_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_request_reminders" ADD CONSTRAINT "payment_request_reminders_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;