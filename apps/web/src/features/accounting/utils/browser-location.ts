/** Leaving the app for the accounting provider's consent page; an object so tests can spy on `assign`. */
export const browserLocation = {
  assign: (url: string): void => {
    window.location.assign(url);
  },
};
