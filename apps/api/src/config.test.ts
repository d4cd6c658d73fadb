import { describe, expect, it } from 'vitest';
import { apiProcesses, readApiEnv } from './config.ts';

describe('the API environment', () => {
  it('starts one server process per core unless API_PROCESSES says otherwise', () => {
    expect(apiProcesses(readApiEnv({}), 4)).toBe(4);
    expect(apiProcesses(readApiEnv({ API_PROCESSES: '1' }), 4)).toBe(1);
    expect(apiProcesses(readApiEnv({ API_PROCESSES: '3' }), 2)).toBe(3);
  });

  it('listens with an accept queue of 4,096 and gathers the doorbell for 20 ms by default', () => {
    const env = readApiEnv({});
    expect(env.LISTEN_BACKLOG).toBe(4096);
    expect(env.DOORBELL_MS).toBe(20);
  });

  it('refuses a bad setting, naming it', () => {
    expect(() => readApiEnv({ API_PROCESSES: '0' })).toThrow(/API_PROCESSES/);
    expect(() => readApiEnv({ LISTEN_BACKLOG: 'many' })).toThrow(/LISTEN_BACKLOG/);
  });
});
