/**
 * The opt-in daily reminder, end to end in both modes: learners subscribe devices and opt in through
 * the API; the sweep (the worker's BullMQ job in the distributed mode, the embedded server's own
 * otherwise) pushes through `web-push` to a local HTTPS server playing the push service. A VAPID-signed,
 * encrypted POST reaches each device of a learner with reviews due, once a Hong Kong day however many
 * sweeps and workers run; none reaches a learner who opted out or has nothing to be reminded of; a
 * device the push service answers 410 for is forgotten.
 */
import { daysBetween, endOfHongKongDayMs, hongKongDate } from '@wenyan/domain';
import {
  REMINDER_QUEUE,
  REMINDER_SCHEDULER_ID,
  type ReminderJobData,
  type ReminderSweepResult,
  SEND_REMINDERS_JOB,
} from '@wenyan/store';
import { type RunningWorker, startWorker } from '@wenyan/worker/src/worker.ts';
import { Queue, QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../support/accounts.ts';
import { MODES, startTestApp, type TestApp, waitForProjection } from '../support/app-harness.ts';
import {
  decryptPush,
  type PushService,
  startPushService,
  type TestDevice,
  verifyVapid,
} from '../support/push-service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(MODES)('the daily reminder (%s)', (mode) => {
  let t: TestApp;
  let push: PushService;
  let queue: Queue<ReminderJobData> | null = null;
  let events: QueueEvents | null = null;
  /**
   * Learners: due (a card due tomorrow, two devices), optedOut (a card due, reminder off), practised
   * (answered right: nothing due tomorrow, a streak to keep), gone (its device answers 410), other.
   */
  const who = {} as Record<'due' | 'optedOut' | 'practised' | 'gone' | 'other', TestAccount>;
  const devices = {} as Record<'due1' | 'due2' | 'optedOut' | 'practised' | 'gone', TestDevice>;
  /** 21:00 in Hong Kong today, and on the day the due learner's card is due. */
  let tonight: Date;
  let dueEvening: Date;

  const send = (
    account: TestAccount | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: account?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as never }),
    });

  /** One sweep as of `at`: the worker's job (distributed) or the embedded server's sweep. */
  async function sweep(at: Date): Promise<ReminderSweepResult> {
    if (t.runtime.sendReminders) return t.runtime.sendReminders(at);
    if (!queue || !events) throw new Error('no reminder queue');
    const job = await queue.add(SEND_REMINDERS_JOB, { at: at.toISOString() });
    return (await job.waitUntilFinished(events, 30_000)) as ReminderSweepResult;
  }

  /** A worker of this test's deployment (a second one, or one that sets the schedule). */
  const workerEnv = (reminderIntervalMs: number) => ({
    DATABASE_URL: t.runtime.deps.env.DATABASE_URL!,
    REDIS_URL: t.runtime.deps.env.REDIS_URL!,
    REDIS_PREFIX: t.runtime.deps.env.REDIS_PREFIX,
    WORKER_CONCURRENCY: 2,
    PROJECTION_BATCH: 8,
    PROJECTION_GATHER_MS: 20,
    CATCH_UP_INTERVAL_MS: 60_000,
    WORKER_HEALTH_PORT: undefined,
    LOG_LEVEL: 'silent' as const,
    REMINDER_INTERVAL_MS: reminderIntervalMs,
    VAPID_SUBJECT: 'mailto:tests@wenyan.invalid',
  });

  const pushesTo = (device: TestDevice) => push.received.filter((p) => p.device === device.id);

  async function answer(account: TestAccount, questionId: string, selectedAnswer: string) {
    const res = await send(account, 'POST', '/api/users/answers', {
      userId: account.id,
      questionId,
      selectedAnswer,
      timeSpent: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function optIn(account: TestAccount, device: TestDevice, hour = 19) {
    const subscribed = await send(
      account,
      'POST',
      `/api/users/${account.id}/push-subscriptions`,
      device.subscription,
    );
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const set = await send(account, 'PUT', `/api/users/${account.id}/reminders`, { enabled: true, hour });
    expect(set.statusCode, set.body).toBe(200);
  }

  beforeAll(async () => {
    push = await startPushService();
    t = await startTestApp(
      mode,
      {
        LOGIN_RATE_LIMIT: '100000',
        LOGIN_ADDRESS_RATE_LIMIT: '100000',
        PUSH_ENDPOINT_HOSTS: `${push.host},fcm.googleapis.com`,
        REMINDER_INTERVAL_MS: '0',
        VAPID_SUBJECT: 'mailto:tests@wenyan.invalid',
      },
      { pushAgent: push.agent },
    );
    if (mode === 'distributed') {
      const connection = { url: t.runtime.deps.env.REDIS_URL };
      const prefix = t.runtime.deps.env.REDIS_PREFIX;
      queue = new Queue<ReminderJobData>(REMINDER_QUEUE, { connection, prefix });
      events = new QueueEvents(REMINDER_QUEUE, { connection, prefix });
      await events.waitUntilReady();
    }
    for (const name of ['due', 'optedOut', 'practised', 'gone', 'other'] as const) {
      who[name] = await signUp(t.app, `remind_${name}`);
    }
    for (const name of ['due1', 'due2', 'optedOut', 'practised', 'gone'] as const)
      devices[name] = push.device();

    // Reviews due: a wrong answer leaves an open item in the error book. The learner who only practised
    // correctly has nothing due, and practised today.
    await answer(who.due, 'l01-wi-02', '錯的答案');
    await answer(who.optedOut, 'l01-wi-02', '錯的答案');
    await answer(who.gone, 'l01-wi-02', '錯的答案');
    await answer(who.practised, 'l01-wi-01', '窮困');
    for (const name of ['due', 'optedOut', 'practised', 'gone'] as const)
      await waitForProjection(t, who[name].id);

    await optIn(who.due, devices.due1);
    await optIn(who.due, devices.due2);
    await optIn(who.practised, devices.practised);
    await optIn(who.gone, devices.gone);
    push.answer(devices.gone, 410);
    // Opted in, then out again: the device stays, the reminder does not go.
    await optIn(who.optedOut, devices.optedOut);
    expect(
      (
        await send(who.optedOut, 'PUT', `/api/users/${who.optedOut.id}/reminders`, {
          enabled: false,
          hour: 19,
        })
      ).statusCode,
    ).toBe(200);

    tonight = new Date(`${hongKongDate(Date.now())}T21:00:00+08:00`);
    const card = await t.runtime.deps.db
      .selectFrom('review_cards')
      .select('due')
      .where('user_id', '=', who.due.id)
      .executeTakeFirstOrThrow();
    dueEvening = new Date(`${hongKongDate(new Date(card.due).getTime())}T21:00:00+08:00`);
  }, 120_000);

  afterAll(async () => {
    await events?.close();
    await queue?.close();
    await t?.close();
    await push?.close();
  });

  describe('the routes', () => {
    it('serves the deployment’s one VAPID public key to a signed-in user, and 401 to anyone else', async () => {
      const res = await send(who.other, 'GET', '/api/push/public-key');
      expect(res.statusCode).toBe(200);
      const stored = await t.runtime.deps.db.selectFrom('vapid_keys').selectAll().execute();
      expect(stored).toHaveLength(1);
      expect(res.json()).toEqual({ publicKey: stored[0]!.public_key });
      // An uncompressed P-256 point: 65 bytes, base64url.
      expect(Buffer.from(res.json().publicKey, 'base64url')).toHaveLength(65);
      expect((await send(null, 'GET', '/api/push/public-key')).statusCode).toBe(401);
    });

    it('reads the settings: off at 19:00 before the learner chose, with the devices counted', async () => {
      const fresh = await send(who.other, 'GET', `/api/users/${who.other.id}/reminders`);
      expect(fresh.json()).toEqual({ enabled: false, hour: 19, devices: 0 });
      const due = await send(who.due, 'GET', `/api/users/${who.due.id}/reminders`);
      expect(due.json()).toEqual({ enabled: true, hour: 19, devices: 2 });
    });

    it('refuses another learner’s settings and devices (403) and a signed-out caller (401)', async () => {
      const other = push.device();
      const base = `/api/users/${who.due.id}`;
      expect((await send(who.other, 'GET', `${base}/reminders`)).statusCode).toBe(403);
      expect(
        (await send(who.other, 'PUT', `${base}/reminders`, { enabled: false, hour: 19 })).statusCode,
      ).toBe(403);
      expect(
        (await send(who.other, 'POST', `${base}/push-subscriptions`, other.subscription)).statusCode,
      ).toBe(403);
      expect(
        (
          await send(who.other, 'POST', `${base}/push-subscriptions/remove`, {
            endpoint: devices.due1.endpoint,
          })
        ).statusCode,
      ).toBe(403);
      expect((await send(null, 'GET', `${base}/reminders`)).statusCode).toBe(401);
      expect((await send(null, 'POST', `${base}/push-subscriptions`, other.subscription)).statusCode).toBe(
        401,
      );
      // Nothing of the learner's changed.
      expect((await send(who.due, 'GET', `${base}/reminders`)).json()).toEqual({
        enabled: true,
        hour: 19,
        devices: 2,
      });
    });

    it('answers a malformed subscription or setting with 400 naming the field', async () => {
      const url = `/api/users/${who.other.id}/push-subscriptions`;
      const device = push.device().subscription;
      const cases: Array<[unknown, string, string]> = [
        [{ ...device, endpoint: device.endpoint.replace('https:', 'http:') }, url, 'body.endpoint'],
        [{ ...device, endpoint: 'not a url' }, url, 'body.endpoint'],
        [{ ...device, endpoint: 'https://intranet.example.edu.hk/wpush/1' }, url, 'body.endpoint'],
        [{ ...device, keys: { p256dh: device.keys.p256dh } }, url, 'body.keys.auth'],
        [{ ...device, keys: { ...device.keys, p256dh: 'c2hvcnQ' } }, url, 'body.keys.p256dh'],
        [{ ...device, extra: 1 }, url, 'body'],
        [{ enabled: true, hour: 24 }, `/api/users/${who.other.id}/reminders`, 'body.hour'],
        [{ enabled: 'yes', hour: 7 }, `/api/users/${who.other.id}/reminders`, 'body.enabled'],
        [{ endpoint: 'ftp://x' }, `${url}/remove`, 'body.endpoint'],
      ];
      for (const [payload, target, field] of cases) {
        const res = await send(who.other, target.endsWith('reminders') ? 'PUT' : 'POST', target, payload);
        expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
        expect(JSON.stringify(res.json().error.details)).toContain(field);
      }
      expect((await send(who.other, 'GET', `/api/users/${who.other.id}/reminders`)).json().devices).toBe(0);
    });

    it('keeps several devices per learner, removes one, and limits how fast a learner writes', async () => {
      const a = push.device();
      const b = push.device();
      const base = `/api/users/${who.other.id}`;
      expect(
        (await send(who.other, 'POST', `${base}/push-subscriptions`, a.subscription)).json().devices,
      ).toBe(1);
      expect(
        (await send(who.other, 'POST', `${base}/push-subscriptions`, b.subscription)).json().devices,
      ).toBe(2);
      // The same device again is the same device.
      expect(
        (await send(who.other, 'POST', `${base}/push-subscriptions`, b.subscription)).json().devices,
      ).toBe(2);
      const removed = await send(who.other, 'POST', `${base}/push-subscriptions/remove`, {
        endpoint: a.endpoint,
      });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().devices).toBe(1);
      let limited = 0;
      for (let i = 0; i < 40; i += 1) {
        const res = await send(who.other, 'PUT', `${base}/reminders`, { enabled: false, hour: 7 + (i % 10) });
        if (res.statusCode === 429) limited += 1;
        else expect(res.statusCode).toBe(200);
      }
      expect(limited).toBeGreaterThan(0);
    });
  });

  describe('the sweep', () => {
    it('sends nothing on a day with nothing to say: no card due yet, and every streak kept today', async () => {
      // The premise: a card answered wrong today comes back tomorrow (day-granular FSRS, Again).
      expect(daysBetween(hongKongDate(tonight.getTime()), hongKongDate(dueEvening.getTime()))).toBe(1);
      const before = push.received.length;
      const result = await sweep(tonight);
      expect(result).toMatchObject({ considered: 3, reminded: 0, delivered: 0 });
      expect(push.received.length).toBe(before);
    });

    it('sends nothing before the learners’ hour', async () => {
      const before = push.received.length;
      const result = await sweep(new Date(dueEvening.getTime() - 3 * 60 * 60 * 1000)); // 18:00
      expect(result).toMatchObject({ considered: 0, delivered: 0 });
      expect(push.received.length).toBe(before);
    });

    it('pushes a VAPID-signed, encrypted reminder to each device of a learner with reviews due', async () => {
      const result = await sweep(dueEvening);
      // The learner with a card due (two devices) and the one whose streak is at risk; the 410 device.
      expect(result).toMatchObject({ reminded: 2, delivered: 3, gone: 1, failed: 0 });
      const stored = await t.runtime.deps.db.selectFrom('vapid_keys').select('public_key').executeTakeFirst();
      for (const device of [devices.due1, devices.due2]) {
        const [received, ...more] = pushesTo(device);
        expect(more).toEqual([]);
        expect(received?.status).toBe(201);
        expect(received?.headers['content-encoding']).toBe('aes128gcm');
        expect(Number(received?.headers.ttl)).toBeGreaterThan(0);
        expect(Number(received?.headers.ttl)).toBeLessThanOrEqual(3 * 60 * 60); // until midnight
        const claims = verifyVapid(received!);
        expect(claims.publicKey).toBe(stored?.public_key);
        expect(claims.aud).toBe(push.origin);
        expect(claims.sub).toBe('mailto:tests@wenyan.invalid');
        expect(claims.exp * 1000).toBeGreaterThan(Date.now());
        const payload = JSON.parse(decryptPush(received!.body, device));
        expect(payload).toEqual({
          title: '今日複習',
          body: '今日有 1 張卡要複習；你已連續學習 1 日，今日仍未練習。',
          url: '/review',
          tag: 'wyt-daily-reminder',
        });
      }
    });

    it('reminds a learner with nothing due whose streak ends tonight', () => {
      const [received, ...more] = pushesTo(devices.practised);
      expect(more).toEqual([]);
      expect(JSON.parse(decryptPush(received!.body, devices.practised))).toMatchObject({
        title: '保持連續學習',
        body: '你已連續學習 1 日，今日仍未練習，記得在午夜前完成一題！',
      });
    });

    it('sends nothing to a learner who opted out, though a card of theirs is due', async () => {
      const due = await t.runtime.deps.db
        .selectFrom('review_cards')
        .select('question_id')
        .where('user_id', '=', who.optedOut.id)
        // Due as the sweep counts it: by the end of that Hong Kong day. The card comes back at the time
        // of day it was answered, so after 21:00 when the suite runs between 21:00 and midnight there.
        .where('due', '<', new Date(endOfHongKongDayMs(dueEvening.getTime())))
        .execute();
      expect(due).toHaveLength(1);
      expect(pushesTo(devices.optedOut)).toEqual([]);
    });

    it('forgets a device the push service answers 410 for', async () => {
      expect(pushesTo(devices.gone).map((p) => p.status)).toEqual([410]);
      const left = await t.runtime.deps.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('user_id', '=', who.gone.id)
        .execute();
      expect(left).toEqual([]);
    });

    it('sends once a day: later sweeps, and sweeps run at once by several workers, add nothing', async () => {
      const before = push.received.length;
      await sweep(dueEvening);
      await sweep(new Date(dueEvening.getTime() + 60 * 60 * 1000));
      let second: RunningWorker | null = null;
      if (mode === 'distributed') {
        // A second worker beside the first: both take sweeps of the same moment.
        second = await startWorker(workerEnv(0), () => {}, { pushAgent: push.agent });
      }
      try {
        const results = await Promise.all(
          [1, 2, 3, 4].map(() => sweep(new Date(dueEvening.getTime() + 60_000))),
        );
        expect(results.reduce((sum, r) => sum + r.delivered, 0)).toBe(0);
      } finally {
        await second?.close();
      }
      expect(push.received.length).toBe(before);
      const sent = await t.runtime.deps.db
        .selectFrom('reminders_sent')
        .select(['day', 'kind', 'due_count', 'streak_days', 'devices'])
        .where('user_id', '=', who.due.id)
        .execute();
      expect(sent).toEqual([
        {
          day: hongKongDate(dueEvening.getTime()),
          kind: 'due_and_streak',
          due_count: 1,
          streak_days: 1,
          devices: 2,
        },
      ]);
    });

    it('the next day reminds again of the reviews still due (the streak is over by then)', async () => {
      await sweep(new Date(dueEvening.getTime() + DAY_MS));
      for (const device of [devices.due1, devices.due2]) {
        const all = pushesTo(device);
        expect(all).toHaveLength(2);
        expect(JSON.parse(decryptPush(all[1]!.body, device))).toMatchObject({
          title: '今日複習',
          body: '今日有 1 張卡要複習，花幾分鐘溫習吧！',
        });
      }
      expect(pushesTo(devices.optedOut)).toEqual([]);
    });
  });

  describe('the learner’s own data', () => {
    it('lists the reminder and devices in the export, and erases them with the account', async () => {
      const exported = (await send(who.due, 'GET', '/api/users/me/export')).json();
      expect(exported.tables.push_subscriptions.map((d: { endpoint: string }) => d.endpoint).sort()).toEqual(
        [devices.due1.endpoint, devices.due2.endpoint].sort(),
      );
      expect(exported.tables.reminder_settings).toEqual([
        expect.objectContaining({ enabled: true, hour: 19 }),
      ]);
      expect(exported.tables.reminders_sent).toHaveLength(2);
      // The keys that decrypt the device's messages are the device's; the export does not echo them.
      expect(JSON.stringify(exported)).not.toContain(devices.due1.subscription.keys.auth);

      const erased = await send(who.due, 'POST', '/api/users/me/delete-account', {
        confirm: '刪除帳戶',
        password: 'correct horse battery',
      });
      expect(erased.statusCode, erased.body).toBe(200);
      const db = t.runtime.deps.db;
      for (const table of ['push_subscriptions', 'reminder_settings', 'reminders_sent'] as const) {
        const rows = await db.selectFrom(table).select('user_id').where('user_id', '=', who.due.id).execute();
        expect(rows, table).toEqual([]);
      }
      const before = push.received.length;
      await sweep(new Date(dueEvening.getTime() + 2 * DAY_MS));
      expect(pushesTo(devices.due1)).toHaveLength(2);
      expect(pushesTo(devices.due2)).toHaveLength(2);
      expect(push.received.slice(before).map((p) => p.device)).not.toContain(devices.due1.id);
    });
  });

  it.runIf(mode === 'distributed')('has the worker set one job scheduler for the sweeps', async () => {
    const scheduled = await startWorker(workerEnv(15 * 60 * 1000), () => {}, { pushAgent: push.agent });
    try {
      const scheduler = await queue!.getJobScheduler(REMINDER_SCHEDULER_ID);
      expect(scheduler).toMatchObject({ name: SEND_REMINDERS_JOB, every: 15 * 60 * 1000 });
      expect(await queue!.getJobSchedulersCount()).toBe(1);
    } finally {
      await scheduled.close();
    }
  });
});
