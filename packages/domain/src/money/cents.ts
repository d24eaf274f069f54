/** The largest magnitude of cents that can be held exactly in a JavaScript number. */
export const MAX_SAFE_CENTS = Number.MAX_SAFE_INTEGER;

/**
 * Throws unless `value` is an integer number of cents that arithmetic can handle exactly (like
 * actual's `safeNumber`). Returns the value for chaining.
 */
export const assertSafeCents = (value: number): number => {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`Cannot safely handle ${value} cents: not a safe integer`);
  }
  return value;
};

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Converts a decimal amount ('12.3', 12.3, '-0.05') to integer cents, exactly. Throws on more than 2
 * decimals, non-numeric text, non-finite numbers and amounts beyond the safe range.
 */
export const toCents = (decimal: string | number): number => {
  if (typeof decimal === 'number' && !Number.isFinite(decimal)) {
    throw new RangeError(`Invalid amount: ${decimal}`);
  }
  const text = typeof decimal === 'number' ? String(decimal) : decimal.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`Invalid amount (at most 2 decimals): ${String(decimal)}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const magnitude = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  if (magnitude > BigInt(MAX_SAFE_CENTS)) throw new RangeError(`Amount out of range: ${String(decimal)}`);
  const cents = Number(magnitude);
  return sign && cents !== 0 ? -cents : cents;
};

/**
 * The largest amount a request may carry: $999,999,999.99. Far above any real invoice, and sums of many
 * such amounts stay exact in a JavaScript number and in the bigint columns.
 */
export const MAX_AMOUNT_CENTS = 99_999_999_999;

/** `toCents` for an amount a person or client sends: also throws above `MAX_AMOUNT_CENTS` (either sign). */
export const toAmountCents = (decimal: string | number): number => {
  const cents = toCents(decimal);
  if (Math.abs(cents) > MAX_AMOUNT_CENTS) throw new RangeError(`Amount out of range: ${String(decimal)}`);
  return cents;
};

/** Integer cents to a decimal string with two places: 1230 → '12.30', -5 → '-0.05'. */
export const fromCents = (cents: number | bigint): string => {
  const value = typeof cents === 'bigint' ? cents : BigInt(assertSafeCents(cents));
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

/** Integer cents to the API's decimal number: 1230 → 12.3. */
export const centsToAmount = (cents: number): number => Number(fromCents(cents));
