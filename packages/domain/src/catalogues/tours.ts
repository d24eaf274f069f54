import { z } from 'zod';

/** Guided tours (spec 000 §2): one per area. */
export const GUIDED_TOURS = ['home', 'bill-payments', 'approvals', 'invoices'] as const;
export type GuidedTour = (typeof GUIDED_TOURS)[number];

/** Tours start this long after their page shows. */
export const TOUR_START_DELAY_MS = 250;

/** `POST /user/tour-status`: a tour finished (or, with `completed: false`, to be shown again). */
export const tourStatusRequestSchema = z.object({
  tour: z.enum(GUIDED_TOURS, { error: 'Unknown tour.' }),
  completed: z.boolean({ error: 'completed must be true or false.' }),
});
export type TourStatusRequest = z.infer<typeof tourStatusRequestSchema>;
