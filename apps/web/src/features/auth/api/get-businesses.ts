import { z } from 'zod';
import { api } from '@/lib/api-client';

const businessListSchema = z.array(
  z.object({ id: z.string(), permissions: z.array(z.string()).optional() }).loose(),
);
export type BusinessListItem = z.infer<typeof businessListSchema>[number];

/** `GET /business`: the businesses the signed-in user belongs to (the first is where sign-in lands). */
export const getBusinesses = (): Promise<BusinessListItem[]> =>
  api.get('/business', { schema: businessListSchema });
