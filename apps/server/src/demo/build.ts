import { randomUUID } from 'node:crypto';
import { addBusinessDays, isBusinessDay, nextBusinessDay, toCalendarDate } from '@ferry/domain/dates';
import { newYorkDate } from '@ferry/domain/payments';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Logger } from 'pino';
import { buildApp, registerJobs } from '../app.js';
import { listChartAccounts } from '../modules/accounting/service.js';
import { runSync } from '../modules/accounting/sync.js';
import { hashPassword } from '../modules/auth/password.js';
import { createSession } from '../modules/auth/service.js';
import { sessions } from '../modules/auth/tables.js';
import { runAutoPayments } from '../modules/auto-payments/engine.js';
import { sweepMicroDeposits } from '../modules/banking/micro-deposits.js';
import { createBusinessWithOwner, listBusinessesForUser } from '../modules/businesses/service.js';
import { acceptInvitation } from '../modules/invitations/service.js';
import { sendSamplePaymentRequest } from '../modules/payment-requests/sandbox.js';
import { createPaymentRequest } from '../modules/payment-requests/service.js';
import { runPaymentEngine } from '../modules/payments/engine/jobs.js';
import {
  findUserByEmail,
  markEmailVerified,
  markPrimaryPhoneVerified,
  markUserActive,
  registerUser,
} from '../modules/users/service.js';
import { users } from '../modules/users/tables.js';
import type { TestClock } from '../platform/clock.js';
import type { AppContext } from '../platform/context.js';
import { demoApprovals } from './approvals.js';
import {
  BILL_ITEMS,
  DEMO_ACCOUNT,
  DEMO_CUSTOMERS,
  DEMO_GUESTS,
  DEMO_NETWORK,
  DEMO_TEAM,
  DEMO_VENDORS,
  type DemoContact,
  SECOND_BUSINESS_VENDORS,
} from './data.js';
import { multipartForm, simplePdf } from './files.js';
import { type DemoNetworkCustomer, demoInvoices } from './invoices.js';

/** How far back the demo's history reaches. */
export const DEMO_HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;

export interface DemoContext extends AppContext {
  /** A clock the builder moves from DEMO_HISTORY_DAYS ago to `end`, so records carry their own dates. */
  clock: TestClock;
}

export interface DemoResult {
  created: boolean;
  email: string;
  password: string;
  businesses: { id: string; name: string }[];
  counts: {
    vendors: number;
    customers: number;
    bills: number;
    drafts: number;
    payments: number;
    forReview: number;
    invoices: number;
    requestsSent: number;
    /** Payments Harbor received from customers not on Ferry, paid as guests from the emailed link. */
    guestPaid: number;
    /** Harbor's payments that vendors with no bank on file accepted as guests. */
    guestAccepted: number;
    autoPayAuthorized: number;
  };
}

type Headers = Record<string, string>;

/** A small seeded random source (mulberry32): the same demo on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    /** Cents between two dollar amounts, with cents. */
    cents: (minDollars: number, maxDollars: number) =>
      Math.round((minDollars + next() * (maxDollars - minDollars)) * 100),
  };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The demo's ways a bill can end up (drafts are made apart). */
type BillPlan =
  | 'paid'
  | 'paid-card'
  | 'paid-manual-bank'
  | 'marked-paid'
  | 'partial'
  | 'scheduled'
  | 'processing'
  | 'pending'
  | 'failed'
  | 'reversed'
  | 'cancelled'
  | 'unpaid'
  | 'overdue'
  | 'due-this-week';

const PLAN_COUNTS: [BillPlan, number][] = [
  ['paid', 25],
  ['paid-card', 2],
  ['paid-manual-bank', 2],
  ['marked-paid', 3],
  ['partial', 4],
  ['scheduled', 8],
  ['processing', 3],
  ['pending', 2],
  ['failed', 2],
  ['reversed', 1],
  ['cancelled', 2],
  ['unpaid', 10],
  ['overdue', 7],
  ['due-this-week', 3],
];

/** Sandbox test amounts (providers/rails/sandbox-failures.ts): R01/R02 fail the debit; R03 returns the credit. */
const FAIL_AMOUNTS = [1301, 1302];
const RETURN_AMOUNT = 1313;

interface Step {
  day: number;
  label: string;
  run: () => Promise<void>;
}

/**
 * Builds the demo account through Ferry's own HTTP routes (the same validation and services the browser
 * uses) and the payment engine, walking `context.clock` day by day from DEMO_HISTORY_DAYS before `end`
 * to `end`: every record carries the date it was made, the sandbox rails settle each day, and the
 * timelines are the engine's. Does nothing when the demo user already has the demo business.
 */
export async function buildDemo(
  context: DemoContext,
  options: { end: Date; logger: Logger; progress?: (line: string) => void },
): Promise<DemoResult> {
  const progress = options.progress ?? (() => {});
  const { db } = context.database;
  const existing = await findUserByEmail({ db, email: DEMO_ACCOUNT.email });
  if (existing) {
    const businesses = await listBusinessesForUser({ db, userId: existing.id });
    const main = businesses.find((b) => b.businessName === DEMO_ACCOUNT.businessName);
    const second = businesses.find((b) => b.businessName === DEMO_ACCOUNT.secondBusinessName);
    if (main && second) {
      return {
        created: false,
        email: DEMO_ACCOUNT.email,
        password: DEMO_ACCOUNT.password,
        businesses: [main, second].map((b) => ({ id: b.businessId, name: b.businessName })),
        counts: {
          vendors: 0,
          customers: 0,
          bills: 0,
          drafts: 0,
          payments: 0,
          forReview: 0,
          invoices: 0,
          requestsSent: 0,
          guestPaid: 0,
          guestAccepted: 0,
          autoPayAuthorized: 0,
        },
      };
    }
    throw new Error(
      `${DEMO_ACCOUNT.email} exists without the full demo (an earlier demo or a stopped run): remove the data folder and run the demo again.`,
    );
  }

  const end = options.end;
  const start = new Date(end.getTime() - DEMO_HISTORY_DAYS * DAY_MS);
  const clock = context.clock;
  const dayOf = (k: number) => newYorkDate(new Date(start.getTime() + k * DAY_MS));
  /** Day k at 15:00 UTC (mid-morning in New York, before the day's ACH cut-off); the last day is `end`. */
  const momentOf = (k: number) =>
    k >= DEMO_HISTORY_DAYS ? end : new Date(Date.parse(`${dayOf(k)}T15:00:00.000Z`));
  clock.set(momentOf(0));
  const today = dayOf(DEMO_HISTORY_DAYS);
  /** The latest business day on or before day k (New York), as a day index. */
  const businessDayOnOrBefore = (k: number) => {
    let d = k;
    while (d > 0 && !isBusinessDay(dayOf(d))) d -= 1;
    return d;
  };
  const businessDayOnOrAfter = (k: number) => {
    let d = k;
    while (d < DEMO_HISTORY_DAYS && !isBusinessDay(dayOf(d))) d += 1;
    return d;
  };

  registerJobs(context);
  const app = await buildApp(context, { logger: options.logger, webDist: null });
  await app.ready();
  const random = seeded(20_261_126);
  try {
    const call = apiCaller(app);

    // --- People and businesses -----------------------------------------------------------------
    progress('Creating the demo user and businesses…');
    const maya = await makeUser(context, {
      ...DEMO_ACCOUNT,
      password: DEMO_ACCOUNT.password,
      phoneNumber: DEMO_ACCOUNT.phoneNumber,
    });
    const headers = await sessionHeaders(context, maya.id);
    const harbor = await createBusinessWithOwner({
      db,
      clock,
      ownerId: maya.id,
      businessName: DEMO_ACCOUNT.businessName,
      businessType: 'LIMITED_LIABILITY_COMPANY',
      category: 'NONE',
      country: 'US',
      verificationStep: 'COMPLETED',
      verificationStatus: 'FULL_VERIFIED',
    });
    const harborId = harbor.businessId;
    const network: { businessId: string; name: string; as: 'VENDOR' | 'CUSTOMER'; ownerId: string }[] = [];
    for (const [index, entry] of DEMO_NETWORK.entries()) {
      const owner = await makeUser(context, {
        ...entry.owner,
        phoneNumber: `41555501${String(50 + index).padStart(2, '0')}`,
      });
      const created = await createBusinessWithOwner({
        db,
        clock,
        ownerId: owner.id,
        businessName: entry.businessName,
        businessType: 'LIMITED_LIABILITY_COMPANY',
        category: 'NONE',
        country: 'US',
        verificationStep: 'COMPLETED',
        verificationStatus: 'FULL_VERIFIED',
      });
      network.push({
        businessId: created.businessId,
        name: entry.businessName,
        as: entry.as,
        ownerId: owner.id,
      });
    }
    const biz = (businessId: string, rest: string) => `/api/business/${businessId}${rest}`;
    // The network vendors have their own bank on Ferry: Harbor's payments to them go there.
    for (const entry of network.filter((n) => n.as === 'VENDOR')) {
      await linkInstantBank(call, await sessionHeaders(context, entry.ownerId), entry.businessId, {
        allAccounts: true,
      });
    }

    // --- Banks and a card ------------------------------------------------------------------------
    progress('Linking banks and a card…');
    const instantBankId = await linkInstantBank(call, headers, harborId);
    const manual = await call({
      method: 'POST',
      url: biz(harborId, '/banking/connection/account'),
      headers,
      payload: {
        bankName: 'Bay Federal Credit Union',
        accountType: 'BUSINESS_CHECKING',
        accountHolderName: 'Harbor Coffee Roasters',
        routingNumber: '321180379',
        accountNumber: '52840017733',
        confirmAccountNumber: '52840017733',
      },
    });
    const manualBankId = manual.id as string;
    const cardId = await addCard(call, headers, harborId);

    // --- Contacts ----------------------------------------------------------------------------------
    progress('Adding 25 vendors and 16 customers…');
    const vendorIds: string[] = [];
    const vendorBank = new Map<string, boolean>();
    for (const [index, vendor] of DEMO_VENDORS.entries()) {
      const id = await addContact(call, headers, harborId, 'VENDOR', vendor, index);
      vendorIds.push(id);
      vendorBank.set(id, vendor.bank === true);
    }
    const customerIds: string[] = [];
    for (const [index, customer] of DEMO_CUSTOMERS.entries()) {
      customerIds.push(await addContact(call, headers, harborId, 'CUSTOMER', customer, index));
    }
    const networkVendorIds = new Map<string, string>();
    const networkCustomers: DemoNetworkCustomer[] = [];
    const customerBanks = new Map<string, string>();
    for (const entry of network) {
      const path = entry.as === 'VENDOR' ? '/vendors/business' : '/customers/business';
      const contact = await call({
        method: 'POST',
        url: biz(harborId, path),
        headers,
        payload: { fbnBusinessId: entry.businessId },
      });
      if (entry.as === 'VENDOR') networkVendorIds.set(entry.businessId, contact.id as string);
      else {
        networkCustomers.push({ ...entry, contactId: contact.id as string });
        // The customers on Ferry pay Harbor's payment requests from a bank of their own.
        const ownerHeaders = await sessionHeaders(context, entry.ownerId);
        customerBanks.set(entry.businessId, await linkInstantBank(call, ownerHeaders, entry.businessId));
      }
    }

    // --- The plan: what happens on which day -------------------------------------------------------
    const accounts = await listChartAccounts(context, {
      businessId: harborId,
      query: { isForCreateBill: true, pageNumber: 1, pageSize: 1000 },
    });
    const expenseAccounts = accounts.items.filter((a) => a.name !== 'Business Checking');
    const accountFor = (n: number) => {
      const account = expenseAccounts[n % expenseAccounts.length];
      if (!account) throw new Error('no chart accounts to bill to');
      return account.id;
    };

    const steps: Step[] = [];
    const at = (day: number, label: string, run: () => Promise<void>) =>
      steps.push({ day: Math.max(0, Math.min(DEMO_HISTORY_DAYS, day)), label, run });

    // --- The team: roles, invited members, an accountant and her bookkeeper (issue 17) ------------------
    const roleIds = new Map<string, string>();
    /** Team members who joined, by email (the approvals below act as them). */
    const teamIds = new Map<string, string>();
    const invite = async (person: { firstName: string; lastName: string; email: string; role: string }) => {
      const roleId = roleIds.get(person.role);
      if (!roleId) throw new Error(`no role ${person.role}`);
      const { firstName, lastName, email } = person;
      const added = await call({
        method: 'POST',
        url: biz(harborId, '/users'),
        headers,
        payload: { firstName, lastName, email, roleId },
      });
      return added.mappingId as string;
    };
    /** The invitee signs up and accepts (what the emailed link leads to). */
    const join = async (
      invitationId: string,
      person: { firstName: string; lastName: string; email: string },
      phoneNumber: string,
    ) => {
      const user = await makeUser(context, { ...person, phoneNumber });
      await acceptInvitation(context, { invitationId, user });
      return user;
    };
    at(1, 'Harbor sets up its roles', async () => {
      const listed = await call({ method: 'GET', url: biz(harborId, '/roles?pageSize=100'), headers });
      for (const role of listed.items as { id: string; name: string }[]) roleIds.set(role.name, role.id);
      for (const role of DEMO_TEAM.roles) {
        const created = await call({ method: 'POST', url: biz(harborId, '/role'), headers, payload: role });
        roleIds.set(role.name, (created.role as { id: string }).id);
      }
    });
    at(2, 'Maya invites her team', async () => {
      for (const [index, member] of DEMO_TEAM.members.entries()) {
        const invitationId = await invite(member);
        const user = await join(invitationId, member, `41555501${60 + index}`);
        teamIds.set(member.email, user.id);
      }
      // Never answered: by now the invitation has lapsed.
      await invite(DEMO_TEAM.expired);
    });
    at(4, "Maya brings in her accountant; the accountant's bookkeeper joins from the practice", async () => {
      const { accountant, teamMember } = DEMO_TEAM;
      const priyaInvitation = await invite({ ...accountant, role: 'Admin' });
      const priya = await makeUser(context, { ...accountant, password: DEMO_ACCOUNT.password });
      teamIds.set(accountant.email, priya.id);
      await db.update(users).set({ userType: 'ACCOUNTANT' }).where(eq(users.id, priya.id));
      const priyaHeaders = await sessionHeaders(context, priya.id);
      await call({
        method: 'POST',
        url: '/api/practice',
        headers: priyaHeaders,
        payload: { practiceFirmName: accountant.practiceFirmName, clientRange: accountant.clientRange },
      });
      await acceptInvitation(context, { invitationId: priyaInvitation, user: priya });
      const [first = '', ...rest] = teamMember.name.split(' ');
      const sent = await call({
        method: 'POST',
        url: '/api/practice-members/send-invite',
        headers: priyaHeaders,
        payload: { name: teamMember.name, email: teamMember.email },
      });
      const leo = await makeUser(context, {
        firstName: first,
        lastName: rest.join(' '),
        email: teamMember.email,
        phoneNumber: teamMember.phoneNumber,
      });
      await acceptInvitation(context, { invitationId: sent.invitationId as string, user: leo });
      await call({
        method: 'POST',
        url: biz(harborId, '/users'),
        headers: priyaHeaders,
        payload: { userId: leo.id, roleId: roleIds.get('Bookkeeper') },
      });
      await call({
        method: 'POST',
        url: '/api/practice-members/send-invite',
        headers: priyaHeaders,
        payload: { name: DEMO_TEAM.teamPending.name, email: DEMO_TEAM.teamPending.email },
      });
      await db.delete(sessions).where(eq(sessions.userId, priya.id));
    });
    at(DEMO_HISTORY_DAYS, 'Maya invites a bookkeeper', async () => {
      await invite(DEMO_TEAM.pending);
    });

    // The manual bank's micro-deposits arrive after two business days; Maya confirms them on day 6.
    at(6, 'verify manual bank', async () => {
      const amounts = await depositAmounts(call, headers, manualBankId);
      await call({
        method: 'POST',
        url: biz(harborId, '/banking/connection/account/verify'),
        headers,
        payload: {
          paymentInstrumentId: manualBankId,
          firstMicroDeposit: String(amounts[0]),
          secondMicroDeposit: String(amounts[1]),
        },
      });
    });

    const plans = PLAN_COUNTS.flatMap(([plan, n]) => Array.from({ length: n }, () => plan));
    const bankVendors = vendorIds.filter((id) => vendorBank.get(id));
    const noBankVendors = vendorIds.filter((id) => !vendorBank.get(id));
    let billNo = 1040;
    const counts = { bills: 0, payments: 0 };

    const pay = async (
      billId: string,
      amountCents: number,
      processDate: string,
      instrumentId = instantBankId,
    ) => {
      const payment = await call({
        method: 'POST',
        url: biz(harborId, '/payments'),
        headers,
        payload: {
          billId,
          paymentInstrumentId: instrumentId,
          amount: dollars(amountCents),
          processDate,
        },
      });
      counts.payments += 1;
      return payment.id as string;
    };

    for (const [index, plan] of plans.entries()) {
      // Bill dates: paid bills spread over the whole history, open ones mostly recent.
      const spread = (from: number, to: number) => random.int(from, to);
      let billDay: number;
      let termDays = [15, 30, 30, 45][index % 4] ?? 30;
      switch (plan) {
        case 'paid':
        case 'paid-card':
        case 'marked-paid':
          billDay = spread(0, 72);
          break;
        case 'paid-manual-bank':
          billDay = spread(8, 40);
          break;
        case 'partial':
          billDay = spread(30, 70);
          break;
        case 'failed':
          billDay = spread(55, 68);
          break;
        case 'reversed':
          billDay = spread(45, 55);
          break;
        case 'overdue':
          billDay = spread(10, 55);
          termDays = 30;
          break;
        case 'due-this-week':
          billDay = spread(70, 80);
          break;
        default:
          billDay = spread(62, 88);
      }
      const vendorId =
        plan === 'pending'
          ? (noBankVendors[index % noBankVendors.length] as string)
          : (bankVendors[(index * 7) % bankVendors.length] as string);
      const vendorIndex = vendorIds.indexOf(vendorId);
      const vendorName = (n: number) => DEMO_VENDORS[n]?.name ?? '';
      const item = BILL_ITEMS[vendorIndex % BILL_ITEMS.length] ?? 'Supplies';
      let amountCents = random.cents(85, 4_800);
      if (plan === 'failed') amountCents = FAIL_AMOUNTS[index % FAIL_AMOUNTS.length] as number;
      if (plan === 'reversed') amountCents = RETURN_AMOUNT;
      if (plan === 'paid-card') amountCents = random.cents(40, 600);
      const billDate = dayOf(billDay);
      let dueDate = toCalendarDate(new Date(Date.parse(`${billDate}T12:00:00Z`) + termDays * DAY_MS));
      if (plan === 'due-this-week')
        dueDate = toCalendarDate(new Date(Date.parse(`${today}T12:00:00Z`) + (2 + (index % 4)) * DAY_MS));
      billNo += 1;
      const refNo = `INV-${billNo}`;
      const state: { billId?: string; paymentId?: string } = {};
      at(billDay, `bill ${refNo}`, async () => {
        let attachmentIds: string[] = [];
        if (index % 5 === 0) {
          const body = multipartForm(
            {},
            {
              name: 'file',
              filename: `${refNo}.pdf`,
              contentType: 'application/pdf',
              data: simplePdf(`Invoice ${refNo}`, [
                vendorName(vendorIndex),
                `Date: ${billDate}    Due: ${dueDate}`,
                `${item}: $${dollars(amountCents)}`,
                `Bill to: ${DEMO_ACCOUNT.businessName}`,
              ]),
            },
          );
          const uploaded = await call({
            method: 'POST',
            url: biz(harborId, '/upload-bill-attachment'),
            headers: { ...headers, ...body.headers },
            payload: body.payload,
          });
          attachmentIds = [uploaded.id as string];
        }
        const bill = await call({
          method: 'POST',
          url: biz(harborId, '/bills'),
          headers,
          payload: {
            vendorId,
            refNo,
            billDate,
            dueDate,
            memo: item,
            attachmentIds,
            lines: [
              {
                chartAccountId: accountFor(vendorIndex),
                description: item,
                quantity: 1,
                unitPrice: dollars(amountCents),
              },
            ],
          },
        });
        state.billId = bill.id as string;
        counts.bills += 1;
      });
      const billId = () => {
        if (!state.billId) throw new Error(`bill ${refNo} not created yet`);
        return state.billId;
      };
      const payDayAfter = (days: number) =>
        businessDayOnOrAfter(Math.min(billDay + days, DEMO_HISTORY_DAYS - 8));
      switch (plan) {
        case 'paid': {
          const day = payDayAfter(random.int(2, 12));
          at(day, `pay ${refNo}`, async () => {
            await pay(billId(), amountCents, dayOf(day));
          });
          break;
        }
        case 'paid-card': {
          const day = payDayAfter(random.int(1, 6));
          at(day, `pay ${refNo} by card`, async () => {
            await pay(billId(), amountCents, dayOf(day), cardId);
          });
          break;
        }
        case 'paid-manual-bank': {
          // Paid from the manual bank once its micro-deposits are confirmed (day 6).
          const day = businessDayOnOrAfter(billDay + 1);
          at(day, `pay ${refNo} from the manual bank`, async () => {
            await pay(billId(), amountCents, dayOf(day), manualBankId);
          });
          break;
        }
        case 'marked-paid': {
          const day = payDayAfter(random.int(3, 10));
          at(day, `mark ${refNo} paid`, async () => {
            await call({
              method: 'PATCH',
              url: biz(harborId, '/mark-bill-as-paid'),
              headers,
              payload: {
                id: billId(),
                amount: dollars(amountCents),
                date: dayOf(day),
                paymentInstrumentId: instantBankId,
                remarks: 'Paid by check',
              },
            });
            counts.payments += 1;
          });
          break;
        }
        case 'partial': {
          const day = payDayAfter(random.int(3, 10));
          at(day, `part-pay ${refNo}`, async () => {
            await pay(billId(), Math.round(amountCents / 2), dayOf(day));
          });
          break;
        }
        case 'failed':
        case 'reversed': {
          const day = businessDayOnOrAfter(billDay + 3);
          at(day, `pay ${refNo} (${plan})`, async () => {
            await pay(billId(), amountCents, dayOf(day));
          });
          break;
        }
        case 'scheduled': {
          const day = businessDayOnOrBefore(DEMO_HISTORY_DAYS - (index % 3));
          at(day, `schedule ${refNo}`, async () => {
            await pay(billId(), amountCents, addBusinessDays(today, 3 + (index % 12)));
          });
          break;
        }
        case 'processing': {
          // Paid on the last business day before today: the debit has posted, the credit is on its way.
          const day = businessDayOnOrBefore(DEMO_HISTORY_DAYS - 1);
          at(day, `pay ${refNo} yesterday`, async () => {
            await pay(billId(), amountCents, dayOf(day));
          });
          break;
        }
        case 'pending': {
          const day = businessDayOnOrBefore(DEMO_HISTORY_DAYS - 3);
          at(day, `pay ${refNo} (vendor bank pending)`, async () => {
            await pay(billId(), amountCents, dayOf(day));
          });
          break;
        }
        case 'cancelled': {
          const day = businessDayOnOrAfter(billDay + 2);
          at(day, `schedule ${refNo} to cancel`, async () => {
            state.paymentId = await pay(billId(), amountCents, addBusinessDays(dayOf(day), 8));
          });
          at(day + 1, `cancel ${refNo}`, async () => {
            await call({
              method: 'PATCH',
              url: biz(harborId, `/payments/${state.paymentId}/cancel/scheduled-payment`),
              headers,
              payload: { statusReason: 'Vendor sent a corrected invoice' },
            });
          });
          break;
        }
        default:
          break;
      }
    }

    // Drafts: bills Maya started and has not finished.
    const drafts = [
      { vendorIndex: 0, memo: 'Ethiopia Yirgacheffe lot — waiting on final weight' },
      { vendorIndex: 5, memo: 'Roaster afterburner quote' },
      { vendorIndex: 13, memo: 'Holiday window decals' },
      { vendorIndex: 16, memo: '' },
    ];
    for (const [n, draft] of drafts.entries()) {
      at(DEMO_HISTORY_DAYS - 6 + n, 'draft', async () => {
        await call({
          method: 'POST',
          url: biz(harborId, '/bills/draft'),
          headers,
          payload: {
            vendorId: vendorIds[draft.vendorIndex],
            refNo: `DRAFT-${n + 1}`,
            ...(draft.memo ? { memo: draft.memo } : {}),
          },
        });
      });
    }

    // Bills from the network vendors: one paid to their bank on Ferry, and one paid today that is held
    // because the vendor changed its primary bank an hour ago (payments to a changed bank wait 24 hours).
    const [printing, creamery] = network.filter((n) => n.as === 'VENDOR');
    if (printing && creamery) {
      const networkBill = async (vendor: typeof printing, refNo: string, billDay: number, cents: number) => {
        const bill = await call({
          method: 'POST',
          url: biz(harborId, '/bills'),
          headers,
          payload: {
            vendorId: networkVendorIds.get(vendor.businessId),
            refNo,
            billDate: dayOf(billDay),
            dueDate: addBusinessDays(dayOf(billDay), 20),
            memo: vendor.name,
            lines: [{ chartAccountId: accountFor(3), quantity: 1, unitPrice: dollars(cents) }],
          },
        });
        counts.bills += 1;
        return bill.id as string;
      };
      let printingBill = '';
      at(38, 'network bill', async () => {
        printingBill = await networkBill(printing, 'BHP-2187', 38, 64_250);
      });
      const printingPayDay = businessDayOnOrAfter(42);
      at(printingPayDay, 'pay network vendor', async () => {
        await pay(printingBill, 64_250, dayOf(printingPayDay));
      });
      let creameryBill = '';
      at(DEMO_HISTORY_DAYS - 5, 'network bill', async () => {
        creameryBill = await networkBill(creamery, 'CC-2198', DEMO_HISTORY_DAYS - 5, 48_720);
      });
      at(DEMO_HISTORY_DAYS, 'network vendor bank change and a held payment', async () => {
        clock.set(new Date(end.getTime() - 3_600_000));
        // The vendor makes another of its banks the primary one: payments to it wait 24 hours.
        const ownerHeaders = await sessionHeaders(context, creamery.ownerId);
        const banks = (await call({
          method: 'GET',
          url: `/api/business/${creamery.businessId}/bank/accounts`,
          headers: ownerHeaders,
        })) as unknown as { id: string; isPrimary?: boolean }[];
        const other = banks.find((b) => !b.isPrimary);
        if (!other) throw new Error('the network vendor has one bank only');
        await call({
          method: 'PATCH',
          url: `/api/business/${creamery.businessId}/banking/connection/mark-as-primary`,
          headers: ownerHeaders,
          payload: { paymentInstrumentId: other.id },
        });
        clock.set(end);
        await pay(creameryBill, 48_720, businessDayOf(today));
      });
    }

    // For Review: two invoices from network vendors and the sandbox's sample sender.
    let forReview = 0;
    const senders = network.filter((n) => n.as === 'VENDOR');
    for (const [n, sender] of senders.entries()) {
      at(DEMO_HISTORY_DAYS - 4 + n, `request from ${sender.name}`, async () => {
        await db.transaction((tx) =>
          createPaymentRequest(tx, {
            payeeBusinessId: sender.businessId,
            payerBusinessId: harborId,
            invoiceId: `demo-${n + 1}`,
            refNo: `${n === 0 ? 'BHP' : 'CC'}-${2210 + n}`,
            invoiceDate: dayOf(DEMO_HISTORY_DAYS - 4 + n),
            dueDate: addBusinessDays(today, 10 + n * 5),
            lines:
              n === 0
                ? [
                    {
                      itemName: 'Coffee bag labels',
                      description: '5,000 labels, kraft',
                      quantity: 5,
                      unitPriceCents: 8_900,
                    },
                    { itemName: 'Menu boards', quantity: 2, unitPriceCents: 14_500 },
                  ]
                : [
                    { itemName: 'Whole milk (gallons)', quantity: 120, unitPriceCents: 529 },
                    { itemName: 'Oat milk (cases)', quantity: 8, unitPriceCents: 3_450 },
                  ],
            taxCents: n === 0 ? 6_122 : 0,
            actor: { type: 'USER', userId: sender.ownerId, name: sender.name },
            at: clock.now(),
          }),
        );
        forReview += 1;
      });
    }
    at(DEMO_HISTORY_DAYS, 'sample request', async () => {
      await sendSamplePaymentRequest(context, { payerBusinessId: harborId, dueInDays: 12 });
      forReview += 1;
    });

    // --- Approvals (issue 18): a group, two policies, and payments at every point of the flow ----------
    const approvals = demoApprovals({
      call: call as Parameters<typeof demoApprovals>[0]['call'],
      biz,
      harborId,
      headers,
      mayaId: maya.id,
      teamIds,
      vendorIds,
      bankId: instantBankId,
      accountFor,
      sessionFor: (userId) => sessionHeaders(context, userId),
      dayOf,
      lastDay: DEMO_HISTORY_DAYS,
    });
    for (const step of approvals) at(step.day, step.label, step.run);

    // --- Get Paid (issue 19): invoices, marked as paid, payment requests to customers on Ferry --------
    const incomeAccounts = await listChartAccounts(context, {
      businessId: harborId,
      query: { parentAccountType: 'INCOME', isForCreateBill: false, pageNumber: 1, pageSize: 1000 },
    });
    const invoiceCounts = { invoices: 0, requests: 0, guestPaid: 0, guestAccepted: 0, autoPayAuthorized: 0 };
    const guestVendorId = vendorIds[DEMO_GUESTS.vendor.vendorIndex];
    if (!guestVendorId || vendorBank.get(guestVendorId))
      throw new Error('the guest vendor must have no bank');
    const invoiceSteps = demoInvoices({
      call: call as Parameters<typeof demoInvoices>[0]['call'],
      biz,
      harborId,
      headers,
      customerIds,
      networkCustomers,
      bankId: instantBankId,
      customerBankOf: (businessId) => {
        const bankId = customerBanks.get(businessId);
        if (!bankId) throw new Error('the network customer has no bank');
        return bankId;
      },
      incomeAccountId: () => {
        const account = incomeAccounts.items.find((a) => a.name === 'Sales') ?? incomeAccounts.items[0];
        if (!account) throw new Error('no income account to invoice to');
        return account.id;
      },
      sessionFor: (userId) => sessionHeaders(context, userId),
      dayOf,
      lastDay: DEMO_HISTORY_DAYS,
      guestVendorId,
      expenseAccountId: () => accountFor(DEMO_GUESTS.vendor.vendorIndex),
      linkBank: (guestHeaders, businessId) => linkInstantBank(call, guestHeaders, businessId),
      count: (kind) => {
        if (kind === 'bills' || kind === 'payments') counts[kind] += 1;
        else invoiceCounts[kind] += 1;
      },
    });
    for (const step of invoiceSteps) at(step.day, step.label, step.run);

    // --- The second business ------------------------------------------------------------------------
    let tidewaterId = '';
    at(20, 'second business', async () => {
      const tidewater = await createBusinessWithOwner({
        db,
        clock,
        ownerId: maya.id,
        businessName: DEMO_ACCOUNT.secondBusinessName,
        businessType: 'LIMITED_LIABILITY_COMPANY',
        category: 'NONE',
        country: 'US',
        verificationStep: 'COMPLETED',
        verificationStatus: 'FULL_VERIFIED',
      });
      tidewaterId = tidewater.businessId;
      const bankId = await linkInstantBank(call, headers, tidewaterId);
      const secondAccounts = await listChartAccounts(context, {
        businessId: tidewaterId,
        query: { isForCreateBill: true, pageNumber: 1, pageSize: 1000 },
      });
      const accountId = secondAccounts.items.find((a) => a.name !== 'Business Checking')?.id;
      for (const [n, vendor] of SECOND_BUSINESS_VENDORS.entries()) {
        const vendorId = await addContact(call, headers, tidewaterId, 'VENDOR', vendor, 100 + n);
        const amountCents = random.cents(150, 2_400);
        const bill = await call({
          method: 'POST',
          url: biz(tidewaterId, '/bills'),
          headers,
          payload: {
            vendorId,
            refNo: `TB-${310 + n}`,
            billDate: dayOf(20),
            dueDate: n < 2 ? dayOf(50) : addBusinessDays(today, 5 + n),
            lines: [{ chartAccountId: accountId, quantity: 1, unitPrice: dollars(amountCents) }],
          },
        });
        if (n < 2) {
          await call({
            method: 'POST',
            url: biz(tidewaterId, '/payments'),
            headers,
            payload: {
              billId: bill.id,
              paymentInstrumentId: bankId,
              amount: dollars(amountCents),
              processDate: businessDayOf(dayOf(20)),
            },
          });
        }
      }
    });

    // --- Walk the days --------------------------------------------------------------------------------
    steps.sort((a, b) => a.day - b.day);
    for (let day = 0; day <= DEMO_HISTORY_DAYS; day += 1) {
      clock.set(momentOf(day));
      // Maya signs in again each day (a session ends after a while without use).
      Object.assign(headers, await sessionHeaders(context, maya.id));
      for (const step of steps.filter((s) => s.day === day)) {
        try {
          await step.run();
        } catch (error) {
          throw new Error(`demo step "${step.label}" on ${dayOf(day)} failed: ${(error as Error).message}`, {
            cause: error,
          });
        }
      }
      // The rails settle on business days only: the engine has nothing to do on a weekend or holiday.
      // The daily auto-payments job: invoices of customers who authorised auto payments are claimed three
      // days before their due date and paid on it.
      await runAutoPayments(context);
      if (isBusinessDay(dayOf(day)) || day === DEMO_HISTORY_DAYS) {
        await sweepMicroDeposits(context);
        await runPaymentEngine(context);
      }
      if (day % 15 === 0)
        progress(`  ${dayOf(day)}: ${counts.bills} bills, ${counts.payments} payments so far`);
    }

    // --- Accounting: Harbor keeps its books in Sandbox Books ----------------------------------------
    // On the last day Maya connects the books (the consent round trip through the routes, as the
    // browser makes it) and the first sync writes Harbor's vendors, customers, bills, invoices and
    // delivered payments there, each payment with its rail reference.
    progress('Connecting Sandbox Books and syncing…');
    const booksSync = await connectDemoBooks(app, call, headers, harborId);
    await runSync(context, booksSync);

    // The builder's sessions are not for anyone to reuse: Maya signs in for herself.
    await db
      .delete(sessions)
      .where(inArray(sessions.userId, [maya.id, ...teamIds.values(), ...network.map((n) => n.ownerId)]));
    return {
      created: true,
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
      businesses: [
        { id: harborId, name: DEMO_ACCOUNT.businessName },
        { id: tidewaterId, name: DEMO_ACCOUNT.secondBusinessName },
      ],
      counts: {
        vendors: DEMO_VENDORS.length + networkVendorIds.size,
        customers: customerIds.length + network.filter((n) => n.as === 'CUSTOMER').length,
        bills: counts.bills,
        drafts: drafts.length,
        payments: counts.payments,
        forReview,
        invoices: invoiceCounts.invoices,
        requestsSent: invoiceCounts.requests,
        guestPaid: invoiceCounts.guestPaid,
        guestAccepted: invoiceCounts.guestAccepted,
        autoPayAuthorized: invoiceCounts.autoPayAuthorized,
      },
    };
  } finally {
    await app.close();
  }
}

const businessDayOf = (date: string) => (isBusinessDay(date) ? date : nextBusinessDay(date));

/** Calls a route; anything but 2xx stops the demo with the route's answer. */
function apiCaller(app: FastifyInstance) {
  return async (options: InjectOptions & { headers?: Headers }): Promise<Record<string, unknown>> => {
    const headers: Headers = { ...(options.headers as Headers) };
    if (options.method !== 'GET') headers['idempotency-key'] = randomUUID();
    const res = await app.inject({ ...options, headers });
    if (res.statusCode < 200 || res.statusCode > 299) {
      throw new Error(`${options.method} ${options.url}: ${res.statusCode} ${res.body.slice(0, 400)}`);
    }
    return (res.json() as { data: Record<string, unknown> }).data;
  };
}
type Call = ReturnType<typeof apiCaller>;

/** A user signed up, verified and active (email and primary phone), with a password when given. */
async function makeUser(
  context: DemoContext,
  person: { firstName: string; lastName: string; email: string; phoneNumber: string; password?: string },
) {
  const { db } = context.database;
  const user = await registerUser({
    db,
    clock: context.clock,
    request: {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phones: [{ phoneNumber: person.phoneNumber, countryCode: '1', countryISOCode: 'us' }],
      country: 'US',
      isAgree: true,
    } as Parameters<typeof registerUser>[0]['request'],
  });
  await markEmailVerified({ db, clock: context.clock, userId: user.id });
  await markPrimaryPhoneVerified({ db, clock: context.clock, userId: user.id });
  if (person.password) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(person.password), userType: 'SME_OWNER' })
      .where(eq(users.id, user.id));
  }
  const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
  if (!fresh) throw new Error('user not stored');
  if (person.password) return markUserActive({ db, clock: context.clock, user: fresh, phoneRequired: true });
  // The network businesses' owners never sign in to the demo: active, without a password.
  await db.update(users).set({ activeStatus: 'ACTIVE', userType: 'SME_OWNER' }).where(eq(users.id, user.id));
  return fresh;
}

async function sessionHeaders(context: DemoContext, userId: string): Promise<Headers> {
  const deviceId = randomUUID();
  const session = await createSession({
    db: context.database.db,
    clock: context.clock,
    userId,
    deviceId,
    ttlHours: 24 * 365,
  });
  return { authorization: `Bearer ${session.token}`, 'session-id': session.sessionId, 'device-id': deviceId };
}

/** Links the sandbox bank's checking account through the bank-link modal's routes (Chase, user_good). */
async function linkInstantBank(
  call: Call,
  headers: Headers,
  businessId: string,
  options: { allAccounts?: boolean } = {},
): Promise<string> {
  const institutionId = 'ins_3';
  const base = `/api/business/${businessId}/banking/connection`;
  const { linkToken } = await call({ method: 'GET', url: `${base}/token`, headers });
  const session = await call({
    method: 'POST',
    url: '/api/sandbox/bank-link/sessions',
    payload: { linkToken, institutionId, username: 'user_good', password: 'pass_good' },
  });
  const accounts = session.accounts as { id: string; subtype?: string; name?: string }[];
  const checking =
    accounts.find((a) => /checking/i.test(`${a.subtype ?? ''} ${a.name ?? ''}`)) ?? accounts[0];
  if (!checking) throw new Error('the sandbox bank offered no account');
  const done = await call({
    method: 'POST',
    url: `/api/sandbox/bank-link/sessions/${session.sessionId}/complete`,
    payload: { accountIds: options.allAccounts ? accounts.map((a) => a.id) : [checking.id] },
  });
  await call({
    method: 'GET',
    url: `${base}/plaid?tokenId=${encodeURIComponent(String(done.publicToken))}&bankInstituteId=${institutionId}`,
    headers,
  });
  const banks = (await call({
    method: 'GET',
    url: `/api/business/${businessId}/bank/accounts`,
    headers,
  })) as unknown as {
    id: string;
  }[];
  const bank = banks[0];
  if (!bank) throw new Error('the linked bank is not listed');
  return bank.id;
}

/** A bank's holder name (at most 25 characters): the name's first words that fit. */
function holderName(name: string): string {
  const words = name.split(' ');
  while (words.join(' ').length > 25) words.pop();
  return words.join(' ');
}

/** Tokenises a Stripe test Visa at the sandbox vault and saves it, as the browser does. */
async function addCard(call: Call, headers: Headers, businessId: string): Promise<string> {
  const token = await call({
    method: 'POST',
    url: '/api/sandbox/card-vault/tokens',
    payload: {
      number: '4242424242424242',
      expMonth: 8,
      expYear: 2030,
      cvc: '123',
      name: 'Maya Okafor',
      billingAddress: {
        line1: '1200 Embarcadero',
        city: 'San Francisco',
        region: 'CA',
        postal_code: '94105',
        country: 'USA',
      },
    },
  });
  const card = await call({
    method: 'POST',
    url: `/api/business/${businessId}/card-payment/card`,
    headers,
    payload: { tokenId: token.tokenId, fingerprint: token.fingerprint, isCardSaved: true },
  });
  return card.id as string;
}

/** A vendor or customer from the add form, with its bank details and a document when the cast says so. */
async function addContact(
  call: Call,
  headers: Headers,
  businessId: string,
  type: 'VENDOR' | 'CUSTOMER',
  contact: DemoContact,
  index: number,
): Promise<string> {
  const base = `/api/business/${businessId}/accounting/contacts`;
  const created = await call({
    method: 'POST',
    url: `${base}/${type === 'VENDOR' ? 'vendors' : 'customers'}`,
    headers,
    payload: {
      name: contact.name,
      email: contact.email,
      phoneNumber: {
        phoneNumber: `41555501${String(index % 100).padStart(2, '0')}`,
        dialCode: '1',
        countryISOCode: 'us',
      },
    },
  });
  const id = created.id as string;
  if (type === 'VENDOR' && contact.bank) {
    const accountNumber = `${7_700_000_000 + index * 104_729}`;
    await call({
      method: 'POST',
      url: `/api/business/${businessId}/banking/connection/vendor-account`,
      headers,
      payload: {
        vendorId: id,
        bankName: ['First Harbor Bank', 'Bank of the Bay', 'Golden State Credit Union'][index % 3],
        accountType: 'BUSINESS_CHECKING',
        accountHolderName: holderName(contact.name),
        routingNumber: ['011000015', '021000021', '026009593'][index % 3],
        accountNumber,
        confirmAccountNumber: accountNumber,
        consent: true,
      },
    });
  }
  if (contact.document) {
    const body = multipartForm(
      { documentType: 'OTHER', entityType: type },
      {
        name: 'file',
        filename: contact.document,
        contentType: 'application/pdf',
        data: simplePdf(contact.document.replace(/\.pdf$/, ''), [contact.name, contact.email]),
      },
    );
    await call({
      method: 'POST',
      url: `${base}/${id}/documents`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }
  return id;
}

/** The two micro-deposits as the sandbox bank's statement shows them. */
async function depositAmounts(call: Call, headers: Headers, bankId: string): Promise<[number, number]> {
  const statement = await call({
    method: 'GET',
    url: `/api/sandbox/bank/statement?accountId=${bankId}`,
    headers,
  });
  const lines = (statement.transactions as { description: string; amountCents: number }[]).filter(
    (l) => l.description === 'FERRY ACCTVERIFY',
  );
  const [a, b] = lines.map((l) => l.amountCents);
  if (a === undefined || b === undefined) throw new Error('the micro-deposits have not arrived');
  return [a, b];
}

/** The chart Harbor's books start with (names as in Ferry's default chart, so they link to it). */
const DEMO_BOOKS_CHART = [
  { name: 'Business Checking', number: '1000', type: 'BANK' },
  { name: 'Business Credit Card', number: '2100', type: 'CREDIT_CARD' },
  { name: 'Sales', number: '4000', type: 'INCOME' },
  { name: 'Services', number: '4100', type: 'INCOME' },
  { name: 'Software', number: '6080', type: 'EXPENSE' },
  { name: 'Office Supplies', number: '6060', type: 'EXPENSE' },
  { name: 'Contractors', number: '6020', type: 'EXPENSE' },
] as const;

/**
 * Connects a business to a new Sandbox Books company through the routes (consent URL, consent, the
 * provider's redirect, organisations, connect) and answers the queued first sync's id.
 */
async function connectDemoBooks(app: FastifyInstance, call: Call, headers: Headers, businessId: string) {
  const company = await call({
    method: 'POST',
    url: '/api/sandbox/books/companies',
    headers,
    payload: { name: 'Harbor Provisions Co. Books', sample: false },
  });
  for (const account of DEMO_BOOKS_CHART) {
    await call({
      method: 'POST',
      url: `/api/sandbox/books/companies/${company.id}/records`,
      headers,
      payload: { kind: 'ACCOUNT', data: account },
    });
  }
  const start = await call({
    method: 'GET',
    url: `/api/integration/connection-url?providerType=QBO&businessId=${businessId}`,
    headers,
  });
  const consentUrl = new URL(String(start.url), 'http://localhost');
  const consent = await call({
    method: 'POST',
    url: '/api/sandbox/books/consent',
    headers,
    payload: {
      providerType: 'QBO',
      state: consentUrl.searchParams.get('state'),
      redirectUri: consentUrl.searchParams.get('redirectUri'),
      purpose: 'CONNECT',
      decision: 'ALLOW',
      companyIds: [company.id],
    },
  });
  const back = new URL(String(consent.redirectUrl));
  const callback = await app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  const landing = new URL(String(callback.headers.location), 'http://localhost');
  if (callback.statusCode !== 302 || landing.searchParams.get('error'))
    throw new Error(`Sandbox Books callback failed: ${callback.statusCode} ${landing.search}`);
  const state = landing.searchParams.get('state') ?? '';
  await call({
    method: 'POST',
    url: '/api/integration/connect-business?providerType=QBO',
    headers,
    payload: { state, organizationId: company.id, businessId },
  });
  const runs = await call({
    method: 'GET',
    url: `/api/business/${businessId}/accounting/sync-runs`,
    headers,
  });
  const items = runs.items as { id: string }[];
  const run = items[0];
  if (!run) throw new Error('connecting Sandbox Books queued no sync');
  return run.id;
}
