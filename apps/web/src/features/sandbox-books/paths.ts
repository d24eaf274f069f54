/** The addresses of Sandbox Books' two pages (the server sends the browser to the consent page). */
export const sandboxBooksPaths = {
  consent: { path: '/sandbox/books/authorize' },
  browse: { path: '/sandbox/books', getHref: () => '/sandbox/books' },
} as const;
