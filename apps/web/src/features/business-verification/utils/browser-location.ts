/** Leaving the app for the identity provider's hosted page; an object so tests can spy on `assign`. */
export const browserLocation = {
  assign: (url: string): void => {
    window.location.assign(url);
  },
};
