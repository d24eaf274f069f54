// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here
const UNSAFE_CHARACTERS = /[\\\u0000-\u001f\u007f]/;

/**
 * A path on this site, or null: it starts with a single '/', and no backslash or control character can
 * turn it into another origin (`//evil.example`, `/\evil.example`). Stored return URLs go through it.
 */
export const getSafePath = (value: string | null | undefined): string | null => {
  if (typeof value !== 'string') return null;
  const candidate = value.trim();
  if (!candidate.startsWith('/') || candidate.startsWith('//') || UNSAFE_CHARACTERS.test(candidate))
    return null;
  try {
    const base = 'https://ferry.invalid';
    const url = new URL(candidate, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
};

/**
 * Whether the browser may be sent to the provider's hosted page: a path on this site (the sandbox), or
 * an http(s) address elsewhere (the vendor). Never `javascript:` or other schemes.
 */
export const isFollowableHostedUrl = (value: string): boolean => {
  if (getSafePath(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/**
 * Where the sandbox hosted page sends the person back: `redirectUri` with `inquiry-id` and `status`
 * appended, or null when `redirectUri` is not on `origin` (a relative path on this site, or an absolute
 * URL whose origin is exactly ours) — so the page can never be used as an open redirect.
 */
export const buildInquiryReturnUrl = (
  redirectUri: string | null | undefined,
  origin: string,
  result: { inquiryId: string; status: string },
): string | null => {
  if (!redirectUri) return null;
  const candidate = redirectUri.trim();
  let url: URL;
  if (candidate.startsWith('/')) {
    const path = getSafePath(candidate);
    if (!path) return null;
    url = new URL(path, origin);
  } else {
    if (UNSAFE_CHARACTERS.test(candidate)) return null;
    try {
      url = new URL(candidate);
    } catch {
      return null;
    }
    if (url.origin !== origin || url.username || url.password) return null;
  }
  url.searchParams.set('inquiry-id', result.inquiryId);
  url.searchParams.set('status', result.status);
  return `${url.pathname}${url.search}${url.hash}`;
};
