import { paths } from '@ferry/domain';
import type { Subject } from '@ferry/domain/permissions';
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
  IconUserShield,
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
  /** Shown to a member whose role may read any of these (the server's rights for the page's calls). */
  readAny?: readonly Subject[];
};

export type NavSection = { label: string | null; items: NavItem[] };

/** Every entry of the business navigation, live or not: Home, then the spec's three areas (000 §1). */
const ALL_NAV_SECTIONS: NavSection[] = [
  { label: null, items: [{ label: 'Home', icon: IconHome, getHref: paths.businessHome }] },
  {
    label: 'Pay',
    items: [
      {
        label: 'Bills',
        icon: IconFileDollar,
        getHref: paths.bills,
        getActivePrefix: paths.bills,
        readAny: ['PayInbox', 'PayPaymentRequest', 'PayDueBill', 'PayPayments'],
      },
      { label: 'Vendors', icon: IconBuildingStore, getHref: paths.vendors, readAny: ['PayManageVendors'] },
    ],
  },
  {
    label: 'Get Paid',
    items: [
      {
        label: 'Invoices',
        icon: IconReceipt,
        getHref: paths.invoices,
        area: 'invoices',
        readAny: ['GetPaidDueInvoices', 'GetPaidPaymentsReceived'],
      },
      {
        label: 'Customers',
        icon: IconUsersGroup,
        getHref: paths.customers,
        readAny: ['GetPaidManageCustomers'],
      },
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
        readAny: ['Users'],
      },
      {
        label: 'Roles',
        icon: IconShieldLock,
        getHref: paths.settingsRoles,
        area: 'roles',
        readAny: ['Roles'],
      },
      {
        label: 'Approval policies',
        icon: IconChecklist,
        getHref: paths.settingsApprovalPolicies,
        area: 'approvalPolicies',
        readAny: ['PaymentApproval'],
      },
      {
        label: 'Approval groups',
        icon: IconUserShield,
        getHref: paths.settingsApprovalGroups,
        area: 'approvalPolicies',
        readAny: ['PaymentApproval'],
      },
      {
        label: 'Bank accounts',
        icon: IconBuildingBank,
        getHref: paths.settingsBankAccount,
        readAny: ['PaymentMethod'],
      },
      {
        label: 'Accept card payments',
        icon: IconCreditCard,
        getHref: paths.settingsAcceptCardPayment,
        readAny: ['PaymentMethod'],
      },
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

/**
 * The navigation a member sees: the entries their role may read (the same CASL ability the server checks).
 * Before the member's rights are known only the entries everyone may open show.
 */
export const navSectionsFor = (can: ((subject: Subject) => boolean) | null): NavSection[] =>
  NAV_SECTIONS.map((section) => ({
    ...section,
    items: section.items.filter(
      (item) => item.readAny === undefined || (can !== null && item.readAny.some((subject) => can(subject))),
    ),
  })).filter((section) => section.items.length > 0);

export const isNavItemActive = (item: NavItem, businessId: string, pathname: string): boolean => {
  const target = (item.getActivePrefix ?? item.getHref)(businessId);
  return pathname === target || pathname.startsWith(`${target}/`);
};
