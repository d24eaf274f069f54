import { paths } from '@ferry/domain';
import {
  IconBuilding,
  IconBuildingBank,
  IconBuildingStore,
  IconChecklist,
  IconCreditCard,
  IconFileDollar,
  IconHome,
  IconPlugConnected,
  IconReceipt,
  IconShieldLock,
  IconUsers,
  IconUsersGroup,
  type TablerIcon,
} from '@tabler/icons-react';
import { type Area, isAreaLive } from '@/config/areas';

export type NavItem = {
  label: string;
  icon: TablerIcon;
  getHref: (businessId: string) => string;
  /** Path that marks the item active (defaults to the href): `/bills` covers every bills tab. */
  getActivePrefix?: (businessId: string) => string;
  /** The area the entry opens: shown only once that area is live (config/areas.ts). */
  area?: Area;
};

export type NavSection = { label: string | null; items: NavItem[] };

/** Every entry of the business navigation, live or not: Home, then the spec's three areas (000 §1). */
const ALL_NAV_SECTIONS: NavSection[] = [
  { label: null, items: [{ label: 'Home', icon: IconHome, getHref: paths.businessHome }] },
  {
    label: 'Pay',
    items: [
      { label: 'Bills', icon: IconFileDollar, getHref: paths.bills, getActivePrefix: paths.bills },
      { label: 'Vendors', icon: IconBuildingStore, getHref: paths.vendors },
    ],
  },
  {
    label: 'Get Paid',
    items: [
      { label: 'Invoices', icon: IconReceipt, getHref: paths.invoices, area: 'invoices' },
      { label: 'Customers', icon: IconUsersGroup, getHref: paths.customers },
    ],
  },
  {
    label: 'Settings',
    items: [
      { label: 'Business profile', icon: IconBuilding, getHref: paths.settingsBusinessProfile },
      {
        label: 'Users',
        icon: IconUsers,
        getHref: (businessId) => paths.settingsUsers(businessId),
        area: 'users',
      },
      { label: 'Roles', icon: IconShieldLock, getHref: paths.settingsRoles, area: 'roles' },
      {
        label: 'Approval policies',
        icon: IconChecklist,
        getHref: paths.settingsApprovalPolicies,
        area: 'approvalPolicies',
      },
      { label: 'Bank accounts', icon: IconBuildingBank, getHref: paths.settingsBankAccount },
      { label: 'Accept card payments', icon: IconCreditCard, getHref: paths.settingsAcceptCardPayment },
      {
        label: 'Integrations',
        icon: IconPlugConnected,
        getHref: paths.settingsIntegration,
        area: 'integrations',
      },
    ],
  },
];

/** The business navigation as shown: the live entries, and the sections that keep any. */
export const NAV_SECTIONS: NavSection[] = ALL_NAV_SECTIONS.map((section) => ({
  ...section,
  items: section.items.filter((item) => isAreaLive(item.area)),
})).filter((section) => section.items.length > 0);

export const isNavItemActive = (item: NavItem, businessId: string, pathname: string): boolean => {
  const target = (item.getActivePrefix ?? item.getHref)(businessId);
  return pathname === target || pathname.startsWith(`${target}/`);
};
