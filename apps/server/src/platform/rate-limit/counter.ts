import { lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Database } from '../db/client.js';
import { rateLimitCounters } from './tables.js';

/** A hit counted in a fixed window: how many so far (this one included) and the window's time left. */
export interface RateLimitHit {
  count: number;
  ttlMs: number;
}

/** Counts hits per key in fixed windows; every API process sharing a database shares the counts. */
export interface RateLimitCounter {
  hit(key: string, windowMs: number): Promise<RateLimitHit>;
}

/** Keys are at most this long (an over-long email or header is cut, never refused here). */
const MAX_KEY_LENGTH = 512;
/** About one hit in this many also sweeps windows that ended more than a minute ago. */
const SWEEP_EVERY = 500;

/**
 * The database counter: one upsert per hit, atomic under concurrency (the row lock orders two
 * processes' hits). Windows are timed by the process's clock (the app's, so tests can move it).
 */
export function databaseRateLimitCounter(database: Database, clock: Clock): RateLimitCounter {
  const { db } = database;
  let sinceSweep = 0;
  return {
    async hit(key, windowMs) {
      const now = clock.now();
      const windowEnd = new Date(now.getTime() + Math.max(1, Math.round(windowMs)));
      const ended = sql`${rateLimitCounters.windowEndsAt} <= ${now.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key: key.slice(0, MAX_KEY_LENGTH), hits: 1, windowEndsAt: windowEnd })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            hits: sql`case when ${ended} then 1 else ${rateLimitCounters.hits} + 1 end`,
            windowEndsAt: sql`case when ${ended} then ${windowEnd.toISOString()}::timestamptz else ${rateLimitCounters.windowEndsAt} end`,
          },
        })
        .returning({ count: rateLimitCounters.hits, windowEndsAt: rateLimitCounters.windowEndsAt });
      sinceSweep += 1;
      if (sinceSweep >= SWEEP_EVERY) {
        sinceSweep = 0;
        await db
          .delete(rateLimitCounters)
          .where(lt(rateLimitCounters.windowEndsAt, new Date(now.getTime() - 60_000)));
      }
      const ends = row ? new Date(row.windowEndsAt).getTime() : windowEnd.getTime();
      return { count: row?.count ?? 1, ttlMs: Math.max(0, ends - now.getTime()) };
    },
  };
}
