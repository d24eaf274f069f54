/** Full-page navigation (back to Ferry's callback). An object, so tests can spy on `assign` (jsdom cannot navigate). */
export const browserLocation = {
  assign: (url: string): void => window.location.assign(url),
};
