/**
 * Full-page navigation to another site or page (the provider's hosted page, and back). An object, so
 * tests can spy on `assign` (jsdom cannot navigate).
 */
export const browserLocation = {
  assign: (url: string): void => window.location.assign(url),
  origin: (): string => window.location.origin,
};
