// `npm run demo`: loads a ready account with a verified business into the embedded database.
import { eq } from 'drizzle-orm';
import { loadConfig } from './config.js';
import { hashPassword } from './modules/auth/password.js';
import { createBusinessWithOwner, listBusinessesForUser } from './modules/businesses/service.js';
import { users } from './modules/users/tables.js';
import { DataDirLockedError } from './platform/db/lock.js';
import { newId } from './platform/ids.js';
import { createLogger } from './platform/logger.js';
import { openRuntime } from './platform/runtime.js';

export const DEMO_ACCOUNT = {
  email: 'maya@harborcoffee.example',
  password: 'Harbor-Demo-2026!',
  firstName: 'Maya',
  lastName: 'Okafor',
  businessName: 'Harbor Coffee Roasters LLC',
} as const;

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger('warn');
  let runtime: Awaited<ReturnType<typeof openRuntime>>;
  try {
    runtime = await openRuntime({ config, logger });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`Cannot load the demo data while Ferry is running: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const { db } = runtime.context.database;
  const clock = runtime.context.clock;
  try {
    const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
    const [existing] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNT.email));
    let userId: string;
    if (existing) {
      userId = existing.id;
      await db.update(users).set({ passwordHash, updatedAt: clock.now() }).where(eq(users.id, userId));
    } else {
      userId = newId();
      await db.insert(users).values({
        id: userId,
        email: DEMO_ACCOUNT.email,
        firstName: DEMO_ACCOUNT.firstName,
        lastName: DEMO_ACCOUNT.lastName,
        passwordHash,
        activeStatus: 'ACTIVE',
        userType: 'SME_OWNER',
        country: 'US',
        isEmailVerified: true,
        isPhoneNumberVerified: true,
      });
    }
    const businesses = await listBusinessesForUser({ db, userId });
    let business = businesses.find((b) => b.businessName === DEMO_ACCOUNT.businessName);
    if (!business) {
      await createBusinessWithOwner({
        db,
        clock,
        ownerId: userId,
        businessName: DEMO_ACCOUNT.businessName,
        businessType: 'LIMITED_LIABILITY_COMPANY',
        category: 'NONE',
        country: 'US',
        verificationStep: 'COMPLETED',
        verificationStatus: 'FULL_VERIFIED',
      });
      business = (await listBusinessesForUser({ db, userId })).find(
        (b) => b.businessName === DEMO_ACCOUNT.businessName,
      );
    }
    console.log(
      [
        '',
        'Demo data loaded into the embedded database.',
        `  Email:    ${DEMO_ACCOUNT.email}`,
        `  Password: ${DEMO_ACCOUNT.password}`,
        `  Business: ${DEMO_ACCOUNT.businessName} (${business?.id}), verified`,
        '  Email and phone are marked verified; mail and SMS Ferry sends appear at /dev/outbox.',
        '  Start Ferry with `npm start`.',
        '',
      ].join('\n'),
    );
  } finally {
    await runtime.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
