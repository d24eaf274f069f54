/** The three areas of the permission model (spec 001 §3, 002 §6). */
export const PERMISSION_AREAS = ['PAY', 'GET_PAID', 'SETTINGS'] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

export const PERMISSION_LEVELS = ['manage', 'view'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

/** CASL actions of the permission model. */
export const ACTIONS = ['read', 'manage', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/** CASL subjects of the permission model. */
export const SUBJECTS = [
  'Users',
  'Roles',
  'all',
  'PaymentMethod',
  'PaymentApproval',
  'PayInbox',
  'PayPaymentRequest',
  'PayDueBill',
  'PayApproveAndPayBills',
  'PayManageVendors',
  'PayManageAutoPayments',
  'PayPayments',
  'GetPaidDueInvoices',
  'GetPaidManageCustomers',
  'GetPaidManageCustomerAutoPayments',
  'GetPaidPaymentsReceived',
] as const;
export type Subject = (typeof SUBJECTS)[number];

interface ItemDefinition {
  readonly item: string;
  readonly label: string;
  readonly subjects: readonly Subject[];
}

const FULL_ACCESS = 'FULL_ACCESS';

/**
 * Items of each area with their label and the CASL subject(s) they govern. The full-access item
 * governs every subject of its area (computed below).
 */
const AREA_ITEMS = {
  PAY: [
    { item: 'INBOX', label: 'Inbox', subjects: ['PayInbox'] },
    { item: 'PAYMENT_REQUESTS', label: 'Payment Requests', subjects: ['PayPaymentRequest'] },
    { item: 'DUE_BILLS', label: 'Due Bills', subjects: ['PayDueBill'] },
    { item: 'APPROVE_AND_PAY_BILLS', label: 'Approve and Pay Bills', subjects: ['PayApproveAndPayBills'] },
    { item: 'MANAGE_VENDORS', label: 'Manage Vendors', subjects: ['PayManageVendors'] },
    {
      item: 'MANAGE_VENDOR_AUTO_PAYMENTS',
      label: 'Manage Vendor Auto Payments',
      subjects: ['PayManageAutoPayments'],
    },
    { item: 'PAYMENTS', label: 'Payments', subjects: ['PayPayments'] },
  ],
  GET_PAID: [
    { item: 'DUE_INVOICES', label: 'Due Invoices', subjects: ['GetPaidDueInvoices'] },
    { item: 'MANAGE_CUSTOMERS', label: 'Manage Customers', subjects: ['GetPaidManageCustomers'] },
    {
      item: 'MANAGE_CUSTOMER_AUTO_PAYMENTS',
      label: 'Manage Customer Auto Payments',
      subjects: ['GetPaidManageCustomerAutoPayments'],
    },
    { item: 'PAYMENTS_RECEIVED', label: 'Payments Received', subjects: ['GetPaidPaymentsReceived'] },
  ],
  SETTINGS: [
    { item: 'PAYMENT_METHODS', label: 'Payment Methods', subjects: ['PaymentMethod'] },
    { item: 'PAYMENT_APPROVALS', label: 'Payment Approvals', subjects: ['PaymentApproval'] },
    { item: 'USERS_AND_ROLES', label: 'Users and Roles', subjects: ['Users', 'Roles'] },
  ],
} as const satisfies Record<PermissionArea, readonly ItemDefinition[]>;

const AREA_LABELS: Record<PermissionArea, string> = {
  PAY: 'Pay',
  GET_PAID: 'Get Paid',
  SETTINGS: 'Settings',
};

type AreaItem<A extends PermissionArea> = (typeof AREA_ITEMS)[A][number]['item'] | typeof FULL_ACCESS;
type ItemCode = { [A in PermissionArea]: `${A}_${AreaItem<A>}` }[PermissionArea];

/** A permission key such as `PAY_INBOX.view` or `SETTINGS_FULL_ACCESS.manage`. */
export type PermissionKey = `${ItemCode}.${PermissionLevel}`;

export interface PermissionItem {
  /** e.g. `PAY_INBOX` */
  readonly code: ItemCode;
  readonly label: string;
  readonly isFullAccess: boolean;
  readonly manage: PermissionKey;
  readonly view: PermissionKey;
  readonly subjects: readonly Subject[];
}

export interface PermissionSection {
  readonly area: PermissionArea;
  readonly label: string;
  readonly fullAccess: PermissionItem;
  /** The items of the section other than full access. */
  readonly items: readonly PermissionItem[];
}

const makeItem = (
  area: PermissionArea,
  item: string,
  label: string,
  subjects: readonly Subject[],
): PermissionItem => {
  const code = `${area}_${item}` as ItemCode;
  return {
    code,
    label,
    isFullAccess: item === FULL_ACCESS,
    manage: `${code}.manage` as PermissionKey,
    view: `${code}.view` as PermissionKey,
    subjects,
  };
};

/** Structure for the role editor: one section per area, full access first. */
export const PERMISSION_SECTIONS: readonly PermissionSection[] = PERMISSION_AREAS.map((area) => {
  const items = AREA_ITEMS[area].map((def: ItemDefinition) =>
    makeItem(area, def.item, def.label, def.subjects),
  );
  const allSubjects = items.flatMap((i) => i.subjects);
  return {
    area,
    label: AREA_LABELS[area],
    fullAccess: makeItem(area, FULL_ACCESS, 'Full Access', allSubjects),
    items,
  };
});

/** Every permission item (full access included), in role-editor order. */
export const PERMISSION_ITEMS: readonly PermissionItem[] = PERMISSION_SECTIONS.flatMap((s) => [
  s.fullAccess,
  ...s.items,
]);

/** Every permission key, in role-editor order (manage before view). */
export const PERMISSION_KEYS: readonly PermissionKey[] = PERMISSION_ITEMS.flatMap((i) => [i.manage, i.view]);

/** The built-in Admin role holds every key. */
export const ADMIN_PERMISSIONS: readonly PermissionKey[] = PERMISSION_KEYS;

/** The built-in Read-only role holds every `.view` key. */
export const READ_ONLY_PERMISSIONS: readonly PermissionKey[] = PERMISSION_ITEMS.map((i) => i.view);

/** Built-in role labels (spec 001 §2). */
export const BUILT_IN_ROLE_LABELS = { admin: 'Admin', readOnly: 'Read-only' } as const;

const KEY_SET: ReadonlySet<string> = new Set(PERMISSION_KEYS);

export const isPermissionKey = (value: unknown): value is PermissionKey =>
  typeof value === 'string' && KEY_SET.has(value);

interface ParsedKey {
  readonly item: PermissionItem;
  readonly section: PermissionSection;
  readonly level: PermissionLevel;
}

const PARSED: ReadonlyMap<string, ParsedKey> = new Map(
  PERMISSION_SECTIONS.flatMap((section) =>
    [section.fullAccess, ...section.items].flatMap((item): [string, ParsedKey][] => [
      [item.manage, { item, section, level: 'manage' }],
      [item.view, { item, section, level: 'view' }],
    ]),
  ),
);

/** Finds the item, section and level of a key; `undefined` for an unknown key. */
export const parsePermissionKey = (key: string): ParsedKey | undefined => PARSED.get(key);
