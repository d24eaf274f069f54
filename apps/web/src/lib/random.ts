const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random alphanumeric characters from the platform CSPRNG (rejection sampling, no modulo bias). */
export const randomAlphanumeric = (length: number): string => {
  const out: string[] = [];
  const limit = 256 - (256 % ALPHANUMERIC.length);
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < limit) out.push(ALPHANUMERIC[byte % ALPHANUMERIC.length] as string);
      if (out.length === length) break;
    }
  }
  return out.join('');
};

/** RFC 4122 version-4 uuid. `crypto.randomUUID` exists only in secure contexts, so fall back to
 * `getRandomValues`, which is available everywhere. */
export const createUuid = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
