/**
 * The daily reminder (Web Push): whether a learner who opted in gets one now, and what it says. At most
 * one a Hong Kong day, from the hour the learner chose, and only when there is something to say:
 * reviews are due, or a streak ends at midnight unless the learner practises today. Pure: the facts and
 * `now` come in; the store finds the facts and records what was sent.
 */
import { streakPageStatus } from '../streak/streak.ts';
import { type HongKongDay, hongKongDate, hongKongHour } from '../time/hong-kong.ts';

/** The hour (Hong Kong time) a reminder goes from when the learner has not chosen one: 19:00. */
export const REMINDER_DEFAULT_HOUR = 19;

/** Where a click on the reminder opens the app: the lobby, where 今日複習 and the texts are. */
export const REMINDER_OPEN_PATH = '/';
/** Where a reminder about due reviews opens: the review session itself. */
export const REVIEW_OPEN_PATH = '/review';

/** What the store knows about a learner when it asks. */
export interface ReminderFacts {
  /** The learner turned the reminder on (it is opt-in; off by default). */
  readonly enabled: boolean;
  /** The Hong Kong hour (0–23) from which the day's reminder may go. */
  readonly hour: number;
  /** The Hong Kong day of the last reminder sent, or null when none ever was. */
  readonly lastSentDay: HongKongDay | null;
  /** Reviews due now. */
  readonly dueCount: number;
  /** The stored streak and the last active day (an ISO time or a `YYYY-MM-DD` Hong Kong day). */
  readonly streakDays: number;
  readonly lastActiveDate: string | null;
}

export type ReminderKind = 'due' | 'streak' | 'due_and_streak';

/** The notification: its title and body in Traditional Chinese, and the path a click opens. */
export interface ReminderMessage {
  readonly kind: ReminderKind;
  readonly title: string;
  readonly body: string;
  readonly url: string;
  readonly dueCount: number;
  readonly streakDays: number;
}

export type ReminderSkip = 'not_opted_in' | 'before_hour' | 'already_sent' | 'nothing_to_say';

export type ReminderDecision =
  | { readonly send: false; readonly reason: ReminderSkip }
  | { readonly send: true; readonly day: HongKongDay; readonly message: ReminderMessage };

/** True when the streak survives only if the learner practises today (active yesterday, not yet today). */
export function streakAtRisk(
  streakDays: number,
  lastActiveDate: string | null,
  now: string | number,
): boolean {
  return streakPageStatus(streakDays, lastActiveDate, now) === 'at_risk';
}

/** The reminder's words for what there is to say. */
export function reminderMessage(dueCount: number, streakDays: number, kind: ReminderKind): ReminderMessage {
  const base = { kind, dueCount, streakDays, url: kind === 'streak' ? REMINDER_OPEN_PATH : REVIEW_OPEN_PATH };
  switch (kind) {
    case 'due':
      return { ...base, title: '今日複習', body: `今日有 ${dueCount} 張卡要複習，花幾分鐘溫習吧！` };
    case 'streak':
      return {
        ...base,
        title: '保持連續學習',
        body: `你已連續學習 ${streakDays} 日，今日仍未練習，記得在午夜前完成一題！`,
      };
    case 'due_and_streak':
      return {
        ...base,
        title: '今日複習',
        body: `今日有 ${dueCount} 張卡要複習；你已連續學習 ${streakDays} 日，今日仍未練習。`,
      };
  }
}

/**
 * Whether to send the learner's reminder now, and what it says.
 * @example decideReminder({ enabled: true, hour: 19, lastSentDay: null, dueCount: 3, streakDays: 0,
 *   lastActiveDate: null }, '2024-05-02T11:00:00Z') // send: 今日有 3 張卡要複習…
 */
export function decideReminder(facts: ReminderFacts, now: string | number): ReminderDecision {
  if (!facts.enabled) return { send: false, reason: 'not_opted_in' };
  const today = hongKongDate(now);
  if (facts.lastSentDay !== null && facts.lastSentDay >= today)
    return { send: false, reason: 'already_sent' };
  if (hongKongHour(now) < facts.hour) return { send: false, reason: 'before_hour' };
  const due = facts.dueCount > 0;
  const atRisk = streakAtRisk(facts.streakDays, facts.lastActiveDate, now);
  if (!due && !atRisk) return { send: false, reason: 'nothing_to_say' };
  const kind: ReminderKind = due && atRisk ? 'due_and_streak' : due ? 'due' : 'streak';
  return { send: true, day: today, message: reminderMessage(facts.dueCount, facts.streakDays, kind) };
}
