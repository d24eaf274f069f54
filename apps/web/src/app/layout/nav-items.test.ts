import { defineAbilityFor } from '@ferry/domain/permissions';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LIVE_AREAS } from '@/config/areas';
import { routes } from '../router';
import { NAV_SECTIONS, navSectionsFor } from './nav-items';

const BUSINESS_ID = '0123456789abcdef01234567';

/** The deepest route a path lands on; the business catch-all and the global not-found are dead ends. */
const landsOnPage = (pathname: string): boolean => {
  const matches = matchRoutes(routes, pathname) ?? [];
  const leaf = matches.at(-1)?.route;
  return leaf !== undefined && leaf.path !== '/b/:businessId/*' && leaf.path !== '*';
};

describe('business navigation', () => {
  const items = NAV_SECTIONS.flatMap((section) => section.items);

  it.each(items.map((item) => [item.label, item] as const))('%s opens a registered page', (_label, item) => {
    expect(landsOnPage(item.getHref(BUSINESS_ID))).toBe(true);
  });

  it('shows no entry of an area that is not live, and keeps Pay and Settings', () => {
    const labels = items.map((item) => item.label);
    if (!LIVE_AREAS.invoices) expect(labels).not.toContain('Invoices');
    if (!LIVE_AREAS.integrations) expect(labels).not.toContain('Integrations');
    // Accounting connections are live (issue 21): Settings lists Integrations.
    expect(LIVE_AREAS.integrations).toBe(true);
    expect(labels).toContain('Integrations');
    // The Roles list and role editor are live (issue 17): Settings lists them.
    expect(LIVE_AREAS.roles).toBe(true);
    expect(labels).toContain('Roles');
    // The Users list, add user and change role are live (issue 17).
    expect(LIVE_AREAS.users).toBe(true);
    expect(labels).toContain('Users');
    expect(labels).toEqual(
      expect.arrayContaining(['Home', 'Bills', 'Vendors', 'Customers', 'Bank accounts']),
    );
    expect(NAV_SECTIONS.every((section) => section.items.length > 0)).toBe(true);
  });

  it('would catch an entry into a missing page', () => {
    expect(landsOnPage(`/b/${BUSINESS_ID}/invoices`)).toBe(LIVE_AREAS.invoices);
  });

  it('reaches the Users pages and the team page from the routes', () => {
    expect(landsOnPage(`/b/${BUSINESS_ID}/settings/users`)).toBe(true);
    expect(landsOnPage(`/b/${BUSINESS_ID}/settings/users/add`)).toBe(true);
    expect(landsOnPage(`/b/${BUSINESS_ID}/settings/users/${BUSINESS_ID}/edit`)).toBe(true);
    expect(landsOnPage('/team-members')).toBe(true);
    expect(landsOnPage('/onboard/practice')).toBe(true);
  });

  it("shows a member the entries their role may read, and before their rights are known only everyone's", () => {
    const labelsFor = (keys: string[] | null) => {
      const ability = keys ? defineAbilityFor(keys) : null;
      return navSectionsFor(ability ? (subject) => ability.can('read', subject) : null).flatMap((section) =>
        section.items.map((item) => item.label),
      );
    };
    const bookkeeper = labelsFor([
      'PAY_FULL_ACCESS.view',
      'PAY_MANAGE_VENDORS.manage',
      'GET_PAID_MANAGE_CUSTOMERS.manage',
    ]);
    expect(bookkeeper).toEqual(
      expect.arrayContaining(['Home', 'Bills', 'Vendors', 'Customers', 'Business profile']),
    );
    expect(bookkeeper).not.toContain('Users');
    expect(bookkeeper).not.toContain('Roles');
    expect(bookkeeper).not.toContain('Bank accounts');
    const usersOnly = labelsFor(['SETTINGS_USERS_AND_ROLES.view']);
    expect(usersOnly).toEqual(expect.arrayContaining(['Users', 'Roles']));
    expect(usersOnly).not.toContain('Bills');
    // Any member reads the accounting connection (issue 21): Integrations needs no permission.
    expect(labelsFor(null)).toEqual(['Home', 'Business profile', 'Integrations']);
  });
});
