import { describe, expect, it } from 'vitest';
import { SERVED_TOKEN_TTL_MS, servedAt, servedToken, useServedKey } from './served.ts';

const NOW = Date.parse('2026-12-01T10:00:00.000Z');

describe('served tokens', () => {
  useServedKey('a-test-key-of-at-least-thirty-two-characters');

  it('give back the moment the question was served to that learner', () => {
    const token = servedToken('12', 'q-1', NOW - 5_000);
    expect(servedAt(token, '12', 'q-1', NOW)).toBe(new Date(NOW - 5_000).toISOString());
  });

  it('are worth nothing for another learner, another question, or with a changed time or MAC', () => {
    const token = servedToken('12', 'q-1', NOW - 5_000);
    expect(servedAt(token, '13', 'q-1', NOW)).toBeNull();
    expect(servedAt(token, '12', 'q-2', NOW)).toBeNull();
    const [time, mac] = token.split('.') as [string, string];
    expect(servedAt(`${(NOW - 60_000).toString(36)}.${mac}`, '12', 'q-1', NOW)).toBeNull();
    expect(servedAt(`${time}.${mac.slice(0, -1)}A`, '12', 'q-1', NOW)).toBeNull();
    expect(servedAt(undefined, '12', 'q-1', NOW)).toBeNull();
    expect(servedAt('garbage', '12', 'q-1', NOW)).toBeNull();
  });

  it('are worth nothing from the future or older than the offline window', () => {
    expect(servedAt(servedToken('12', 'q-1', NOW + 1_000), '12', 'q-1', NOW)).toBeNull();
    const old = servedToken('12', 'q-1', NOW - SERVED_TOKEN_TTL_MS - 1);
    expect(servedAt(old, '12', 'q-1', NOW)).toBeNull();
  });

  it('are worth nothing under another key (another deployment)', () => {
    const token = servedToken('12', 'q-1', NOW - 5_000);
    useServedKey('another-key-of-at-least-thirty-two-characters');
    expect(servedAt(token, '12', 'q-1', NOW)).toBeNull();
  });
});
