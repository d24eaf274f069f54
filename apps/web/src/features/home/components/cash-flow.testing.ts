import type { CashFlow, CashFlowWeek } from '@ferry/domain';

const MONDAYS = [
  '2026-11-23',
  '2026-11-30',
  '2026-12-07',
  '2026-12-14',
  '2026-12-21',
  '2026-12-28',
  '2027-01-04',
  '2027-01-11',
];
const SUNDAYS = [
  '2026-11-29',
  '2026-12-06',
  '2026-12-13',
  '2026-12-20',
  '2026-12-27',
  '2027-01-03',
  '2027-01-10',
  '2027-01-17',
];

/** A week of GET cash-flow: invoices and incoming payments in, scheduled payments out (dollars). */
export const cashFlowWeek = (index: number, invoices = 0, incoming = 0, out = 0): CashFlowWeek => {
  const inTotal = Math.round((invoices + incoming) * 100) / 100;
  return {
    start: MONDAYS[index] ?? '2026-11-23',
    end: SUNDAYS[index] ?? '2026-11-29',
    expectedIn: { invoices, incomingPayments: incoming, total: inTotal },
    goingOut: { scheduledPayments: out, total: out },
    net: Math.round((inTotal - out) * 100) / 100,
  };
};

/** GET cash-flow for the week of 2026-11-26: money both ways in weeks 0, 1 and 3, $410 overdue. */
export const makeTestCashFlow = (overrides: Partial<CashFlow> = {}): CashFlow => ({
  today: '2026-11-26',
  weeks: MONDAYS.map((_, index) =>
    index === 0
      ? cashFlowWeek(0, 1500, 250.5, 900)
      : index === 1
        ? cashFlowWeek(1, 0, 0, 2200)
        : index === 3
          ? cashFlowWeek(3, 800, 0, 0)
          : cashFlowWeek(index),
  ),
  overdueIn: 410,
  sides: { in: true, out: true },
  ...overrides,
});
