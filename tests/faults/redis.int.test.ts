import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Drill,
  expectExactAfterwards,
  type Learner,
  type Question,
  rankMismatches,
  sendAnswer,
  signUp,
  startBurst,
  useDrill,
  waitUntil,
} from './drill.ts';

/** Learners who answer a few questions before a drill and none during it. */
async function idleLearners(drill: Drill, name: string, count: number, questions: Question[]) {
  const url = drill.apis[0]!.url;
  const learners = await Promise.all(
    Array.from({ length: count }, (_, i) => signUp(url, `${name}_idle_${i}`)),
  );
  await Promise.all(
    learners.map(async (learner, i) => {
      // A different number of correct answers each, so the idle learners hold distinct places.
      for (let n = 0; n < (i % 4) + 1; n++) {
        const status = await sendAnswer(url, learner, questions[n]!, `${name}-idle-${learner.id}-${n}`, true);
        expect(status).toBe(200);
      }
    }),
  );
  return learners;
}

/** Waits until every learner's place and the learner count match Postgres (the heal runs in the sweep). */
async function expectRanksHealed(drill: Drill, learners: Learner[]) {
  let last: string[] = [];
  await waitUntil(
    async () => {
      last = await rankMismatches(drill, learners);
      return last.length === 0;
    },
    'every learner ranked as in Postgres',
    20_000,
  ).catch((err) => {
    throw new Error(`${err}\n${last.slice(0, 20).join('\n')}`);
  });
}

describe('fault drill: Redis stopped during a burst', () => {
  const staged = useDrill('redis', 10);
  let idle: Learner[];

  beforeAll(async () => {
    idle = await idleLearners(staged.drill, 'redis', 30, staged.questions);
  });

  it('keeps accepting answers or refuses them with 503, and projects them all once Redis is back', async () => {
    const { drill, learners, questions } = staged;
    const url = drill.apis[0]!.url;
    const answering = startBurst([url], learners, questions, {});
    await answering.eachAcknowledges(2, 'answers before the outage');
    await drill.redis.stop();
    // The health check says so once the API's Redis connection has noticed (it answers 200 until then).
    await waitUntil(
      async () => (await fetch(`${url}/api/health`)).status !== 200,
      'health reports the outage',
    );
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'degraded', queue: 'down', database: 'up' });
    // The learners go on answering through the outage: each sends twice more before Redis is back.
    const sentBefore = answering.result.sent;
    await waitUntil(
      () => answering.result.sent >= sentBefore + 2 * learners.length,
      'answers sent during the outage',
    );
    await drill.redis.start();
    // Every active learner answers again after the restart (a Redis without persistence came back
    // empty), and is projected into the new sorted set before any repair could run.
    await answering.eachAcknowledges(1, 'answers after the restart');
    await answering.acknowledges(51, 'more than 50 answers');
    const result = await answering.stop();
    // Never a 5xx other than a clean 503, never a 4xx: and what was acknowledged must be in the log.
    expect([...result.refused.keys()].filter((s) => s !== 503)).toEqual([]);
    await waitUntil(async () => (await fetch(`${url}/api/health`)).ok, 'healthy again', 15_000);
    await expectExactAfterwards(drill, result.acknowledged, 50);
    // The 30 learners idle during the drill are ranked again too, every place as Postgres has it.
    await expectRanksHealed(drill, [...learners, ...idle]);
  });

  it('rebuilds the ranking when Redis comes back from an older state, under load', async () => {
    const { drill, learners, questions } = staged;
    const url = drill.apis[0]!.url;
    const redis = new Redis(drill.redis.url);
    // The older state: a snapshot on disk now...
    await redis.save();
    redis.disconnect();
    // ...then the board moves on: new learners, and the active ones earn more.
    const late = await idleLearners(drill, 'redis_late', 10, questions);
    const answering = startBurst([url], learners, questions, { keyPrefix: 'older' });
    await answering.eachAcknowledges(2, 'answers before the restart');
    await drill.redis.stop();
    await drill.redis.start(); // loads the snapshot: the late learners missing, the others behind
    await answering.eachAcknowledges(2, 'answers after the restart');
    const result = await answering.stop();
    expect([...result.refused.keys()].filter((s) => s !== 503)).toEqual([]);
    await waitUntil(async () => (await fetch(`${url}/api/health`)).ok, 'healthy again', 15_000);
    await expectExactAfterwards(drill, result.acknowledged, 50);
    await expectRanksHealed(drill, [...learners, ...idle, ...late]);
  });
});
