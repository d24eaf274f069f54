CREATE TABLE "otp_requests" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24),
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "otp_requests" ADD CONSTRAINT "otp_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_requests_user_idx" ON "otp_requests" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "otp_requests_destination_idx" ON "otp_requests" USING btree ("destination","created_at");