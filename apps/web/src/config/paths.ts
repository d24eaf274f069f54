import { paths as specPaths } from '@ferry/domain';

/**
 * Route patterns the browser app registers (`path`, for React Router) with their link builders
 * (`getHref`). Links to the spec's other pages use the domain's `paths` builders directly; a page gets
 * an entry here when its route is registered.
 */
export const paths = {
  landing: { path: '/', getHref: specPaths.root },
  dev: {
    outbox: { path: '/dev/outbox', getHref: () => '/dev/outbox' },
  },
  notFound: { path: '*' },
} as const;

/** Where the logo points (spec 000 §2): the active business's home, else the start of onboarding. */
export const getHomeHref = (activeBusinessId: string | null): string =>
  activeBusinessId ? specPaths.businessHome(activeBusinessId) : specPaths.onboardAdd();
