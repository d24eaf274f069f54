/** '*** 1234': the last 4 characters of an account or card number. Returns '' for empty input. */
export const maskLast4 = (digits: string): string => {
  const value = digits.trim();
  return value ? `*** ${value.slice(-4)}` : '';
};

/**
 * '1 *** *** 1234': the first digit and the last 4. Numbers too short to show both (under 5
 * characters) fall back to `maskLast4`, so no digit is shown twice.
 */
export const maskAccountLong = (digits: string): string => {
  const value = digits.trim();
  if (value.length < 5) return maskLast4(value);
  return `${value.slice(0, 1)} *** *** ${value.slice(-4)}`;
};

/** '•••• 1234': the last 4 characters, as bank and card lists show them. Returns '' for empty input. */
export const maskDots4 = (mask: string | null | undefined): string => {
  const value = mask?.trim() ?? '';
  return value ? `•••• ${value.slice(-4)}` : '';
};
