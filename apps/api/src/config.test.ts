import { describe, expect, it } from 'vitest';
import { apiProcesses, readApiEnv } from './config.ts';

describe('the API environment', () => {
  it('starts one server process per core unless API_PROCESSES says otherwise', () => {
    expect(apiProcesses(readApiEnv({}), 4)).toBe(4);
    expect(apiProcesses(readApiEnv({ API_PROCESSES: '1' }), 4)).toBe(1);
    expect(apiProcesses(readApiEnv({ API_PROCESSES: '3' }), 2)).toBe(3);
  });

  it('listens with an accept queue of 4,096, gathers the doorbell and cluster news for 50 ms by default', () => {
    const env = readApiEnv({});
    expect(env.LISTEN_BACKLOG).toBe(4096);
    expect(env.DOORBELL_MS).toBe(50);
    expect(env.CLUSTER_NEWS_MS).toBe(50);
    expect(readApiEnv({ CLUSTER_NEWS_MS: '0' }).CLUSTER_NEWS_MS).toBe(0);
  });

  it('refuses a bad setting, naming it', () => {
    expect(() => readApiEnv({ API_PROCESSES: '0' })).toThrow(/API_PROCESSES/);
    expect(() => readApiEnv({ LISTEN_BACKLOG: 'many' })).toThrow(/LISTEN_BACKLOG/);
    expect(() => readApiEnv({ CLUSTER_NEWS_MS: '-1' })).toThrow(/CLUSTER_NEWS_MS/);
  });

  it('takes a replica only beside DATABASE_URL', () => {
    const replica = 'postgres://reader@replica:5432/wenyan';
    expect(() => readApiEnv({ DATABASE_READ_URL: replica })).toThrow(/DATABASE_READ_URL/);
    expect(
      readApiEnv({ DATABASE_URL: 'postgres://p@primary/wenyan', DATABASE_READ_URL: replica })
        .DATABASE_READ_URL,
    ).toBe(replica);
  });

  it('trusts no proxy and counts sign-ins per account and per address by default', () => {
    const env = readApiEnv({});
    expect(env.TRUST_PROXY).toEqual([]);
    expect(env.LOGIN_RATE_LIMIT).toBe(10);
    expect(env.LOGIN_ADDRESS_RATE_LIMIT).toBe(100);
    expect(env.METRICS_TOKEN).toBeUndefined();
    expect(readApiEnv({ TRUST_PROXY: '172.28.0.10, 10.0.0.0/8' }).TRUST_PROXY).toEqual([
      '172.28.0.10',
      '10.0.0.0/8',
    ]);
  });

  it('refuses a metrics token too short to be a secret', () => {
    expect(() => readApiEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
