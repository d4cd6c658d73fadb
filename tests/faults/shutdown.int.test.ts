import { describe, expect, it } from 'vitest';
import { expectApiDrainsOnSigterm, expectExactAfterwards, startBurst, stop, useDrill } from './drill.ts';

describe('fault drill: graceful shutdown', () => {
  const staged = useDrill('shutdown', 10);

  it('the health endpoint reports readiness of the database and the queue', async () => {
    const { drill } = staged;
    const res = await fetch(`${drill.apis[0]!.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'ok',
      mode: 'distributed',
      database: 'up',
      queue: 'up',
    });
  });

  it('the worker finishes its in-flight jobs on SIGTERM and exits 0; a new one carries on exactly', async () => {
    const { drill, learners, questions } = staged;
    const answering = startBurst([drill.apis[0]!.url], learners, questions, {});
    await answering.eachAcknowledges(2, 'answers before the SIGTERM');
    expect(await stop(drill.worker!, 'SIGTERM')).toBe(0);
    await answering.eachAcknowledges(1, 'answers while no worker runs');
    await drill.startWorker();
    await answering.eachAcknowledges(1, 'answers after the restart');
    const result = await answering.stop();
    expect(result.refused.size).toBe(0);
    await expectExactAfterwards(drill, result.acknowledged);
  });

  it('the API finishes in-flight answers on SIGTERM and exits 0: nothing acknowledged is lost', async () => {
    const { drill, learners, questions } = staged;
    await expectApiDrainsOnSigterm(drill, learners, questions, 2);
  });
});
