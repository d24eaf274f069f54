-- For Review and Payments summaries at scale (issue 7), the way 0012 did it for the open bills
-- (platform/db/rollups.ts): per payer business, the received requests by due date (how many, how many
-- open, what is left to pay on them) and the payments by status (how many, their amount), kept by
-- statement-level triggers that only append deltas. A request's open amount (payment_requests.open_cents)
-- depends on its linked bill, so it is stored on the request and kept by a row trigger on
-- payment_requests and a statement trigger on bills: the rollup then reads the request row alone, and a
-- bill change that moves it takes the request's row lock (no two writers compute it from stale halves).
CREATE TABLE "payment_request_review_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_request_review_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" char(24) NOT NULL,
	"due_date" date NOT NULL,
	"request_count" bigint NOT NULL,
	"open_count" bigint NOT NULL,
	"open_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_request_review_rollups" (
	"business_id" char(24) NOT NULL,
	"due_date" date NOT NULL,
	"request_count" bigint NOT NULL,
	"open_count" bigint NOT NULL,
	"open_cents" bigint NOT NULL,
	CONSTRAINT "payment_request_review_rollups_business_id_due_date_pk" PRIMARY KEY("business_id","due_date")
);
--> statement-breakpoint
CREATE TABLE "payment_status_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_status_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" char(24) NOT NULL,
	"status" text NOT NULL,
	"payment_count" bigint NOT NULL,
	"amount_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_status_rollups" (
	"business_id" char(24) NOT NULL,
	"status" text NOT NULL,
	"payment_count" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "payment_status_rollups_business_id_status_pk" PRIMARY KEY("business_id","status")
);
--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "open_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_request_review_deltas" ADD CONSTRAINT "payment_request_review_deltas_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_request_review_rollups" ADD CONSTRAINT "payment_request_review_rollups_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_status_deltas" ADD CONSTRAINT "payment_status_deltas_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_status_rollups" ADD CONSTRAINT "payment_status_rollups_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_request_review_deltas_business_idx" ON "payment_request_review_deltas" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "payment_status_deltas_business_idx" ON "payment_status_deltas" USING btree ("business_id");--> statement-breakpoint
-- What is left to pay while a request is open under For Review (the list's statusNow/openNow in
-- modules/payment-requests/service.ts): a request linked to a bill follows the bill's balance (the bill
-- paid, the request is COMPLETED); otherwise its own balance while its state is open.
CREATE FUNCTION "payment_request_open_cents"("state" text, "request_balance" bigint, "bill_balance" bigint)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE
		WHEN "state" = 'LINK_BILL' AND "bill_balance" IS NOT NULL THEN greatest("bill_balance", 0)
		WHEN "state" IN ('CREATED', 'PROCESSING', 'FAILED', 'LINK_BILL') AND "request_balance" > 0 THEN "request_balance"
		ELSE 0
	END
$$;--> statement-breakpoint
UPDATE "payment_requests" AS pr
SET "open_cents" = "payment_request_open_cents"(pr."state", pr."balance_cents",
	(SELECT b."balance_cents" FROM "bills" AS b WHERE b."id" = pr."bill_id"));--> statement-breakpoint
-- Every write of a request sets its open amount (reading the linked bill as this statement sees it).
CREATE FUNCTION "payment_requests_set_open_cents"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	bill_balance bigint;
BEGIN
	IF NEW."state" = 'LINK_BILL' AND NEW."bill_id" IS NOT NULL THEN
		SELECT b."balance_cents" INTO bill_balance FROM "bills" AS b WHERE b."id" = NEW."bill_id";
	END IF;
	NEW."open_cents" := "payment_request_open_cents"(NEW."state", NEW."balance_cents", bill_balance);
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payment_requests_set_open_cents" BEFORE INSERT OR UPDATE ON "payment_requests"
	FOR EACH ROW EXECUTE FUNCTION "payment_requests_set_open_cents"();--> statement-breakpoint
-- A statement that changes bills' balances sets the open amount of the requests linked to them.
CREATE FUNCTION "bills_set_request_open_cents"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "payment_requests" AS pr
	SET "open_cents" = "payment_request_open_cents"(pr."state", pr."balance_cents", nb."balance_cents")
	FROM new_bills AS nb
	JOIN old_bills AS ob ON ob."id" = nb."id"
	WHERE pr."bill_id" = nb."id" AND nb."balance_cents" <> ob."balance_cents";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bills_set_request_open_cents" AFTER UPDATE ON "bills"
	REFERENCING OLD TABLE AS old_bills NEW TABLE AS new_bills
	FOR EACH STATEMENT EXECUTE FUNCTION "bills_set_request_open_cents"();--> statement-breakpoint
-- The requests as of now, and the payments as of now.
INSERT INTO "payment_request_review_rollups" ("business_id", "due_date", "request_count", "open_count", "open_cents")
SELECT "payer_business_id", "due_date", count(*), count(*) FILTER (WHERE "open_cents" > 0), sum("open_cents")
FROM "payment_requests"
GROUP BY "payer_business_id", "due_date";--> statement-breakpoint
INSERT INTO "payment_status_rollups" ("business_id", "status", "payment_count", "amount_cents")
SELECT "business_id", "status", count(*), sum("amount_cents")
FROM "payments"
GROUP BY "business_id", "status";--> statement-breakpoint
-- A statement's changes to the requests, added up per (payer, due date) and appended (nothing when it
-- moves nothing counted). A delete appends nothing for a payer that is being deleted.
CREATE FUNCTION "payment_request_review_deltas_append"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "payment_request_review_deltas" ("business_id", "due_date", "request_count", "open_count", "open_cents")
		SELECT "payer_business_id", "due_date", count(*), count(*) FILTER (WHERE "open_cents" > 0), sum("open_cents")
		FROM new_rows
		GROUP BY "payer_business_id", "due_date";
	ELSIF TG_OP = 'UPDATE' THEN
		INSERT INTO "payment_request_review_deltas" ("business_id", "due_date", "request_count", "open_count", "open_cents")
		SELECT "payer_business_id", "due_date", sum(n), sum(o), sum(c)
		FROM (
			SELECT "payer_business_id", "due_date", 1 AS n, CASE WHEN "open_cents" > 0 THEN 1 ELSE 0 END AS o, "open_cents" AS c
			FROM new_rows
			UNION ALL
			SELECT "payer_business_id", "due_date", -1, CASE WHEN "open_cents" > 0 THEN -1 ELSE 0 END, -"open_cents"
			FROM old_rows
		) AS d
		GROUP BY "payer_business_id", "due_date"
		HAVING sum(n) <> 0 OR sum(o) <> 0 OR sum(c) <> 0;
	ELSE
		INSERT INTO "payment_request_review_deltas" ("business_id", "due_date", "request_count", "open_count", "open_cents")
		SELECT o."payer_business_id", o."due_date", -count(*), -count(*) FILTER (WHERE o."open_cents" > 0), -sum(o."open_cents")
		FROM old_rows AS o
		WHERE EXISTS (SELECT 1 FROM "businesses" AS b WHERE b."id" = o."payer_business_id")
		GROUP BY o."payer_business_id", o."due_date";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "payment_status_deltas_append"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "payment_status_deltas" ("business_id", "status", "payment_count", "amount_cents")
		SELECT "business_id", "status", count(*), sum("amount_cents")
		FROM new_rows
		GROUP BY "business_id", "status";
	ELSIF TG_OP = 'UPDATE' THEN
		INSERT INTO "payment_status_deltas" ("business_id", "status", "payment_count", "amount_cents")
		SELECT "business_id", "status", sum(n), sum(c)
		FROM (
			SELECT "business_id", "status", 1 AS n, "amount_cents" AS c FROM new_rows
			UNION ALL
			SELECT "business_id", "status", -1, -"amount_cents" FROM old_rows
		) AS d
		GROUP BY "business_id", "status"
		HAVING sum(n) <> 0 OR sum(c) <> 0;
	ELSE
		INSERT INTO "payment_status_deltas" ("business_id", "status", "payment_count", "amount_cents")
		SELECT o."business_id", o."status", -count(*), -sum(o."amount_cents")
		FROM old_rows AS o
		WHERE EXISTS (SELECT 1 FROM "businesses" AS b WHERE b."id" = o."business_id")
		GROUP BY o."business_id", o."status";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "payment_request_review_deltas_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "payment_request_review_rollups";
	DELETE FROM "payment_request_review_deltas";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "payment_status_deltas_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "payment_status_rollups";
	DELETE FROM "payment_status_deltas";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payment_requests_review_deltas_insert" AFTER INSERT ON "payment_requests"
	REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "payment_request_review_deltas_append"();--> statement-breakpoint
CREATE TRIGGER "payment_requests_review_deltas_update" AFTER UPDATE ON "payment_requests"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "payment_request_review_deltas_append"();--> statement-breakpoint
CREATE TRIGGER "payment_requests_review_deltas_delete" AFTER DELETE ON "payment_requests"
	REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "payment_request_review_deltas_append"();--> statement-breakpoint
CREATE TRIGGER "payment_requests_review_deltas_truncate" AFTER TRUNCATE ON "payment_requests"
	FOR EACH STATEMENT EXECUTE FUNCTION "payment_request_review_deltas_truncate"();--> statement-breakpoint
CREATE TRIGGER "payments_status_deltas_insert" AFTER INSERT ON "payments"
	REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "payment_status_deltas_append"();--> statement-breakpoint
CREATE TRIGGER "payments_status_deltas_update" AFTER UPDATE ON "payments"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "payment_status_deltas_append"();--> statement-breakpoint
CREATE TRIGGER "payments_status_deltas_delete" AFTER DELETE ON "payments"
	REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "payment_status_deltas_append"();--> statement-breakpoint
CREATE TRIGGER "payments_status_deltas_truncate" AFTER TRUNCATE ON "payments"
	FOR EACH STATEMENT EXECUTE FUNCTION "payment_status_deltas_truncate"();
