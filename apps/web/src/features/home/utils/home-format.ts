import { type CashFlowWeek, formatDate, formatMoney, type SUMMARY_FILTERS, toCents } from '@ferry/domain';

/** Decimal dollars from the API ('1250.5') as '$1,250.50', through integer cents. */
export const money = (amount: number): string => formatMoney(toCents(amount));

/** Several decimal-dollar amounts added up in cents, then shown. */
export const moneySum = (amounts: number[]): string =>
  formatMoney(amounts.reduce((sum, amount) => sum + toCents(amount), 0));

/** '1 bill', '3 bills'. */
export const countOf = (total: number, one: string, many: string): string =>
  `${total} ${total === 1 ? one : many}`;

/** The Bills tab with one summary card's filter applied (`?summary=OVERDUE`). */
export const billsTabFiltered = (billsDueHref: string, filter: (typeof SUMMARY_FILTERS)[number]): string =>
  `${billsDueHref}?summary=${filter}`;

/** 'Nov 2' of a business date. */
export const shortDate = (date: string): string => formatDate(date).replace(/, \d{4}$/, '');

/** 'Nov 2 – Nov 8': a cash-flow week. */
export const weekLabel = (week: CashFlowWeek): string => `${shortDate(week.start)} – ${shortDate(week.end)}`;
