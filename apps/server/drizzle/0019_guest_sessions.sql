ALTER TABLE "sessions" ADD COLUMN "guest_invitation_id" char(24);--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "guest_business_id" char(24);--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "guest_phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "guest_phone_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "is_guest" boolean DEFAULT false NOT NULL;