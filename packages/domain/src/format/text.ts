/** Up to two upper-case initials: the first letters of the first and last words. */
export const getInitials = (name: string): string => {
  const letters = name
    .trim()
    .split(/\s+/)
    .map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0] ?? '')
    .filter((letter) => letter !== '');
  if (letters.length === 0) return '';
  const first = letters[0] ?? '';
  const last = letters.length > 1 ? (letters[letters.length - 1] ?? '') : '';
  return `${first}${last}`.toUpperCase();
};

/** 'BANK_UNDER_VERIFICATION' → 'Bank Under Verification'; also splits on '-' and spaces. */
export const prettifyStatus = (status: string): string =>
  status
    .split(/[_\-\s]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');

/** Keeps at most 9 digits, with a dash after the first 2 ('12-3456789'). */
export const formatTaxId = (input: string): string => {
  const digits = input.replace(/\D/g, '').slice(0, 9);
  return digits.length > 2 ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits;
};

/** A link is usable only if it does not start with http:// and contains a slash. */
export const isUsableLink = (link: string): boolean => !link.startsWith('http://') && link.includes('/');
