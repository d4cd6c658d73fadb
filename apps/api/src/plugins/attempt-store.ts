import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RedisClient } from '@wenyan/store';

/** The plugin's own Redis store (one Lua INCR and PEXPIRE per attempt), reused as it is. */
const PluginRedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: RedisClient,
  prefix: string,
) => FastifyRateLimitStore;

/** What the plugin hands a store and its children (the merged limit options). */
interface LimitParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  /** The route a route-level limit is on; `{}` for a limit made with `app.createRateLimit`. */
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * The attempt counts in Redis, keyed `<nameSpace><route>-<key>` for a route's own limit, and
 * `<nameSpace><key>` for the limits the auth routes make with `createRateLimit`. The plugin's store
 * builds a child's prefix from the route's method and URL even when there is no route, which gave
 * keys such as `wyt:attempts:undefinedundefined-login-account:…`.
 */
export function redisAttemptStore(redis: RedisClient, nameSpace: string): FastifyRateLimitStoreCtor {
  class AttemptStore implements FastifyRateLimitStore {
    readonly #inner: FastifyRateLimitStore;
    readonly #prefix: string;

    constructor(params: LimitParams, prefix = nameSpace) {
      this.#prefix = prefix;
      this.#inner = new PluginRedisStore(
        params.continueExceeding ?? false,
        params.exponentialBackoff ?? false,
        redis,
        prefix,
      );
    }

    incr(...args: Parameters<FastifyRateLimitStore['incr']>): void {
      this.#inner.incr(...args);
    }

    child(routeParams: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const params = routeParams as unknown as LimitParams;
      const { method, url } = params.routeInfo ?? {};
      const route = method && url ? `${String(method)}${url}-` : '';
      return new AttemptStore(params, `${this.#prefix}${route}`);
    }
  }
  return AttemptStore as unknown as FastifyRateLimitStoreCtor;
}
