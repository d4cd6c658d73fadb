import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { workerLog } from './worker.ts';

function lines(): { stream: Writable; read(): Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return {
    stream,
    read: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe("the worker's log", () => {
  it("writes the API's format: one JSON line with pino's keys, the message and the fields", async () => {
    const worker = lines();
    workerLog('info', worker.stream)('warn', 'projection failed', { job: 'project-learners' });
    const api = lines();
    const app = Fastify({ logger: { level: 'info', stream: api.stream } });
    app.log.warn({ job: 'project-learners' }, 'projection failed');
    await app.close();

    const [workerLine] = worker.read();
    const apiLine = api.read().find((line) => line.msg === 'projection failed');
    expect(workerLine).toMatchObject({
      level: 40,
      msg: 'projection failed',
      job: 'project-learners',
      name: 'worker',
    });
    const { name: _name, ...workerKeys } = workerLine ?? {};
    expect(Object.keys(workerKeys).sort()).toEqual(Object.keys(apiLine ?? {}).sort());
  });

  it('writes nothing below its level', () => {
    const worker = lines();
    workerLog('warn', worker.stream)('info', 'caught up', { learners: 3 });
    expect(worker.read()).toEqual([]);
  });
});
