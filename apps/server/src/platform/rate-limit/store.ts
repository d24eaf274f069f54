import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimitCounter } from './counter.js';

/**
 * A store for @fastify/rate-limit on a shared counter: the global limit counts under `global:{client}`,
 * a route with its own limit under `{METHOD} {url}:{client}` (as the plugin's Redis store names them).
 */
export function sharedRateLimitStore(counter: RateLimitCounter): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = 'global:') {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counter.hit(`${this.prefix}${key}`, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin hands over the route's merged limit settings, with the route as `routeInfo`.
      const { routeInfo } = routeOptions as unknown as {
        routeInfo?: { method?: string | string[]; url?: string };
      };
      const method = [routeInfo?.method ?? ''].flat().join(',');
      return new SharedStore(`${method} ${routeInfo?.url ?? ''}:`);
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}
