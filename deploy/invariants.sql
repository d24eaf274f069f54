-- Ferry's money invariants, read-only, on any Ferry database (PostgreSQL 13 or newer):
--   psql "$DATABASE_URL" -X -q -A -t -F '|' -f deploy/invariants.sql
-- One row per check: name | violations | up to 5 offending ids. Every count must be 0.
-- deploy/restore-check.sh runs it on a restored copy of a backup.
--
-- What the rules come from (apps/server/src/modules):
-- * ledger: double entry in integer cents, positive = debit = money arriving in the account; every
--   transaction sums to zero per currency and has at least two legs (migration 0009 enforces both at
--   commit; a restore loads rows before it re-creates the triggers, so they are checked again here).
-- * payments (payments/state.ts, domain payments/transitions.ts): only a payment posts to the ledger,
--   moving amount + fee. SUBMIT_TO_RAILS moves it from the payer's bank account or card into
--   Ferry's CLEARING account, SETTLE from CLEARING to the vendor's VENDOR_PAYABLE account; a failure in
--   flight and an ACH return post the exact opposites. So a PROCESSING payment nets +moved in
--   CLEARING, a DELIVERED one +moved in VENDOR_PAYABLE, any other status nets zero everywhere (the
--   engine's property test checks the same: moneyInvariantMismatches in payments/engine/workload.ts).
-- * bills (bills/engine.ts, the bills_money_check constraint): 0 <= scheduled <= balance <= amount;
--   the paid part (amount - balance) is the amount of the bill's DELIVERED and MARKED_AS_PAID payments;
--   the scheduled part is the amount of its payments in flight (made through Ferry, so with a method,
--   in a status that holds the bill: BILL_HOLDING_STATUSES in payments/state.ts).
with
entry_totals as (
  select transaction_id, currency, sum(amount_cents) as total
  from ledger_entries
  group by transaction_id, currency
),
unbalanced as (
  select distinct transaction_id as id from entry_totals where total <> 0
),
short_transactions as (
  select t.id
  from ledger_transactions t
  left join ledger_entries e on e.transaction_id = t.id
  group by t.id
  having count(e.id) < 2
),
account_balances as (
  select a.id, a.kind, coalesce(sum(e.amount_cents), 0) as balance
  from ledger_accounts a
  left join ledger_entries e on e.account_id = a.id
  group by a.id, a.kind
),
wrong_sign as (
  select id from account_balances
  where (kind in ('CLEARING', 'VENDOR_PAYABLE') and balance < 0)
     or (kind in ('BANK_ACCOUNT', 'CARD') and balance > 0)
),
payment_nets as (
  select p.id, p.status, (p.amount_cents + p.fee_cents)::numeric as moved,
    coalesce(sum(e.amount_cents) filter (where a.kind in ('BANK_ACCOUNT', 'CARD')), 0) as source_net,
    coalesce(sum(e.amount_cents) filter (where a.kind = 'CLEARING'), 0) as clearing_net,
    coalesce(sum(e.amount_cents) filter (where a.kind = 'VENDOR_PAYABLE'), 0) as payee_net,
    coalesce(sum(e.amount_cents) filter (
      where a.kind not in ('BANK_ACCOUNT', 'CARD', 'CLEARING', 'VENDOR_PAYABLE')), 0) as other_net
  from payments p
  left join ledger_transactions t on t.payment_id = p.id
  left join ledger_entries e on e.transaction_id = t.id
  left join ledger_accounts a on a.id = e.account_id
  group by p.id
),
payment_ledger_mismatch as (
  select id from payment_nets
  where source_net <> case when status in ('PROCESSING', 'DELIVERED') then -moved else 0 end
     or clearing_net <> case when status = 'PROCESSING' then moved else 0 end
     or payee_net <> case when status = 'DELIVERED' then moved else 0 end
     or other_net <> 0
),
orphan_postings as (
  select t.id from ledger_transactions t
  where t.payment_id is not null and not exists (select 1 from payments p where p.id = t.payment_id)
),
bill_payments as (
  select b.id, b.amount_cents, b.balance_cents, b.scheduled_cents,
    coalesce(sum(p.amount_cents) filter (where p.status in ('DELIVERED', 'MARKED_AS_PAID')), 0) as paid,
    coalesce(sum(p.amount_cents) filter (
      where p.method is not null and p.status in (
        'PENDING', 'IN_APPROVAL', 'APPROVED', 'SCHEDULED', 'IN_QUEUE', 'BANK_UNDER_VERIFICATION', 'HOLD',
        'PROCESSING')), 0) as in_flight
  from bills b
  left join payments p on p.bill_id = b.id
  group by b.id
),
checks(position, name, ids) as (
  values
    (1, 'ledger transactions that do not sum to zero per currency',
      array(select id::text from unbalanced order by id)),
    (2, 'ledger transactions with fewer than two entries',
      array(select id::text from short_transactions order by id)),
    (3, 'ledger accounts on the wrong side of zero (CLEARING or VENDOR_PAYABLE below, BANK_ACCOUNT or CARD above)',
      array(select id::text from wrong_sign order by id)),
    (4, 'payments whose ledger postings disagree with their status',
      array(select id::text from payment_ledger_mismatch order by id)),
    (5, 'ledger postings of a payment that does not exist',
      array(select id::text from orphan_postings order by id)),
    (6, 'bills outside 0 <= scheduled <= balance <= amount',
      array(select id::text from bills
        where balance_cents < 0 or scheduled_cents < 0 or scheduled_cents > balance_cents
          or balance_cents > amount_cents order by id)),
    (7, 'bills whose paid amount is not the sum of their delivered and marked-as-paid payments',
      array(select id::text from bill_payments where amount_cents - balance_cents <> paid order by id)),
    (8, 'bills whose scheduled amount is not the sum of their payments in flight',
      array(select id::text from bill_payments where scheduled_cents <> in_flight order by id)),
    (9, 'payment requests outside 0 <= balance <= amount',
      array(select id::text from payment_requests
        where balance_cents < 0 or balance_cents > amount_cents order by id)),
    (10, 'payments with an amount below one cent or a negative fee',
      array(select id::text from payments where amount_cents < 1 or fee_cents < 0 order by id))
)
select name, cardinality(ids), array_to_string(ids[1:5], ' ')
from checks
order by position;
