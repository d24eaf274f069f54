export type Area = 'invoices' | 'users' | 'roles' | 'approvalPolicies' | 'integrations';

/**
 * Areas of the product whose pages exist. A navigation entry, or any link into an area, appears only once
 * the area works (the navigation never leads to a not-found page); each area's issue turns its flag on.
 * (Tests may flip a flag to exercise the links an area will bring.)
 */
export const LIVE_AREAS: Record<Area, boolean> = {
  invoices: true,
  users: true,
  roles: true,
  approvalPolicies: true,
  integrations: true,
};

export const isAreaLive = (area: Area | undefined): boolean => area === undefined || LIVE_AREAS[area];
