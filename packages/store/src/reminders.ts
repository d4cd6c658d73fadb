/**
 * The daily reminder's sweep: finds the learners whose chosen hour (Hong Kong) has come today, asks the
 * domain whether and what to send (`decideReminder`), claims the learner's day (the once-a-day bound,
 * kept in `reminders_sent` so restarts and several workers send it once), and pushes it to each of the
 * learner's devices through `web-push` (VAPID-signed, the payload encrypted for the device). An endpoint
 * the push service answers 404 or 410 for is forgotten. The worker runs it from a BullMQ job scheduler;
 * the embedded server runs it on a timer.
 */
import type { Agent } from 'node:https';
import { decideReminder, hongKongDate, hongKongHour, type ReminderMessage } from '@wenyan/domain';
import webpush from 'web-push';
import type { Db } from './db.ts';
import {
  claimReminderDay,
  deletePushEndpoint,
  ensureVapidKeys,
  findReminderCandidates,
  type PushTarget,
  pushTargetsOf,
  recordReminderDevices,
  releaseReminderDay,
  type VapidKeys,
} from './push-repo.ts';
import { countDueReviews } from './read-models/reviews-due.ts';

/** How often the sweep runs by default: every 15 minutes, so a reminder goes within 15 minutes of its hour. */
export const REMINDER_INTERVAL_MS = 15 * 60 * 1000;

/** Learners whose reminders are pushed at once within a sweep. */
const LEARNERS_AT_ONCE = 16;

/** What pushing to one device came to: delivered, gone for good (forget it), or failed for now. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** Pushes a reminder to one device. */
export type PushSend = (
  target: PushTarget,
  message: ReminderMessage,
  ttlSeconds: number,
) => Promise<PushOutcome>;

export interface WebPushOptions {
  /** The VAPID subject: a `mailto:` address or an https URL the push services may contact. */
  subject: string;
  /** The HTTPS agent to push through (tests trust their local push service's certificate with one). */
  agent?: Agent | undefined;
  timeoutMs?: number;
}

/** The notification's payload, as the service worker's push handler reads it (`public/push-sw.js`). */
export function reminderPayload(message: ReminderMessage): string {
  return JSON.stringify({
    title: message.title,
    body: message.body,
    url: message.url,
    tag: 'wyt-daily-reminder',
  });
}

/** A `PushSend` through `web-push` with the deployment's VAPID keys. */
export function webPushSender(keys: VapidKeys, options: WebPushOptions): PushSend {
  return async (target, message, ttlSeconds) => {
    try {
      await webpush.sendNotification(target, reminderPayload(message), {
        vapidDetails: { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: ttlSeconds,
        urgency: 'normal',
        topic: 'daily-reminder',
        timeout: options.timeoutMs ?? 10_000,
        ...(options.agent ? { agent: options.agent } : {}),
      });
      return 'sent';
    } catch (err) {
      if (err instanceof webpush.WebPushError && (err.statusCode === 404 || err.statusCode === 410))
        return 'gone';
      return 'failed';
    }
  };
}

export interface ReminderSweepResult {
  /** Learners whose hour had come and who had not had today's reminder. */
  considered: number;
  /** Learners reminded (at least one device took it). */
  reminded: number;
  /** Devices that took a reminder. */
  delivered: number;
  /** Endpoints forgotten because the push service said they are gone. */
  gone: number;
  /** Devices that could not be reached this time. */
  failed: number;
}

export interface ReminderSweepOptions extends WebPushOptions {
  now: Date;
  /** Overrides the web-push sender (the keys are then not read). */
  send?: PushSend;
  /** Learners read per page. */
  pageSize?: number;
}

/** Seconds from `now` to the end of the Hong Kong day `day` (at least a minute): the reminder's TTL. */
function secondsLeftInDay(day: string, now: Date): number {
  const midnight = Date.parse(`${day}T00:00:00+08:00`) + 24 * 60 * 60 * 1000;
  return Math.max(60, Math.floor((midnight - now.getTime()) / 1000));
}

/**
 * Sends the reminders due at `now`, each learner at most once per Hong Kong day, and only when the
 * domain says there is something to say (reviews due, or a streak at risk).
 */
export async function sendDueReminders(db: Db, options: ReminderSweepOptions): Promise<ReminderSweepResult> {
  const { now } = options;
  const send = options.send ?? webPushSender(await ensureVapidKeys(db), options);
  const day = hongKongDate(now.getTime());
  const hour = hongKongHour(now.getTime());
  const ttl = secondsLeftInDay(day, now);
  const result: ReminderSweepResult = { considered: 0, reminded: 0, delivered: 0, gone: 0, failed: 0 };
  let after: string | null = null;
  for (;;) {
    const page = await findReminderCandidates(db, {
      day,
      hour,
      afterUserId: after,
      limit: options.pageSize ?? 200,
    });
    if (page.length === 0) return result;
    after = page[page.length - 1]?.userId ?? null;
    const ids = page.map((c) => c.userId);
    const [due, targets] = await Promise.all([countDueReviews(db, ids, now), pushTargetsOf(db, ids)]);
    const remind = async (candidate: (typeof page)[number]) => {
      result.considered += 1;
      const decision = decideReminder(
        {
          enabled: true,
          hour: candidate.hour,
          lastSentDay: candidate.lastSentDay,
          dueCount: due.get(candidate.userId) ?? 0,
          streakDays: candidate.streakDays,
          lastActiveDate: candidate.lastActiveDate,
        },
        now.getTime(),
      );
      const devices = targets.get(candidate.userId) ?? [];
      if (!decision.send || devices.length === 0) return;
      const { message } = decision;
      // The claim comes first: of two workers (or a restart mid-sweep) only one sends the day's reminder.
      const claimed = await claimReminderDay(db, candidate.userId, decision.day, {
        kind: message.kind,
        dueCount: message.dueCount,
        streakDays: message.streakDays,
      });
      if (!claimed) return;
      const outcomes = await Promise.all(devices.map((device) => send(device, message, ttl)));
      let delivered = 0;
      for (const [i, outcome] of outcomes.entries()) {
        if (outcome === 'sent') delivered += 1;
        else if (outcome === 'gone') {
          result.gone += 1;
          await deletePushEndpoint(db, devices[i]!.endpoint);
        } else result.failed += 1;
      }
      result.delivered += delivered;
      if (delivered > 0) {
        result.reminded += 1;
        await recordReminderDevices(db, candidate.userId, decision.day, delivered);
      } else if (outcomes.includes('failed')) {
        // No device took it and some may later: give the day back so the next sweep tries again.
        await releaseReminderDay(db, candidate.userId, decision.day);
      }
    };
    // A few learners at a time: a slow push service delays a sweep, not every reminder after it.
    for (let i = 0; i < page.length; i += LEARNERS_AT_ONCE) {
      await Promise.all(page.slice(i, i + LEARNERS_AT_ONCE).map(remind));
    }
    if (page.length < (options.pageSize ?? 200)) return result;
  }
}
