/** The demo account's fixed cast: names, emails and addresses of a small coffee roaster's world. */

export const DEMO_ACCOUNT = {
  email: 'maya@harborcoffee.example',
  password: 'Harbor-Demo-2026!',
  firstName: 'Maya',
  lastName: 'Okafor',
  /** A US number in the 555-01xx range reserved for fiction. */
  phoneNumber: '4155550142',
  businessName: 'Harbor Coffee Roasters LLC',
  secondBusinessName: 'Tidewater Bakery LLC',
} as const;

/**
 * Harbor's team (issue 17): two roles of its own, the people Maya invited (two joined, one has not yet
 * answered, one let the invitation lapse), and the accountant who keeps the books with her practice's
 * bookkeeper. The accountant can sign in too (same password as Maya).
 */
export const DEMO_TEAM = {
  roles: [
    {
      name: 'Bookkeeper',
      description: 'Keeps vendors and customers up to date and sees the bills and payments.',
      permissions: [
        'PAY_INBOX.view',
        'PAY_PAYMENT_REQUESTS.view',
        'PAY_DUE_BILLS.view',
        'PAY_PAYMENTS.view',
        'PAY_MANAGE_VENDORS.manage',
        'GET_PAID_MANAGE_CUSTOMERS.manage',
      ],
    },
    {
      name: 'Accounts Payable',
      description: 'Enters and pays bills, reviews incoming requests and manages vendors.',
      permissions: ['PAY_FULL_ACCESS.manage', 'SETTINGS_PAYMENT_METHODS.view'],
    },
  ],
  members: [
    {
      firstName: 'Daniel',
      lastName: 'Reyes',
      email: 'daniel@harborcoffee.example',
      role: 'Accounts Payable',
    },
    { firstName: 'Aisha', lastName: 'Bello', email: 'aisha@harborcoffee.example', role: 'Read-only' },
  ],
  /** Invited today: still pending (an invitation lasts 72 hours). */
  pending: { firstName: 'Tom', lastName: 'Lindqvist', email: 'tom@harborcoffee.example', role: 'Bookkeeper' },
  /** Invited early on and never answered: the invitation has expired. */
  expired: {
    firstName: 'Grace',
    lastName: 'Huang',
    email: 'grace.huang@harborcoffee.example',
    role: 'Read-only',
  },
  accountant: {
    firstName: 'Priya',
    lastName: 'Raman',
    email: 'priya@ramanaccounting.example',
    phoneNumber: '4155550171',
    practiceFirmName: 'Raman & Co. Accounting',
    clientRange: 'FIVE_TO_FIFTEEN',
  },
  /** The accountant's bookkeeper, added to Harbor from the practice team. */
  teamMember: { name: 'Leo Park', email: 'leo@ramanaccounting.example', phoneNumber: '4155550172' },
  /** Invited to the practice team, not yet joined. */
  teamPending: { name: 'Nora Quinn', email: 'nora@ramanaccounting.example' },
} as const;

export interface DemoContact {
  name: string;
  email: string;
  /** Vendors only: whether Ferry has their bank details (without, a payment waits for them). */
  bank?: boolean;
  /** A W-9 or contract on file. */
  document?: string;
}

export const DEMO_VENDORS: DemoContact[] = [
  {
    name: 'Pacific Green Coffee Co.',
    email: 'billing@pacificgreen.example',
    bank: true,
    document: 'W-9 Pacific Green.pdf',
  },
  {
    name: 'Cascade Packaging Supply',
    email: 'ar@cascadepack.example',
    bank: true,
    document: 'W-9 Cascade Packaging.pdf',
  },
  { name: 'Bayside Dairy Co-op', email: 'accounts@baysidedairy.example', bank: true },
  {
    name: 'Northgate Property Mgmt',
    email: 'rent@northgatepm.example',
    bank: true,
    document: 'Lease 2026.pdf',
  },
  { name: 'Summit Electric & Gas', email: 'billing@summiteg.example', bank: true },
  {
    name: 'Lighthouse Roaster Supply',
    email: 'service@lighthouseroast.example',
    bank: true,
    document: 'Service contract.pdf',
  },
  { name: 'Evergreen Waste Services', email: 'invoices@evergreenwaste.example', bank: true },
  { name: 'Copperline Internet', email: 'billing@copperline.example', bank: true },
  {
    name: 'Redwood Accounting Group',
    email: 'hello@redwoodcpa.example',
    bank: true,
    document: 'W-9 Redwood.pdf',
  },
  { name: 'Marina Cleaning Crew', email: 'office@marinacleaning.example', bank: true },
  { name: 'Sunrise Bakery Wholesale', email: 'orders@sunrisebakery.example', bank: true },
  { name: 'Delta Freight Logistics', email: 'ar@deltafreight.example', bank: true },
  { name: 'Oakridge Insurance Agency', email: 'premiums@oakridgeins.example', bank: true },
  { name: 'Bluewater Signs & Print', email: 'jobs@bluewatersigns.example', bank: true },
  { name: 'Golden Gate Syrups', email: 'sales@ggsyrups.example', bank: true },
  { name: 'Harborview Plumbing', email: 'dispatch@harborviewplumbing.example', bank: true },
  { name: 'Fogline Water Filtration', email: 'billing@fogline.example', bank: true },
  { name: 'Timberline Furniture', email: 'orders@timberlinefurniture.example', bank: true },
  { name: 'Crescent Payroll Services', email: 'support@crescentpayroll.example', bank: true },
  { name: 'Mission Street Market', email: 'vendors@missionmarket.example', bank: false },
  { name: 'Seaside Security Systems', email: 'billing@seasidesecurity.example', bank: false },
  { name: 'Anchor Point Marketing', email: 'studio@anchorpoint.example', bank: false },
  { name: 'Kestrel Web Studio', email: 'hi@kestrelweb.example', bank: true },
];

export const DEMO_CUSTOMERS: DemoContact[] = [
  { name: 'Blue Door Cafe', email: 'owner@bluedoorcafe.example', document: 'Supply agreement.pdf' },
  { name: 'Pier Espresso Bar', email: 'orders@pier39espresso.example' },
  { name: 'Golden Hour Hotel', email: 'purchasing@goldenhourhotel.example', document: 'Vendor form.pdf' },
  { name: 'Nob Hill Office Park', email: 'facilities@nobhilloffice.example' },
  { name: 'Sunset Yoga Studio', email: 'front@sunsetyoga.example' },
  { name: 'Presidio Bike Company', email: 'shop@presidiobike.example' },
  { name: 'Marin Country Day School', email: 'kitchen@marincds.example' },
  { name: 'Embarcadero Law Group', email: 'office@embarcaderolaw.example' },
  { name: 'Twin Peaks Climbing Gym', email: 'desk@twinpeaksclimb.example' },
  { name: 'Lucky Penny Diner', email: 'manager@luckypenny.example' },
  { name: 'Ocean Beach Surf Shop', email: 'hello@obsurf.example' },
  { name: 'Castro Books and Coffee', email: 'books@castrobooks.example' },
  { name: 'Russian Hill Bistro', email: 'chef@russianhillbistro.example' },
  { name: 'Bernal Heights Bakery', email: 'orders@bernalbakery.example' },
];

/** Other businesses on Ferry (each with its own owner) that the demo business deals with. */
export interface NetworkBusiness {
  businessName: string;
  owner: { firstName: string; lastName: string; email: string };
  /** How the demo business knows them. */
  as: 'VENDOR' | 'CUSTOMER';
}

export const DEMO_NETWORK: NetworkBusiness[] = [
  {
    businessName: 'Blue Harbor Printing Co.',
    owner: { firstName: 'Daniel', lastName: 'Reyes', email: 'daniel@blueharborprinting.example' },
    as: 'VENDOR',
  },
  {
    businessName: 'Coastal Creamery LLC',
    owner: { firstName: 'Priya', lastName: 'Natarajan', email: 'priya@coastalcreamery.example' },
    as: 'VENDOR',
  },
  {
    businessName: 'Saltwater Kitchen LLC',
    owner: { firstName: 'Sam', lastName: 'Whitfield', email: 'sam@saltwaterkitchen.example' },
    as: 'CUSTOMER',
  },
  {
    businessName: 'Fern & Finch Market',
    owner: { firstName: 'Lena', lastName: 'Park', email: 'lena@fernandfinch.example' },
    as: 'CUSTOMER',
  },
];

/** The second business's vendors (a small bakery Maya also runs). */
export const SECOND_BUSINESS_VENDORS: DemoContact[] = [
  { name: 'Valley Flour Mill', email: 'orders@valleyflour.example', bank: true },
  { name: 'Bayside Dairy Co-op', email: 'accounts@baysidedairy.example', bank: true },
  { name: 'Hearth Oven Repair', email: 'service@hearthoven.example', bank: true },
  { name: 'Corner Lot Landlord LLC', email: 'rent@cornerlot.example', bank: true },
];

/** What bills are for, by vendor (memo and line description). */
export const BILL_ITEMS = [
  'Green coffee beans',
  'Retail bags and labels',
  'Milk and cream delivery',
  'Monthly rent',
  'Electricity and gas',
  'Roaster maintenance',
  'Waste and recycling pickup',
  'Business internet',
  'Bookkeeping',
  'Cleaning service',
  'Pastries for resale',
  'Freight',
  'Liability insurance',
  'Window signage',
  'Syrups and sauces',
  'Plumbing repair',
  'Water filter service',
  'Café seating',
  'Payroll processing',
  'Market stall fee',
  'Alarm monitoring',
  'Social media campaign',
  'Website hosting',
];

/**
 * Harbor's approvals (issue 18): a group of finance leads, a policy for large payments (above every other
 * demo payment, so the rest of the demo pays as before), a vendor policy added today, and payments at
 * each point of the flow. Vendor indexes are into DEMO_VENDORS.
 */
export const DEMO_APPROVALS = {
  group: {
    name: 'Finance leads',
    description: 'Daniel and Priya, the first look at every large payment.',
  },
  large: {
    name: 'Large payments',
    firstDescription: 'Payments over $5,000.',
    description: 'Payments over $5,000 need a finance lead, then Maya or Priya.',
    over: '5000.00',
  },
  vendorPolicy: {
    name: 'Café fit-out',
    description: 'The new café’s furniture: both Maya and Daniel approve.',
    vendorIndex: 17,
    over: '1000.00',
  },
  payments: {
    scheduled: {
      refNo: 'LRS-7781',
      vendorIndex: 5,
      amount: '8900.00',
      memo: 'Roaster drum and burner parts',
      inBusinessDays: 8,
    },
    rejected: {
      refNo: 'DFL-20931',
      vendorIndex: 11,
      amount: '5600.00',
      memo: 'Freight, October containers',
      inBusinessDays: 6,
      rejection: 'Duplicate of last month’s freight invoice: asked Delta for a credit note.',
    },
    awaitingMaya: {
      refNo: 'PGC-4410',
      vendorIndex: 0,
      amount: '7450.00',
      memo: 'Green coffee contract, December lot',
      inBusinessDays: 5,
    },
    awaitingLeads: {
      refNo: 'NPM-1201',
      vendorIndex: 3,
      amount: '6200.00',
      memo: 'Rent, December',
      inBusinessDays: 3,
    },
    fitOut: {
      refNo: 'TF-0318',
      vendorIndex: 17,
      amount: '2400.00',
      memo: 'Café benches and tables',
      inBusinessDays: 4,
    },
  },
} as const;

/** One of Harbor's invoices to its customers (issue 19): age in days before today, and what became of it. */
export interface DemoInvoicePlan {
  customerIndex: number;
  ageDays: number;
  paymentTerm: 'DUE_ON_RECEIPT' | 'NET_7' | 'NET_15' | 'NET_30' | 'NET_45';
  lines: readonly [
    { description: string; quantity: number; unitPriceCents: number },
    ...{ description: string; quantity: number; unitPriceCents: number }[],
  ];
  memo?: string;
  /** Paid outside Ferry (a check) and marked as paid some days later, in full or in part. */
  markedPaid?: { afterDays: number; share: 'full' | number };
}

const BEANS = (bags: number) => ({
  description: 'House espresso blend, 5 lb bags',
  quantity: bags,
  unitPriceCents: 6_450,
});
const SINGLE = (bags: number) => ({
  description: 'Single-origin Ethiopia, 12 oz',
  quantity: bags,
  unitPriceCents: 1_650,
});
const COLD = (kegs: number) => ({
  description: 'Cold brew concentrate, 2.5 gal',
  quantity: kegs,
  unitPriceCents: 5_800,
});
const SERVICE = { description: 'Espresso machine service visit', quantity: 1, unitPriceCents: 18_500 };
const TRAINING = { description: 'Barista training (half day)', quantity: 1, unitPriceCents: 32_000 };

/** Harbor's invoices: paid by check and marked as paid, partly paid, open, overdue and due soon. */
export const DEMO_INVOICES: readonly DemoInvoicePlan[] = [
  {
    customerIndex: 0,
    ageDays: 84,
    paymentTerm: 'NET_15',
    lines: [BEANS(12), SERVICE],
    markedPaid: { afterDays: 12, share: 'full' },
  },
  {
    customerIndex: 1,
    ageDays: 79,
    paymentTerm: 'NET_30',
    lines: [BEANS(20)],
    markedPaid: { afterDays: 25, share: 'full' },
  },
  {
    customerIndex: 2,
    ageDays: 71,
    paymentTerm: 'NET_30',
    lines: [BEANS(30), SINGLE(48)],
    memo: 'Lobby café, monthly order',
    markedPaid: { afterDays: 28, share: 'full' },
  },
  {
    customerIndex: 3,
    ageDays: 66,
    paymentTerm: 'NET_45',
    lines: [COLD(10), BEANS(8)],
    markedPaid: { afterDays: 40, share: 'full' },
  },
  {
    customerIndex: 6,
    ageDays: 58,
    paymentTerm: 'NET_30',
    lines: [BEANS(15), TRAINING],
    markedPaid: { afterDays: 20, share: 0.5 },
  },
  { customerIndex: 7, ageDays: 52, paymentTerm: 'NET_15', lines: [SINGLE(36)] },
  {
    customerIndex: 9,
    ageDays: 47,
    paymentTerm: 'NET_30',
    lines: [BEANS(18), SERVICE],
    markedPaid: { afterDays: 15, share: 'full' },
  },
  {
    customerIndex: 0,
    ageDays: 44,
    paymentTerm: 'NET_15',
    lines: [BEANS(12), COLD(4)],
    markedPaid: { afterDays: 14, share: 'full' },
  },
  {
    customerIndex: 11,
    ageDays: 40,
    paymentTerm: 'NET_30',
    lines: [SINGLE(60)],
    markedPaid: { afterDays: 30, share: 0.4 },
  },
  {
    customerIndex: 2,
    ageDays: 38,
    paymentTerm: 'NET_30',
    lines: [BEANS(30), SINGLE(48)],
    memo: 'Lobby café, monthly order',
  },
  { customerIndex: 8, ageDays: 30, paymentTerm: 'NET_15', lines: [COLD(6)] },
  { customerIndex: 5, ageDays: 24, paymentTerm: 'DUE_ON_RECEIPT', lines: [TRAINING] },
  { customerIndex: 1, ageDays: 20, paymentTerm: 'NET_30', lines: [BEANS(22)] },
  {
    customerIndex: 12,
    ageDays: 14,
    paymentTerm: 'NET_15',
    lines: [BEANS(6), SINGLE(12)],
    markedPaid: { afterDays: 6, share: 'full' },
  },
  { customerIndex: 0, ageDays: 11, paymentTerm: 'NET_15', lines: [BEANS(12), SERVICE] },
  { customerIndex: 4, ageDays: 9, paymentTerm: 'NET_7', lines: [SINGLE(24)] },
  { customerIndex: 5, ageDays: 6, paymentTerm: 'NET_7', lines: [COLD(3), BEANS(4)] },
  { customerIndex: 3, ageDays: 4, paymentTerm: 'NET_30', lines: [COLD(10), BEANS(8)] },
  {
    customerIndex: 2,
    ageDays: 2,
    paymentTerm: 'NET_30',
    lines: [BEANS(30), SINGLE(48)],
    memo: 'Lobby café, monthly order',
  },
  { customerIndex: 8, ageDays: 1, paymentTerm: 'NET_15', lines: [BEANS(10)] },
];

/**
 * The guest flows of issue 19: people not on Ferry who answer Harbor's emails as guests. Their emails are
 * those of Harbor's contacts (the customer and vendor below); their phones are numbers no other demo
 * person has.
 */
export const DEMO_GUESTS = {
  /** Ocean Beach Surf Shop (not on Ferry) pays $400 of a $1,000 request by bank from the emailed link. */
  customer: {
    customerIndex: 10,
    refNo: 'INV-2403',
    lines: [
      { description: 'Cold brew kegs, 5 gal (surf-shop pop-up)', quantity: 8, unitPriceCents: 11_500 },
      { description: 'Kegerator and tap rental, one weekend', quantity: 1, unitPriceCents: 8_000 },
    ],
    memo: 'Pop-up weekend at the shop. Thanks for having us!',
    paidCents: 40_000,
    person: {
      firstName: 'Kai',
      lastName: 'Nakamura',
      email: DEMO_CUSTOMERS[10]?.email ?? '',
      phoneNumber: '4155550181',
    },
  },
  /** Seaside Security Systems (no bank on file) accepts Harbor's payment from its email, by bank. */
  vendor: {
    vendorIndex: 20,
    refNo: 'SSS-7714',
    item: 'Alarm monitoring, Q4',
    amountCents: 64_000,
    person: {
      firstName: 'Rosa',
      lastName: 'Delgado',
      email: DEMO_VENDORS[20]?.email ?? '',
      phoneNumber: '4155550182',
    },
  },
  /**
   * Bernal Heights Bakery (not on Ferry) authorises Harbor's auto payments by bank from the emailed link
   * (issue 20): its first invoice was paid on its due date; the second is scheduled for its due date.
   */
  autoPayer: {
    customerIndex: 13,
    invoices: [
      {
        refNo: 'INV-2420',
        ageDays: 27,
        lines: [
          { description: 'Morning pastries, weekly standing order', quantity: 4, unitPriceCents: 18_500 },
        ],
      },
      {
        refNo: 'INV-2421',
        ageDays: 13,
        lines: [
          { description: 'Morning pastries, weekly standing order', quantity: 4, unitPriceCents: 18_500 },
        ],
      },
    ],
    person: {
      firstName: 'Lena',
      lastName: 'Okafor',
      email: 'orders@bernalbakery.example',
      phoneNumber: '4155550183',
    },
  },
} as const;
