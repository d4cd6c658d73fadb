/**
 * Sign-in attempt counts in Redis (distributed mode) are kept under clean keys (issue 41): the
 * limits made with `createRateLimit` read `<prefix>:attempts:login-account:…`, not
 * `…:attempts:undefinedundefined-login-account:…`, and still count every attempt.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.ts';
import { useTestApp } from '../support/app-harness.ts';

let redis: Redis;
const t = useTestApp('distributed');

beforeAll(async () => {
  redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
});
afterAll(async () => {
  redis?.disconnect();
});

async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  return keys;
}

describe('the attempt keys in Redis', () => {
  it('name the limit and its key, without an undefined route', async () => {
    const account = await signUp(t.app);
    const attempts = 3;
    for (let i = 0; i < attempts; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: account.username, password: 'not the password' },
      });
      expect(res.statusCode).toBe(401);
    }
    const prefix = `${t.runtime.deps.env.REDIS_PREFIX}:attempts:`;
    const keys = await keysUnder(prefix);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).not.toContain('undefined');
    const account_ = keys.filter((key) => key.startsWith(`${prefix}login-account:`));
    expect(account_).toHaveLength(1);
    expect(Number(await redis.get(account_[0] ?? ''))).toBe(attempts);
    expect(keys.some((key) => key.startsWith(`${prefix}login-address:`))).toBe(true);
  });
});
