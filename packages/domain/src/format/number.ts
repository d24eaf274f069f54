const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

const group = (integer: string): string => integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const toPlainString = (n: number | bigint | string): string => {
  if (typeof n === 'bigint' || typeof n === 'string') return String(n).trim();
  if (!Number.isFinite(n)) throw new RangeError(`Cannot format ${n}`);
  const text = String(n);
  return /e/i.test(text)
    ? n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
    : text;
};

/**
 * Adds thousands separators to the integer part: 1234567.5 → '1,234,567.5'. A string that is not a
 * plain decimal number is returned unchanged.
 */
export const formatThousands = (n: number | bigint | string): string => {
  const text = toPlainString(n);
  const match = DECIMAL.exec(text);
  if (!match) return text;
  const [, sign = '', integer = '', fraction] = match;
  return `${sign}${group(integer)}${fraction === undefined ? '' : `.${fraction}`}`;
};

export interface CurrencyParts {
  /** Whole units with thousands separators, without sign. */
  whole: string;
  /** Always two digits. */
  cents: string;
  negative: boolean;
}

const toBigCents = (cents: number | bigint): bigint => {
  if (typeof cents === 'bigint') return cents;
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a safe integer, got ${cents}`);
  return BigInt(cents);
};

/** Splits integer cents into whole units and two-digit cents: -123456 → { '1,234', '56', true }. */
export const splitCurrency = (cents: number | bigint): CurrencyParts => {
  const value = toBigCents(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return {
    whole: group((abs / 100n).toString()),
    cents: (abs % 100n).toString().padStart(2, '0'),
    negative,
  };
};

const symbolCache = new Map<string, string>();

const currencySymbol = (currency: string): string => {
  const cached = symbolCache.get(currency);
  if (cached !== undefined) return cached;
  const part = new Intl.NumberFormat('en-US', { style: 'currency', currency })
    .formatToParts(0)
    .find((p) => p.type === 'currency');
  const symbol = part?.value ?? currency;
  symbolCache.set(currency, symbol);
  return symbol;
};

/** Integer cents as money: 123456 → '$1,234.56', -100 → '-$1.00'. */
export const formatMoney = (cents: number | bigint, currency = 'USD'): string => {
  const { whole, cents: minor, negative } = splitCurrency(cents);
  return `${negative ? '-' : ''}${currencySymbol(currency)}${whole}.${minor}`;
};
