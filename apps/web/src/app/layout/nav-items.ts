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

export type NavItem = {
  label: string;
  icon: TablerIcon;
  getHref: (businessId: string) => string;
  /** Path that marks the item active (defaults to the href): `/bills` covers every bills tab. */
  getActivePrefix?: (businessId: string) => string;
};

export type NavSection = { label: string | null; items: NavItem[] };

/** The business navigation: Home, then the spec's three areas (000 §1: Pay, Get Paid, Settings). */
export const NAV_SECTIONS: NavSection[] = [
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
      { label: 'Invoices', icon: IconReceipt, getHref: paths.invoices },
      { label: 'Customers', icon: IconUsersGroup, getHref: paths.customers },
    ],
  },
  {
    label: 'Settings',
    items: [
      { label: 'Business profile', icon: IconBuilding, getHref: paths.settingsBusinessProfile },
      { label: 'Users', icon: IconUsers, getHref: (businessId) => paths.settingsUsers(businessId) },
      { label: 'Roles', icon: IconShieldLock, getHref: paths.settingsRoles },
      { label: 'Approval policies', icon: IconChecklist, getHref: paths.settingsApprovalPolicies },
      { label: 'Bank accounts', icon: IconBuildingBank, getHref: paths.settingsBankAccount },
      { label: 'Accept card payments', icon: IconCreditCard, getHref: paths.settingsAcceptCardPayment },
      { label: 'Integrations', icon: IconPlugConnected, getHref: paths.settingsIntegration },
    ],
  },
];

export const isNavItemActive = (item: NavItem, businessId: string, pathname: string): boolean => {
  const target = (item.getActivePrefix ?? item.getHref)(businessId);
  return pathname === target || pathname.startsWith(`${target}/`);
};
