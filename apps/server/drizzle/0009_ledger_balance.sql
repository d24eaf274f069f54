-- Ledger invariants enforced by the database itself (see src/modules/ledger).
-- 1. Append-only: ledger transactions and entries are never updated, deleted or truncated;
--    corrections are reversing transactions.
CREATE FUNCTION "ledger_reject_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The ledger is append-only: % on % is not allowed (post a reversing transaction instead).', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION "ledger_reject_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_no_truncate" BEFORE TRUNCATE ON "ledger_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_reject_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_reject_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_reject_change"();
--> statement-breakpoint
-- 2. Balanced: at commit, every ledger transaction that received entries sums to zero per currency.
CREATE FUNCTION "ledger_check_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  offender record;
BEGIN
  SELECT "currency", sum("amount_cents") AS "total" INTO offender
    FROM "ledger_entries"
    WHERE "transaction_id" = NEW."transaction_id"
    GROUP BY "currency"
    HAVING sum("amount_cents") <> 0
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'Ledger transaction % does not balance: its % entries sum to % cents.', NEW."transaction_id", offender."currency", offender."total"
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "ledger_check_balanced"();
--> statement-breakpoint
-- 3. No empty transactions: at commit, a new ledger transaction has at least two entries.
CREATE FUNCTION "ledger_check_has_entries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM "ledger_entries" WHERE "transaction_id" = NEW."id") < 2 THEN
    RAISE EXCEPTION 'Ledger transaction % has fewer than two entries.', NEW."id"
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_transactions_have_entries" AFTER INSERT ON "ledger_transactions"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "ledger_check_has_entries"();
