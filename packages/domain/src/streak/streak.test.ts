import { describe, expect, it } from 'vitest';
import {
  effectiveStreakDays,
  milestoneReachedAt,
  motivationalMessage,
  nextStreakMilestone,
  STREAK_BADGE_STATUSES,
  STREAK_BROKEN_MODAL,
  STREAK_MILESTONES,
  STREAK_PAGE_STATUS_LABELS,
  STREAK_TITLES,
  stepStreak,
  streakBadgeStatus,
  streakMilestones,
  streakPageStatus,
  streakTitle,
} from './streak.ts';

const NOW = '2024-05-10T12:00:00+08:00';

describe('stepStreak: the first action of a Hong Kong day', () => {
  it('starts a first streak at 1', () => {
    expect(stepStreak(0, null, '2024-05-10')).toEqual({ kind: 'reset', streakDays: 1 });
  });

  it('extends the streak when the last active day was yesterday', () => {
    expect(stepStreak(4, '2024-05-09', '2024-05-10')).toEqual({ kind: 'extended', streakDays: 5 });
    expect(stepStreak(4, '2024-02-29', '2024-03-01')).toEqual({ kind: 'extended', streakDays: 5 });
  });

  it('changes nothing on the same day, or when the clock is behind the last active day', () => {
    expect(stepStreak(4, '2024-05-10', '2024-05-10')).toEqual({ kind: 'same_day' });
    expect(stepStreak(4, '2024-05-11', '2024-05-10')).toEqual({ kind: 'same_day' });
  });

  it('resets to 1 after a missed day', () => {
    expect(stepStreak(9, '2024-05-08', '2024-05-10')).toEqual({ kind: 'reset', streakDays: 1 });
  });
});

describe('milestones', () => {
  it('pins the milestones', () => {
    expect(STREAK_MILESTONES).toEqual([3, 7, 14, 30, 50, 100]);
  });

  it('names the milestone reached on its exact day only', () => {
    expect(milestoneReachedAt(3)).toBe(3);
    expect(milestoneReachedAt(100)).toBe(100);
    expect(milestoneReachedAt(4)).toBeNull();
    expect(milestoneReachedAt(101)).toBeNull();
  });

  it('lists the milestones with those reached', () => {
    expect(streakMilestones(14).map((m) => [m.days, m.reached])).toEqual([
      [3, true],
      [7, true],
      [14, true],
      [30, false],
      [50, false],
      [100, false],
    ]);
    expect(streakMilestones(0)[0]?.label).toBe('3 天');
  });

  it('knows the next milestone', () => {
    expect(nextStreakMilestone(0)).toBe(3);
    expect(nextStreakMilestone(3)).toBe(7);
    expect(nextStreakMilestone(100)).toBeNull();
  });
});

describe('streak titles', () => {
  it('pins the thresholds', () => {
    expect(STREAK_TITLES.map((t) => t.from)).toEqual([100, 50, 30, 14, 7, 3, 0]);
  });

  it.each([
    [0, '初學者'],
    [2, '初學者'],
    [3, '三日勇士'],
    [6, '三日勇士'],
    [7, '一週英雄'],
    [14, '兩週鬥士'],
    [29, '兩週鬥士'],
    [30, '月度冠軍'],
    [50, '堅持達人'],
    [99, '堅持達人'],
    [100, '百日大師'],
    [365, '百日大師'],
    [-1, '初學者'],
  ])('a %i-day streak is titled %s', (days, title) => {
    expect(streakTitle(days)).toBe(title);
  });
});

describe('streak page status', () => {
  it('asks to start a streak when there is none', () => {
    expect(streakPageStatus(0, '2024-05-10', NOW)).toBe('start');
    expect(streakPageStatus(3, null, NOW)).toBe('start');
    expect(streakPageStatus(3, '', NOW)).toBe('start');
  });

  it('is active when the learner studied today (Hong Kong time)', () => {
    expect(streakPageStatus(3, '2024-05-10T01:00:00+08:00', NOW)).toBe('active');
    expect(streakPageStatus(3, '2024-05-09T16:30:00Z', NOW)).toBe('active');
  });

  it('asks to study today when the last activity was yesterday', () => {
    expect(streakPageStatus(3, '2024-05-09', NOW)).toBe('at_risk');
  });

  it('is broken after a whole day without activity', () => {
    expect(streakPageStatus(3, '2024-05-08T23:59:00+08:00', NOW)).toBe('broken');
  });

  it('has a Chinese message for each status', () => {
    expect(Object.keys(STREAK_PAGE_STATUS_LABELS)).toEqual(['start', 'active', 'at_risk', 'broken']);
    expect(STREAK_PAGE_STATUS_LABELS.at_risk).toContain('今天');
  });
});

describe('leaderboard and profile streak status', () => {
  it('is start (grey) without a last active date or with 0 days', () => {
    expect(streakBadgeStatus(0, '2024-05-10', NOW)).toBe('start');
    expect(streakBadgeStatus(5, null, NOW)).toBe('start');
    expect(STREAK_BADGE_STATUSES.start.colour).toBe('grey');
  });

  it('is in progress (green) when the last activity was today or yesterday', () => {
    expect(streakBadgeStatus(5, '2024-05-10', NOW)).toBe('in_progress');
    expect(streakBadgeStatus(5, '2024-05-09', NOW)).toBe('in_progress');
    expect(STREAK_BADGE_STATUSES.in_progress.colour).toBe('green');
  });

  it('is broken (red) otherwise', () => {
    expect(streakBadgeStatus(5, '2024-05-08', NOW)).toBe('broken');
    expect(STREAK_BADGE_STATUSES.broken).toEqual({ label: '連續紀錄中斷', colour: 'red' });
  });

  it('shows the streak only while it counts', () => {
    expect(effectiveStreakDays(5, '2024-05-09', NOW)).toBe(5);
    expect(effectiveStreakDays(5, '2024-05-08', NOW)).toBe(0);
    expect(effectiveStreakDays(5, null, NOW)).toBe(0);
  });

  it('has the broken-streak modal texts', () => {
    expect(STREAK_BROKEN_MODAL.title).toBe('連續紀錄中斷了');
  });
});

describe('motivational message bands: 0, under 7, under 30, 30 or more', () => {
  it('changes exactly at the band edges', () => {
    const zero = motivationalMessage(0);
    const early = motivationalMessage(1);
    const middle = motivationalMessage(7);
    const long = motivationalMessage(30);
    expect(new Set([zero, early, middle, long]).size).toBe(4);
    expect(motivationalMessage(6)).toBe(early);
    expect(motivationalMessage(29)).toBe(middle);
    expect(motivationalMessage(365)).toBe(long);
    expect(motivationalMessage(-3)).toBe(zero);
  });
});
