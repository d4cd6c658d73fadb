/**
 * Daily streak rules (spec part 2 §4 and §9, part 1 §9). Days are Hong Kong calendar days: a
 * streak continues when the learner was active yesterday and is broken after a whole day without
 * activity. Every function takes `now`; none reads a clock.
 */
import { daysBetween, type HongKongDay, hongKongDate } from '../time/hong-kong.ts';

/** Streak lengths that earn the streak bonus and appear on the streak page's milestone list. */
export const STREAK_MILESTONES = [3, 7, 14, 30, 50, 100] as const;

/** Streak titles, from the longest streak down; the first whose `from` is reached applies. */
export const STREAK_TITLES = [
  { from: 100, title: '百日大師' },
  { from: 50, title: '堅持達人' },
  { from: 30, title: '月度冠軍' },
  { from: 14, title: '兩週鬥士' },
  { from: 7, title: '一週英雄' },
  { from: 3, title: '三日勇士' },
  { from: 0, title: '初學者' },
] as const;

/** What the first action of a day does to the streak. */
export type StreakStep =
  | { readonly kind: 'same_day' }
  | { readonly kind: 'extended'; readonly streakDays: number }
  | { readonly kind: 'reset'; readonly streakDays: 1 };

/**
 * The streak after an action on `today`, given the last active day and the current streak.
 * An action on the last active day (or earlier, if clocks disagree) changes nothing.
 */
export function stepStreak(
  streakDays: number,
  lastActiveDay: HongKongDay | null,
  today: HongKongDay,
): StreakStep {
  if (lastActiveDay === null) return { kind: 'reset', streakDays: 1 };
  const gap = daysBetween(lastActiveDay, today);
  if (gap <= 0) return { kind: 'same_day' };
  if (gap === 1) return { kind: 'extended', streakDays: streakDays + 1 };
  return { kind: 'reset', streakDays: 1 };
}

/** The milestone reached exactly at `streakDays`, or null. */
export function milestoneReachedAt(streakDays: number): number | null {
  return STREAK_MILESTONES.find((m) => m === streakDays) ?? null;
}

/** The title of a streak of `streakDays` days. */
export function streakTitle(streakDays: number): string {
  return (
    STREAK_TITLES.find((t) => streakDays >= t.from)?.title ?? STREAK_TITLES[STREAK_TITLES.length - 1]!.title
  );
}

/** The milestone list of the streak page. */
export function streakMilestones(
  streakDays: number,
): ReadonlyArray<{ readonly days: number; readonly label: string; readonly reached: boolean }> {
  return STREAK_MILESTONES.map((days) => ({ days, label: `${days} 天`, reached: streakDays >= days }));
}

/** The next milestone still ahead, or null after the last one. */
export function nextStreakMilestone(streakDays: number): number | null {
  return STREAK_MILESTONES.find((m) => m > streakDays) ?? null;
}

/** Calendar days since the last activity, or null when there never was one. */
function daysSince(lastActiveDate: string | null, now: string | number): number | null {
  if (lastActiveDate === null || lastActiveDate === '') return null;
  return daysBetween(hongKongDate(lastActiveDate), hongKongDate(now));
}

/** Status of the streak page: none yet, studied today, studied yesterday (study today!), broken. */
export type StreakPageStatus = 'start' | 'active' | 'at_risk' | 'broken';

export const STREAK_PAGE_STATUS_LABELS: Readonly<Record<StreakPageStatus, string>> = {
  start: '開始建立你的連續學習紀錄！',
  active: '連續學習進行中，做得好！',
  at_risk: '今天記得學習，保持連續紀錄！',
  broken: '連續紀錄已中斷，今天重新開始吧！',
};

/**
 * The streak page's status. `lastActiveDate` is an ISO time or a `YYYY-MM-DD` Hong Kong day.
 * @example streakPageStatus(4, '2024-05-01', '2024-05-02T10:00:00+08:00') // 'at_risk'
 */
export function streakPageStatus(
  streakDays: number,
  lastActiveDate: string | null,
  now: string | number,
): StreakPageStatus {
  const gap = daysSince(lastActiveDate, now);
  if (gap === null || streakDays <= 0) return 'start';
  if (gap <= 0) return 'active';
  if (gap === 1) return 'at_risk';
  return 'broken';
}

/** Status of the streak badge of the leaderboard and the profile (no "study today" branch there). */
export type StreakBadgeStatus = 'start' | 'in_progress' | 'broken';

export const STREAK_BADGE_STATUSES: Readonly<
  Record<StreakBadgeStatus, { readonly label: string; readonly colour: 'grey' | 'green' | 'red' }>
> = {
  start: { label: '開始連續學習', colour: 'grey' },
  in_progress: { label: '連續學習中', colour: 'green' },
  broken: { label: '連續紀錄中斷', colour: 'red' },
};

/**
 * The leaderboard's and profile's streak status: the streak page's, with its active and at-risk days
 * (the last activity today or yesterday) both in progress.
 */
export function streakBadgeStatus(
  streakDays: number,
  lastActiveDate: string | null,
  now: string | number,
): StreakBadgeStatus {
  const status = streakPageStatus(streakDays, lastActiveDate, now);
  return status === 'active' || status === 'at_risk' ? 'in_progress' : status;
}

/** The streak to show: the stored streak if the last activity was today or yesterday, else 0. */
export function effectiveStreakDays(
  streakDays: number,
  lastActiveDate: string | null,
  now: string | number,
): number {
  return streakBadgeStatus(streakDays, lastActiveDate, now) === 'in_progress' ? streakDays : 0;
}

/** The four motivational bands of the streak page: 0, under 7, under 30, 30 or more. */
export function motivationalMessage(streakDays: number): string {
  if (streakDays <= 0) return '每一位文言高手都由第一天開始，今天就踏出第一步吧！';
  if (streakDays < 7) return '好的開始！堅持每天溫習，習慣自然養成。';
  if (streakDays < 30) return '做得好！你的堅持正一點一滴累積成果。';
  return '了不起！持之以恆，你已是真正的學習達人。';
}

/** The broken-streak modal of the leaderboard. */
export const STREAK_BROKEN_MODAL = {
  title: '連續紀錄中斷了',
  message: '別氣餒，今天就開始建立新的學習習慣吧！',
  close: '關閉',
  restart: '重新開始',
} as const;
