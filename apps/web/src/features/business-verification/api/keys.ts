/**
 * Query keys of the business verification area. They are kept apart from `businessKeys` so that
 * refreshing the businesses (after a save) does not reload the verification views under an open form.
 */
export const verificationKeys = {
  all: (businessId: string) => ['business-verification', businessId] as const,
  form: (businessId: string) => [...verificationKeys.all(businessId), 'form'] as const,
  owners: (businessId: string) => [...verificationKeys.all(businessId), 'owners'] as const,
};

export const businessPath = (businessId: string, rest: string): string =>
  `/business/${encodeURIComponent(businessId)}${rest}`;
