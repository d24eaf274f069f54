import { GUIDED_TOURS, type GuidedTour } from '@ferry/domain/catalogues';
import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { userTours } from './tables.js';

/** Which guided tours a user has finished: every tour of the catalogue, false until completed. */
export type TourStatus = Record<GuidedTour, boolean>;

const isTour = (value: string): value is GuidedTour => (GUIDED_TOURS as readonly string[]).includes(value);

export async function getTourStatus(options: { db: DbOrTx; userId: string }): Promise<TourStatus> {
  const rows = await options.db
    .select({ tour: userTours.tour, completed: userTours.completed })
    .from(userTours)
    .where(eq(userTours.userId, options.userId));
  const status = Object.fromEntries(GUIDED_TOURS.map((tour) => [tour, false])) as TourStatus;
  for (const row of rows) if (isTour(row.tour)) status[row.tour] = row.completed;
  return status;
}

/** Records a tour as completed (or, with `completed: false`, to be shown again). */
export async function setTourStatus(options: {
  db: DbOrTx;
  clock: Clock;
  userId: string;
  tour: GuidedTour;
  completed: boolean;
}): Promise<TourStatus> {
  const now = options.clock.now();
  const completedAt = options.completed ? now : null;
  await options.db
    .insert(userTours)
    .values({
      userId: options.userId,
      tour: options.tour,
      completed: options.completed,
      completedAt,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [userTours.userId, userTours.tour],
      set: {
        completed: options.completed,
        // The first completion time is kept when a completed tour is reported again.
        completedAt: options.completed ? sql`coalesce(${userTours.completedAt}, ${now})` : null,
        updatedAt: now,
      },
    });
  return getTourStatus(options);
}
