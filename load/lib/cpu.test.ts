import { describe, expect, it } from 'vitest';
import { createCpuMeter } from './cpu.ts';

describe('the CPU meter of a load run', () => {
  it('keeps the CPU of processes that come and go between readings', () => {
    const readings = [
      // Baseline: the API and one Postgres backend.
      new Map([
        [10, { role: 'api', ms: 1000 }],
        [20, { role: 'postgres', ms: 500 }],
      ]),
      // A backend opens; the first one works.
      new Map([
        [10, { role: 'api', ms: 1300 }],
        [20, { role: 'postgres', ms: 700 }],
        [21, { role: 'postgres', ms: 50 }],
      ]),
      // The first backend closed (idle): what it spent up to the last reading stays counted.
      new Map([
        [10, { role: 'api', ms: 1400 }],
        [21, { role: 'postgres', ms: 150 }],
      ]),
    ];
    let i = 0;
    const meter = createCpuMeter(
      () => ({ api: 10, worker: undefined }),
      () => readings[i++]!,
    );
    meter.sample();
    meter.sample();
    meter.sample();
    expect(meter.spent()).toEqual({ postgres: 200 + 150, redis: 0, api: 400, worker: 0 });
  });
});
