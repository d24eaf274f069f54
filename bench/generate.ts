// Fills a database with realistic volume using the server's test factories.
import type { AppContext } from '../apps/server/src/platform/context.js';
import { addBusinessMember, makeBusiness, makeUser, signIn } from '../apps/server/src/testing/factories.js';

export interface GeneratedData {
  headers: Record<string, string>;
  businessIds: string[];
}

/** `businesses` businesses with an owner each; the bench user is a member (Read-only) of `memberOf` of them. */
export async function generate(
  context: Pick<AppContext, 'database' | 'clock' | 'config'>,
  options: { businesses: number; memberOf: number },
): Promise<GeneratedData> {
  const benchUser = await makeUser(context, { firstName: 'Bench', lastName: 'User' });
  const businessIds: string[] = [];
  for (let i = 0; i < options.businesses; i += 1) {
    const { businessId } = await makeBusiness(context, { businessName: `Bench Business ${i + 1}` });
    businessIds.push(businessId);
    if (i < options.memberOf)
      await addBusinessMember(context, { businessId, user: benchUser, roleName: 'Read-only' });
  }
  return { headers: await signIn(context, benchUser), businessIds };
}
