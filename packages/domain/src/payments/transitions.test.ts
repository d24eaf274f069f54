import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_FAILURE_REASONS } from '../catalogues/failure-reasons.js';
import { PAYMENT_STATUSES } from '../catalogues/payment-status.js';
import { ACH_RETURN_CODES } from './ach-returns.js';
import { isBalancedEffect, type LedgerEffect, netByAccount } from './ledger-effects.js';
import {
  allowedEvents,
  createPaymentState,
  ENGINE_PAYMENT_STATUSES,
  type EnginePaymentStatus,
  isTerminalStatus,
  MAX_REATTEMPTS,
  PAYMENT_EVENT_TYPES,
  type PaymentEvent,
  type PaymentState,
  transition,
} from './transitions.js';

const AMOUNT = 123_45;
const fresh = (amountCents = AMOUNT): PaymentState =>
  createPaymentState({ amountCents, processDate: '2025-07-07' });

/** Applies events in order, failing the test on the first refused one. */
const run = (events: PaymentEvent[], state = fresh()) => {
  const effects: LedgerEffect[] = [];
  let current = state;
  for (const event of events) {
    const result = transition(current, event);
    if (!result.ok) throw new Error(`${event.type} from ${current.status}: ${result.error}`);
    current = result.state;
    effects.push(...result.effects);
  }
  return { state: current, effects };
};

/**
 * The edges of spec 002 §4 and issue 7 written out independently of PAYMENT_TRANSITIONS, as
 * 'FROM EVENT TO', so a wrong edit of the table fails the property test below.
 */
const EXPECTED_EDGES = new Set([
  'PENDING SUBMIT_FOR_APPROVAL IN_APPROVAL',
  'SCHEDULED SUBMIT_FOR_APPROVAL IN_APPROVAL',
  'IN_APPROVAL APPROVE APPROVED',
  'IN_APPROVAL REJECT REJECTED',
  'PENDING SCHEDULE SCHEDULED',
  'APPROVED SCHEDULE SCHEDULED',
  'PENDING QUEUE_UNVERIFIED IN_QUEUE',
  'APPROVED QUEUE_UNVERIFIED IN_QUEUE',
  'SCHEDULED QUEUE_UNVERIFIED IN_QUEUE',
  'IN_QUEUE RELEASE_QUEUE SCHEDULED',
  'PENDING BANK_VERIFICATION_WAIT BANK_UNDER_VERIFICATION',
  'APPROVED BANK_VERIFICATION_WAIT BANK_UNDER_VERIFICATION',
  'SCHEDULED BANK_VERIFICATION_WAIT BANK_UNDER_VERIFICATION',
  'BANK_UNDER_VERIFICATION BANK_VERIFIED SCHEDULED',
  'SCHEDULED HOLD HOLD',
  'HOLD RELEASE_HOLD SCHEDULED',
  'SCHEDULED SUBMIT_TO_RAILS PROCESSING',
  'PROCESSING SETTLE DELIVERED',
  'SCHEDULED FAIL FAILED',
  'PROCESSING FAIL FAILED',
  'DELIVERED RETURN REVERSED',
  'PENDING CANCEL CANCELLED',
  // A payment in approval (or approved, waiting for the vendor) may be cancelled: nothing has moved.
  'IN_APPROVAL CANCEL CANCELLED',
  'APPROVED CANCEL CANCELLED',
  'SCHEDULED CANCEL CANCELLED',
  'IN_QUEUE CANCEL CANCELLED',
  'HOLD CANCEL CANCELLED',
  'BANK_UNDER_VERIFICATION CANCEL CANCELLED',
  'PENDING DECLINE DECLINED',
  'APPROVED DECLINE DECLINED',
  'SCHEDULED DECLINE DECLINED',
  'IN_QUEUE DECLINE DECLINED',
  'HOLD DECLINE DECLINED',
  'BANK_UNDER_VERIFICATION DECLINE DECLINED',
  'FAILED REATTEMPT SCHEDULED',
  'SCHEDULED RESCHEDULE SCHEDULED',
  'PENDING MARK_AS_PAID MARKED_AS_PAID',
]);

/** What each account holds, net, while a payment of `amount` is in a status. */
const expectedNet = (status: EnginePaymentStatus, amount: number) => {
  if (status === 'PROCESSING')
    return { PAYER_FUNDING_SOURCE: -amount, FERRY_CLEARING: amount, PAYEE_ACCOUNT: 0 };
  if (status === 'DELIVERED')
    return { PAYER_FUNDING_SOURCE: -amount, FERRY_CLEARING: 0, PAYEE_ACCOUNT: amount };
  return { PAYER_FUNDING_SOURCE: 0, FERRY_CLEARING: 0, PAYEE_ACCOUNT: 0 };
};

const businessDays = ['2025-07-07', '2025-07-08', '2025-12-26', '2026-01-02'];
const closedDays = ['2025-07-04', '2025-07-05', 'not-a-date'];
const dateArb = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...businessDays) },
  { weight: 1, arbitrary: fc.constantFrom(...closedDays) },
);

const eventArb: fc.Arbitrary<PaymentEvent> = fc.oneof(
  fc
    .constantFrom(
      'SUBMIT_FOR_APPROVAL',
      'APPROVE',
      'REJECT',
      'QUEUE_UNVERIFIED',
      'BANK_VERIFICATION_WAIT',
      'HOLD',
      'SUBMIT_TO_RAILS',
      'SETTLE',
      'CANCEL',
      'DECLINE',
      'MARK_AS_PAID',
    )
    .map((type) => ({ type }) as PaymentEvent),
  fc
    .record({
      type: fc.constantFrom('SCHEDULE', 'RELEASE_QUEUE', 'BANK_VERIFIED', 'RELEASE_HOLD'),
      processDate: fc.option(dateArb, { nil: undefined }),
    })
    .map((event) => event as PaymentEvent),
  fc.record({ type: fc.constantFrom('REATTEMPT', 'RESCHEDULE'), processDate: dateArb }),
  fc.record(
    {
      type: fc.constant('FAIL' as const),
      reason: fc.constantFrom(...PAYMENT_FAILURE_REASONS),
      returnCode: fc.constantFrom(...ACH_RETURN_CODES),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    {
      type: fc.constant('RETURN' as const),
      returnCode: fc.constantFrom(...ACH_RETURN_CODES),
      side: fc.constantFrom('DEBIT' as const, 'CREDIT' as const),
    },
    { requiredKeys: ['type', 'returnCode'] },
  ),
);

interface Step {
  from: PaymentState;
  event: PaymentEvent;
  to: PaymentState;
  effects: LedgerEffect[];
}

/**
 * One random move: mostly an event the current status allows (so walks get deep: delivered, returned,
 * reattempted), sometimes any event at all (so refusals are exercised too).
 */
const moveArb = fc.record({
  legal: fc.boolean(),
  index: fc.nat(),
  any: eventArb,
  processDate: dateArb,
  reason: fc.option(fc.constantFrom(...PAYMENT_FAILURE_REASONS), { nil: undefined }),
  returnCode: fc.constantFrom(...ACH_RETURN_CODES),
  side: fc.constantFrom('DEBIT' as const, 'CREDIT' as const),
});
type Move = typeof moveArb extends fc.Arbitrary<infer T> ? T : never;

const eventFor = (state: PaymentState, move: Move): PaymentEvent => {
  const allowed = allowedEvents(state.status);
  const type = allowed[move.index % Math.max(1, allowed.length)];
  if (!move.legal || type === undefined) return move.any;
  switch (type) {
    case 'REATTEMPT':
    case 'RESCHEDULE':
    case 'SCHEDULE':
      return { type, processDate: move.processDate };
    case 'FAIL':
      return move.reason ? { type, reason: move.reason } : { type, returnCode: move.returnCode };
    case 'RETURN':
      return { type, returnCode: move.returnCode, side: move.side };
    default:
      return { type } as PaymentEvent;
  }
};

/** Runs random moves, keeping the steps that were accepted. */
const walk = (amount: number, moves: Move[]) => {
  let state = fresh(amount);
  const steps: Step[] = [];
  for (const move of moves) {
    const event = eventFor(state, move);
    const before = { ...state };
    const result = transition(state, event);
    expect(state).toEqual(before); // never mutates its input
    if (!result.ok) continue;
    steps.push({ from: state, event, to: result.state, effects: result.effects });
    state = result.state;
  }
  return { state, steps, effects: steps.flatMap((s) => s.effects) };
};

const walkArb = fc.tuple(
  fc.integer({ min: 1, max: 5_000_000_000 }),
  fc.array(moveArb, { minLength: 1, maxLength: 40 }),
);

describe('payment transitions (property-based)', () => {
  it('never takes an edge outside the table, and refusals change nothing', () => {
    fc.assert(
      fc.property(walkArb, ([amount, events]) => {
        for (const step of walk(amount, events).steps) {
          expect(EXPECTED_EDGES.has(`${step.from.status} ${step.event.type} ${step.to.status}`)).toBe(true);
          expect(step.to.amountCents).toBe(amount);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('posts only balanced effects, and each account holds what the status says after every step', () => {
    fc.assert(
      fc.property(walkArb, ([amount, events]) => {
        const posted: LedgerEffect[] = [];
        for (const step of walk(amount, events).steps) {
          for (const effect of step.effects) expect(isBalancedEffect(effect)).toBe(true);
          posted.push(...step.effects);
          expect(netByAccount(posted)).toEqual(expectedNet(step.to.status, amount));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('leaves no net money for a payment that ends failed, cancelled, declined, reversed or rejected', () => {
    fc.assert(
      fc.property(walkArb, ([amount, events]) => {
        const { state, effects } = walk(amount, events);
        if (
          ['FAILED', 'CANCELLED', 'DECLINED', 'REVERSED', 'REJECTED', 'MARKED_AS_PAID'].includes(state.status)
        ) {
          expect(netByAccount(effects)).toEqual({
            PAYER_FUNDING_SOURCE: 0,
            FERRY_CLEARING: 0,
            PAYEE_ACCOUNT: 0,
          });
        }
      }),
      { numRuns: 500 },
    );
  });

  it('reverses a delivered payment with the exact opposite of the legs it posted', () => {
    const toDelivered: PaymentEvent[] = [
      { type: 'SCHEDULE' },
      { type: 'SUBMIT_TO_RAILS' },
      { type: 'SETTLE' },
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000_000 }),
        fc.constantFrom(...ACH_RETURN_CODES),
        (amount, returnCode) => {
          const delivered = run(toDelivered, fresh(amount));
          const result = transition(delivered.state, { type: 'RETURN', returnCode });
          if (!result.ok) throw new Error(result.error);
          expect(result.state.status).toBe('REVERSED');
          const postedLegs = delivered.effects.flatMap((e) => e.legs);
          const reversalLegs = result.effects.flatMap((e) => e.legs);
          // The last posted effect is undone first, leg by leg with the amount negated.
          expect(result.effects.map((e) => e.kind)).toEqual(['REVERSE_DISBURSE', 'REVERSE_COLLECT']);
          expect(result.effects.every((e) => e.ledgerKind === 'PAYMENT_RETURN')).toBe(true);
          const opposite = delivered.effects
            .slice()
            .reverse()
            .flatMap((e) => e.legs.map((leg) => ({ account: leg.account, amountCents: -leg.amountCents })));
          expect(reversalLegs).toEqual(opposite);
          expect(netByAccount([...delivered.effects, ...result.effects])).toEqual({
            PAYER_FUNDING_SOURCE: 0,
            FERRY_CLEARING: 0,
            PAYEE_ACCOUNT: 0,
          });
          expect(postedLegs).toHaveLength(reversalLegs.length);
        },
      ),
    );
  });

  it('never skips a status: DELIVERED only from PROCESSING, PROCESSING only from SCHEDULED, REVERSED only from DELIVERED', () => {
    const only: Partial<Record<EnginePaymentStatus, EnginePaymentStatus[]>> = {
      DELIVERED: ['PROCESSING'],
      PROCESSING: ['SCHEDULED'],
      REVERSED: ['DELIVERED'],
      APPROVED: ['IN_APPROVAL'],
      REJECTED: ['IN_APPROVAL'],
      IN_APPROVAL: ['PENDING', 'SCHEDULED'],
      MARKED_AS_PAID: ['PENDING'],
    };
    fc.assert(
      fc.property(walkArb, ([amount, events]) => {
        for (const step of walk(amount, events).steps) {
          const allowed = only[step.to.status];
          if (allowed) expect(allowed).toContain(step.from.status);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reaches every status and edge often enough for the properties above to mean something', () => {
    const reached = new Set<string>();
    const edges = new Set<string>();
    for (const [amount, events] of fc.sample(walkArb, { numRuns: 500, seed: 7 })) {
      for (const step of walk(amount, events).steps) {
        reached.add(step.to.status);
        edges.add(`${step.from.status} ${step.event.type} ${step.to.status}`);
      }
    }
    expect([...reached].sort()).toEqual(ENGINE_PAYMENT_STATUSES.filter((s) => s !== 'PENDING').sort());
    expect(edges.size).toBeGreaterThan(EXPECTED_EDGES.size * 0.9);
  });

  it('never reattempts more than twice', () => {
    fc.assert(
      fc.property(walkArb, ([amount, events]) => {
        for (const step of walk(amount, events).steps) {
          expect(step.to.reattempts).toBeLessThanOrEqual(MAX_REATTEMPTS);
        }
      }),
    );
  });
});

describe('transition', () => {
  it('moves a payment through the happy path with the submit and settle legs', () => {
    const scheduled = run([{ type: 'SCHEDULE', processDate: '2025-07-08' }]);
    expect(scheduled.state).toMatchObject({ status: 'SCHEDULED', processDate: '2025-07-08' });
    expect(scheduled.effects).toEqual([]);

    const submitted = transition(scheduled.state, { type: 'SUBMIT_TO_RAILS' });
    expect(submitted).toMatchObject({ ok: true, state: { status: 'PROCESSING' } });
    if (!submitted.ok) return;
    expect(submitted.effects).toEqual([
      {
        kind: 'COLLECT',
        ledgerKind: 'PAYMENT_SUBMIT',
        memo: expect.any(String),
        legs: [
          { account: 'PAYER_FUNDING_SOURCE', amountCents: -AMOUNT },
          { account: 'FERRY_CLEARING', amountCents: AMOUNT },
        ],
      },
    ]);
    const settled = transition(submitted.state, { type: 'SETTLE' });
    expect(settled.ok && settled.effects[0]?.legs).toEqual([
      { account: 'FERRY_CLEARING', amountCents: -AMOUNT },
      { account: 'PAYEE_ACCOUNT', amountCents: AMOUNT },
    ]);
  });

  it('refuses to cancel once processing, and cancels before it with no money', () => {
    const processing = run([{ type: 'SCHEDULE' }, { type: 'SUBMIT_TO_RAILS' }]).state;
    expect(transition(processing, { type: 'CANCEL' })).toEqual({
      ok: false,
      error: 'ILLEGAL_TRANSITION',
      from: 'PROCESSING',
      event: 'CANCEL',
    });
    for (const path of [
      [],
      [{ type: 'SCHEDULE' }],
      [{ type: 'QUEUE_UNVERIFIED' }],
      [{ type: 'SCHEDULE' }, { type: 'HOLD' }],
      [{ type: 'BANK_VERIFICATION_WAIT' }],
    ] as PaymentEvent[][]) {
      const result = transition(run(path).state, { type: 'CANCEL' });
      expect(result).toMatchObject({ ok: true, state: { status: 'CANCELLED' }, effects: [] });
    }
  });

  it('returns the collected money when a payment fails in flight, and nothing when it fails before', () => {
    const inFlight = run([
      { type: 'SCHEDULE' },
      { type: 'SUBMIT_TO_RAILS' },
      { type: 'FAIL', returnCode: 'R01' },
    ]);
    expect(inFlight.state).toMatchObject({
      status: 'FAILED',
      failureReason: 'INSUFFICIENT_BANK_BALANCE',
      returnCode: 'R01',
    });
    expect(inFlight.effects.map((e) => e.kind)).toEqual(['COLLECT', 'REVERSE_COLLECT']);
    expect(inFlight.effects.map((e) => e.ledgerKind)).toEqual(['PAYMENT_SUBMIT', 'PAYMENT_FAIL_REVERSAL']);
    const early = run([{ type: 'SCHEDULE' }, { type: 'FAIL', reason: 'INVALID_PAYER_BANK_ACCOUNT' }]);
    expect(early.effects).toEqual([]);
    expect(early.state).toMatchObject({ failureReason: 'INVALID_PAYER_BANK_ACCOUNT', returnCode: null });
    expect(run([{ type: 'SCHEDULE' }, { type: 'FAIL' }]).state.failureReason).toBe('UNKNOWN');
  });

  it('reattempts R01/R09 and unknown failures at most twice, and nothing else', () => {
    const failWith = (event: PaymentEvent, state = fresh()) =>
      run([{ type: 'SCHEDULE' }, { type: 'SUBMIT_TO_RAILS' }, event], state).state;
    let state = failWith({ type: 'FAIL', returnCode: 'R09' });
    expect(state.failureReason).toBe('INSUFFICIENT_TRANSACTION_BALANCE');
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const retried = transition(state, { type: 'REATTEMPT', processDate: '2025-07-08' });
      expect(retried).toMatchObject({
        ok: true,
        state: { status: 'SCHEDULED', reattempts: attempt, failureReason: null, returnCode: null },
      });
      if (!retried.ok) return;
      state = run([{ type: 'SUBMIT_TO_RAILS' }, { type: 'FAIL', returnCode: 'R01' }], retried.state).state;
    }
    expect(transition(state, { type: 'REATTEMPT', processDate: '2025-07-08' })).toMatchObject({
      ok: false,
      error: 'REATTEMPT_LIMIT_REACHED',
    });

    for (const event of [
      { type: 'FAIL', returnCode: 'R02' },
      { type: 'FAIL', returnCode: 'R08' },
      { type: 'FAIL', returnCode: 'R16' },
      { type: 'FAIL', reason: 'COMPLIANCE' },
      { type: 'FAIL', reason: 'INVALID_VENDOR_BANK_ACCOUNT' },
    ] as PaymentEvent[]) {
      expect(transition(failWith(event), { type: 'REATTEMPT', processDate: '2025-07-08' })).toMatchObject({
        ok: false,
        error: 'REATTEMPT_NOT_ALLOWED',
      });
    }
    expect(
      transition(failWith({ type: 'FAIL', reason: 'UNKNOWN' }), {
        type: 'REATTEMPT',
        processDate: '2025-07-08',
      }).ok,
    ).toBe(true);
  });

  it('maps a return after delivery to a failure reason for the side that came back', () => {
    const delivered = run([{ type: 'SCHEDULE' }, { type: 'SUBMIT_TO_RAILS' }, { type: 'SETTLE' }]).state;
    const credit = transition(delivered, { type: 'RETURN', returnCode: 'R03' });
    expect(credit).toMatchObject({ ok: true, state: { failureReason: 'INVALID_VENDOR_BANK_ACCOUNT' } });
    const debit = transition(delivered, { type: 'RETURN', returnCode: 'R03', side: 'DEBIT' });
    expect(debit).toMatchObject({ ok: true, state: { failureReason: 'INVALID_PAYER_BANK_ACCOUNT' } });
    expect(transition(delivered, { type: 'RETURN', returnCode: 'R99' as 'R01' })).toMatchObject({
      ok: false,
      error: 'INVALID_RETURN_CODE',
    });
  });

  it('reschedules only to a business day, and only a scheduled payment', () => {
    const scheduled = run([{ type: 'SCHEDULE' }]).state;
    expect(transition(scheduled, { type: 'RESCHEDULE', processDate: '2025-12-26' })).toMatchObject({
      ok: true,
      state: { status: 'SCHEDULED', processDate: '2025-12-26' },
      effects: [],
    });
    for (const processDate of ['2025-07-04', '2025-07-05', '2025-02-30', '07/08/2025']) {
      expect(transition(scheduled, { type: 'RESCHEDULE', processDate })).toMatchObject({
        ok: false,
        error: 'INVALID_PROCESS_DATE',
      });
    }
    expect(transition(fresh(), { type: 'RESCHEDULE', processDate: '2025-07-08' })).toMatchObject({
      ok: false,
      error: 'ILLEGAL_TRANSITION',
    });
  });

  it('plugs approvals in before scheduling', () => {
    const approved = run([{ type: 'SUBMIT_FOR_APPROVAL' }, { type: 'APPROVE' }, { type: 'SCHEDULE' }]);
    expect(approved.state.status).toBe('SCHEDULED');
    expect(run([{ type: 'SUBMIT_FOR_APPROVAL' }, { type: 'REJECT' }]).state.status).toBe('REJECTED');
    expect(transition(run([{ type: 'SUBMIT_FOR_APPROVAL' }]).state, { type: 'SCHEDULE' }).ok).toBe(false);
  });

  it('marks as paid with no money, from pending only', () => {
    expect(transition(fresh(), { type: 'MARK_AS_PAID' })).toMatchObject({
      ok: true,
      state: { status: 'MARKED_AS_PAID' },
      effects: [],
    });
    expect(transition(run([{ type: 'SCHEDULE' }]).state, { type: 'MARK_AS_PAID' }).ok).toBe(false);
  });

  it('lets no event leave a terminal status except RETURN and REATTEMPT', () => {
    for (const status of ENGINE_PAYMENT_STATUSES.filter(isTerminalStatus)) {
      const events = allowedEvents(status);
      const expected = status === 'DELIVERED' ? ['RETURN'] : status === 'FAILED' ? ['REATTEMPT'] : [];
      expect(events).toEqual(expected);
    }
    expect(allowedEvents('SCHEDULED')).toEqual([
      'SUBMIT_FOR_APPROVAL',
      'QUEUE_UNVERIFIED',
      'BANK_VERIFICATION_WAIT',
      'HOLD',
      'SUBMIT_TO_RAILS',
      'FAIL',
      'CANCEL',
      'DECLINE',
      'RESCHEDULE',
    ]);
  });

  it('uses only statuses of the spec catalogue and covers every event', () => {
    for (const status of ENGINE_PAYMENT_STATUSES) expect(PAYMENT_STATUSES).toContain(status);
    const used = new Set([...EXPECTED_EDGES].map((edge) => edge.split(' ')[1]));
    expect([...used].sort()).toEqual([...PAYMENT_EVENT_TYPES].sort());
  });

  it('rejects an invalid amount or process date at creation', () => {
    expect(() => createPaymentState({ amountCents: 0, processDate: '2025-07-07' })).toThrow(RangeError);
    expect(() => createPaymentState({ amountCents: 1.5, processDate: '2025-07-07' })).toThrow(RangeError);
    expect(() => createPaymentState({ amountCents: 100, processDate: '2025-13-01' })).toThrow(RangeError);
  });
});
