import { fromDayNumber, toDayNumber } from '@ferry/domain/dates';
import { centsToAmount } from '@ferry/domain/money';
import type { SandboxPaymentRequestResult } from '@ferry/domain/schemas';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import { businessToday } from '../bills/service.js';
import { createBusinessWithOwner } from '../businesses/service.js';
import { businesses } from '../businesses/tables.js';
import { businessPreferences } from '../preferences/tables.js';
import { users } from '../users/tables.js';
import { createPaymentRequest, type NewPaymentRequestLine } from './service.js';
import { paymentRequests } from './tables.js';

type Context = Pick<AppContext, 'database' | 'clock'>;

/** The sandbox's sample supplier: a Ferry business that sends invoices to testers' businesses. */
export const SAMPLE_SENDER = {
  businessName: 'Northwind Supply Co.',
  email: 'accounts@northwind-supply.example',
  firstName: 'Accounts',
  lastName: 'Receivable',
  website: 'northwind-supply.example',
  billing: {
    addressLine1: '1450 Harbor Industrial Pkwy',
    addressLine2: 'Suite 200',
    city: 'Portland',
    state: 'OR',
    zipCode: '97217',
    country: 'US',
  },
} as const;

/** Realistic orders (the item names match Ferry's default items, so the payer's bill books them). */
const ORDERS: readonly NewPaymentRequestLine[][] = [
  [
    {
      itemName: 'Office supplies',
      description: 'Copy paper, letter size, 20 lb (case of 10 reams)',
      quantity: 4,
      unitPriceCents: 5499,
    },
    {
      itemName: 'Office supplies',
      description: 'Toner cartridge, black, high yield',
      quantity: 2,
      unitPriceCents: 12950,
    },
    { itemName: 'Shipping', description: 'Ground freight, 2 cartons', quantity: 1, unitPriceCents: 3500 },
  ],
  [
    {
      itemName: 'Office supplies',
      description: 'Ergonomic task chair, mesh back',
      quantity: 3,
      unitPriceCents: 28900,
    },
    { itemName: 'Shipping', description: 'Liftgate delivery', quantity: 1, unitPriceCents: 7500 },
  ],
  [
    {
      itemName: 'Equipment rental',
      description: 'Pallet jack rental, 1 week',
      quantity: 1,
      unitPriceCents: 18500,
    },
    {
      itemName: 'Office supplies',
      description: 'Shipping labels, 4x6 (roll of 500)',
      quantity: 6,
      unitPriceCents: 2275,
    },
    { itemName: 'Shipping', description: 'Pickup and return', quantity: 1, unitPriceCents: 6000 },
  ],
];

/** Three lines that add up to `amountCents` (half, three tenths, the rest). */
const linesForAmount = (amountCents: number): NewPaymentRequestLine[] => {
  const first = Math.floor(amountCents / 2);
  const second = Math.floor((amountCents * 3) / 10);
  const third = amountCents - first - second;
  return [
    {
      itemName: 'Office supplies',
      description: 'Office furniture and supplies order',
      quantity: 1,
      unitPriceCents: first,
    },
    { itemName: 'Office supplies', description: 'Printer consumables', quantity: 1, unitPriceCents: second },
    { itemName: 'Shipping', description: 'Freight and handling', quantity: 1, unitPriceCents: third },
  ].filter((line) => line.unitPriceCents > 0);
};

/** The sample sender's business (made once: its owner cannot sign in; it is not listed in the network). */
async function ensureSampleSender(tx: Tx, context: Context): Promise<{ businessId: string; userId: string }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sandbox-payment-request-sender'))`);
  const now = context.clock.now();
  let [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${SAMPLE_SENDER.email}`)
    .limit(1);
  if (!user) {
    [user] = await tx
      .insert(users)
      .values({
        id: newId(),
        email: SAMPLE_SENDER.email,
        firstName: SAMPLE_SENDER.firstName,
        lastName: SAMPLE_SENDER.lastName,
        activeStatus: 'INACTIVE',
        userType: 'SME_OWNER',
        country: 'US',
        isEmailVerified: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
  }
  if (!user) throw new Error('sample sender not created');
  const [business] = await tx
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.createdBy, user.id), eq(businesses.businessName, SAMPLE_SENDER.businessName)))
    .orderBy(asc(businesses.createdAt))
    .limit(1);
  if (business) return { businessId: business.id, userId: user.id };
  const created = await createBusinessWithOwner({
    db: tx,
    clock: context.clock,
    ownerId: user.id,
    businessName: SAMPLE_SENDER.businessName,
    businessType: 'CORPORATION',
    category: 'NONE',
    country: 'US',
    verificationStep: 'COMPLETED',
    verificationStatus: 'FULL_VERIFIED',
  });
  await tx.update(businesses).set({ isDiscoverable: false }).where(eq(businesses.id, created.businessId));
  await tx
    .insert(businessPreferences)
    .values({
      businessId: created.businessId,
      website: SAMPLE_SENDER.website,
      billingAddress: { ...SAMPLE_SENDER.billing },
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  return { businessId: created.businessId, userId: user.id };
}

/**
 * POST /sandbox/payment-requests: Northwind Supply Co. (made on first use) sends the payer an invoice —
 * a realistic order of 2–3 lines, or lines adding up to `amountCents` — due in `dueInDays` (14).
 */
export async function sendSamplePaymentRequest(
  context: Context,
  options: { payerBusinessId: string; amountCents?: number | undefined; dueInDays?: number | undefined },
): Promise<SandboxPaymentRequestResult> {
  const today = businessToday(context);
  const dueInDays = options.dueInDays ?? 14;
  return context.database.db.transaction(async (tx: Tx) => {
    const sender = await ensureSampleSender(tx, context);
    const [sent] = await tx
      .select({ total: count() })
      .from(paymentRequests)
      .where(eq(paymentRequests.payeeBusinessId, sender.businessId));
    const sequence = Number(sent?.total ?? 0) + 1;
    const lines =
      options.amountCents !== undefined
        ? linesForAmount(options.amountCents)
        : (ORDERS[(sequence - 1) % ORDERS.length] ?? []);
    // An overdue sample was issued 30 days before its due date; others today.
    const invoiceDate = fromDayNumber(toDayNumber(today) + (dueInDays < 0 ? dueInDays - 30 : 0));
    const { paymentRequest } = await createPaymentRequest(tx, {
      payeeBusinessId: sender.businessId,
      payerBusinessId: options.payerBusinessId,
      invoiceId: `sandbox-${newId()}`,
      refNo: `NW-${String(10_400 + sequence)}`,
      invoiceDate,
      dueDate: fromDayNumber(toDayNumber(today) + dueInDays),
      lines,
      memo: 'Thank you for your business. Payment due by the due date; questions: accounts@northwind-supply.example.',
      actor: {
        type: 'USER',
        userId: sender.userId,
        name: `${SAMPLE_SENDER.firstName} ${SAMPLE_SENDER.lastName}`,
      },
      source: 'SANDBOX',
      at: context.clock.now(),
    });
    return {
      paymentRequestId: paymentRequest.id,
      refNo: paymentRequest.refNo,
      amount: centsToAmount(paymentRequest.amountCents),
      senderBusinessId: sender.businessId,
      senderBusinessName: SAMPLE_SENDER.businessName,
    };
  });
}
