import type { CardFunding } from '@ferry/domain';

export const FUNDING_LABELS: Record<CardFunding, string> = {
  credit: 'Credit card',
  debit: 'Debit card',
  prepaid: 'Prepaid card',
  unknown: 'Card',
};

/** '08/29'. */
export const formatExpiry = (month: number, year: number): string =>
  `${String(month).padStart(2, '0')}/${String(year).slice(-2)}`;
