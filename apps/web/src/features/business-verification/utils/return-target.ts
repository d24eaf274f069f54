import { paths } from '@ferry/domain';

/** `?returnUrl=` keywords (spec 000 §2: `/b/{id}/kyb/details?returnUrl=auto-pay`) and where they lead. */
const RETURN_KEYWORDS: Record<string, () => string> = {
  // Back to the auto-payment journey: the mapping check routes by the payer's state again.
  'auto-pay': paths.autoPayBusinessMappingCheck,
};

/**
 * Where 'Continue' leads once the business is submitted or verified: a known keyword, or a path of this
 * app (a single leading slash; other origins are ignored). Null when there is nowhere to return to.
 */
export const resolveReturnTarget = (returnUrl: string | null | undefined): string | null => {
  const value = returnUrl?.trim() ?? '';
  if (value === '') return null;
  const keyword = RETURN_KEYWORDS[value];
  if (keyword) return keyword();
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return value;
  return null;
};
