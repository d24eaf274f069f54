CREATE TABLE "user_phones" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"country_code" text NOT NULL,
	"country_iso_code" text NOT NULL,
	"phone_number" text NOT NULL,
	"e164" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_phones" ADD CONSTRAINT "user_phones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_phones_primary_unique" ON "user_phones" USING btree ("user_id") WHERE "user_phones"."is_primary";--> statement-breakpoint
CREATE UNIQUE INDEX "user_phones_e164_primary_unique" ON "user_phones" USING btree ("e164") WHERE "user_phones"."is_primary";