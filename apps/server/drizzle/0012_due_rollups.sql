-- Due bills at scale (issue 7): the open bills counted per business, due date and status
-- (bill_due_rollups, plus the not yet folded-in changes in bill_due_deltas, appended by triggers on
-- bills), so the bills summary and the due-bills totals add up a few thousand rows instead of counting
-- bills; indexes for the list's sorts and filters; a trigram index for the bill-number search.
-- Works on PostgreSQL 15+ and on PGlite (opened with the pg_trgm extension for the trigram index:
-- platform/db/client.ts does).
CREATE TABLE "bill_due_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bill_due_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" char(24) NOT NULL,
	"due_date" date NOT NULL,
	"status" text NOT NULL,
	"open_count" bigint NOT NULL,
	"open_balance_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_due_rollups" (
	"business_id" char(24) NOT NULL,
	"due_date" date NOT NULL,
	"status" text NOT NULL,
	"open_count" bigint NOT NULL,
	"open_balance_cents" bigint NOT NULL,
	CONSTRAINT "bill_due_rollups_business_id_due_date_status_pk" PRIMARY KEY("business_id","due_date","status")
);
--> statement-breakpoint
DROP INDEX "bills_open_due_idx";--> statement-breakpoint
ALTER TABLE "bill_due_deltas" ADD CONSTRAINT "bill_due_deltas_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_due_rollups" ADD CONSTRAINT "bill_due_rollups_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_due_deltas_business_idx" ON "bill_due_deltas" USING btree ("business_id","due_date");--> statement-breakpoint
CREATE INDEX "bills_open_vendor_idx" ON "bills" USING btree ("business_id","vendor_id","bill_date","sequence") WHERE "bills"."balance_cents" > 0 and "bills"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "bills_business_amount_idx" ON "bills" USING btree ("business_id","amount_cents","sequence");--> statement-breakpoint
CREATE INDEX "bills_business_balance_idx" ON "bills" USING btree ("business_id","balance_cents","sequence");--> statement-breakpoint
-- pg_trgm is a trusted extension (PostgreSQL 13+: the database owner may create it). Where it cannot be
-- had (a PGlite opened without it, a server without contrib) the migration still applies, with a
-- warning, and the search runs unindexed.
DO $$
BEGIN
	BEGIN
		CREATE EXTENSION IF NOT EXISTS pg_trgm;
	EXCEPTION WHEN OTHERS THEN
		RAISE WARNING 'pg_trgm is not available (%): bills_ref_trgm_idx not created, the bill search runs unindexed', SQLERRM;
	END;
	IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
		CREATE INDEX IF NOT EXISTS "bills_ref_trgm_idx" ON "bills" USING gin ("ref_no" gin_trgm_ops);
	END IF;
END
$$;--> statement-breakpoint
CREATE INDEX "bills_open_due_idx" ON "bills" USING btree ("business_id","due_date","bill_date","sequence") WHERE "bills"."balance_cents" > 0 and "bills"."status" <> 'cancelled';--> statement-breakpoint
-- The open bills as of now.
INSERT INTO "bill_due_rollups" ("business_id", "due_date", "status", "open_count", "open_balance_cents")
SELECT "business_id", "due_date", "status", count(*), sum("balance_cents")
FROM "bills"
WHERE "balance_cents" > 0 AND "status" <> 'cancelled'
GROUP BY "business_id", "due_date", "status";--> statement-breakpoint
-- One statement-level trigger per event, with transition tables: a statement's changes to the open
-- bills, added up per (business, due date, status), appended to bill_due_deltas (nothing when a
-- statement moves nothing open: a memo, a payment state that leaves the status alone). Appends only:
-- concurrent writers never wait on each other here. A delete appends nothing for a business that is
-- being deleted (its rollup rows and deltas go with it).
CREATE FUNCTION "bill_due_deltas_append"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "bill_due_deltas" ("business_id", "due_date", "status", "open_count", "open_balance_cents")
		SELECT "business_id", "due_date", "status", count(*), sum("balance_cents")
		FROM new_bills
		WHERE "balance_cents" > 0 AND "status" <> 'cancelled'
		GROUP BY "business_id", "due_date", "status";
	ELSIF TG_OP = 'UPDATE' THEN
		INSERT INTO "bill_due_deltas" ("business_id", "due_date", "status", "open_count", "open_balance_cents")
		SELECT "business_id", "due_date", "status", sum(n), sum(cents)
		FROM (
			SELECT "business_id", "due_date", "status", 1 AS n, "balance_cents" AS cents
			FROM new_bills
			WHERE "balance_cents" > 0 AND "status" <> 'cancelled'
			UNION ALL
			SELECT "business_id", "due_date", "status", -1, -"balance_cents"
			FROM old_bills
			WHERE "balance_cents" > 0 AND "status" <> 'cancelled'
		) AS d
		GROUP BY "business_id", "due_date", "status"
		HAVING sum(n) <> 0 OR sum(cents) <> 0;
	ELSE
		INSERT INTO "bill_due_deltas" ("business_id", "due_date", "status", "open_count", "open_balance_cents")
		SELECT o."business_id", o."due_date", o."status", -count(*), -sum(o."balance_cents")
		FROM old_bills AS o
		WHERE o."balance_cents" > 0 AND o."status" <> 'cancelled'
			AND EXISTS (SELECT 1 FROM "businesses" AS b WHERE b."id" = o."business_id")
		GROUP BY o."business_id", o."due_date", o."status";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "bill_due_deltas_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "bill_due_rollups";
	DELETE FROM "bill_due_deltas";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bills_due_deltas_insert" AFTER INSERT ON "bills"
	REFERENCING NEW TABLE AS new_bills
	FOR EACH STATEMENT EXECUTE FUNCTION "bill_due_deltas_append"();--> statement-breakpoint
CREATE TRIGGER "bills_due_deltas_update" AFTER UPDATE ON "bills"
	REFERENCING OLD TABLE AS old_bills NEW TABLE AS new_bills
	FOR EACH STATEMENT EXECUTE FUNCTION "bill_due_deltas_append"();--> statement-breakpoint
CREATE TRIGGER "bills_due_deltas_delete" AFTER DELETE ON "bills"
	REFERENCING OLD TABLE AS old_bills
	FOR EACH STATEMENT EXECUTE FUNCTION "bill_due_deltas_append"();--> statement-breakpoint
CREATE TRIGGER "bills_due_deltas_truncate" AFTER TRUNCATE ON "bills"
	FOR EACH STATEMENT EXECUTE FUNCTION "bill_due_deltas_truncate"();
