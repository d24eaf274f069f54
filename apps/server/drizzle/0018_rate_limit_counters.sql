-- Rate-limit counters shared by every API process (issue 16): fixed windows per limit and client, swept by
-- the writers (platform/rate-limit/counter.ts).
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
