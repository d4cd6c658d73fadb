/**
 * The profile's six achievements (spec part 2 §9).
 */

export type AchievementId =
  | 'first_lesson'
  | 'diligent'
  | 'scholar'
  | 'sharpshooter'
  | 'experienced'
  | 'master';

export type AchievementFacts = {
  readonly completedLessons: number;
  /** Rounded mean accuracy over the learner's stats records, 0 to 100. */
  readonly averageAccuracy: number;
  readonly totalXP: number;
};

export type AchievementDefinition = {
  readonly id: AchievementId;
  readonly name: string;
  readonly requirement: string;
  readonly isUnlocked: (facts: AchievementFacts) => boolean;
};

/** Lessons to complete for the master achievement (the spec's "all 12 lessons"). */
export const MASTER_LESSON_COUNT = 12;

/** An achievement for completing `count` lessons. */
const lessonsCompleted = (id: AchievementId, name: string, count: number): AchievementDefinition => ({
  id,
  name,
  requirement: `完成 ${count} 課`,
  isUnlocked: (f) => f.completedLessons >= count,
});

export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  lessonsCompleted('first_lesson', '初試啼聲', 1),
  lessonsCompleted('diligent', '勤奮好學', 5),
  lessonsCompleted('scholar', '博學之士', 10),
  {
    id: 'sharpshooter',
    name: '百發百中',
    requirement: '平均準確率達 90% 或以上',
    isUnlocked: (f) => f.averageAccuracy >= 90,
  },
  {
    id: 'experienced',
    name: '經驗豐富',
    requirement: '累積 2000 XP',
    isUnlocked: (f) => f.totalXP >= 2000,
  },
  lessonsCompleted('master', '文言大師', MASTER_LESSON_COUNT),
];

export type AchievementStatus = {
  readonly id: AchievementId;
  readonly name: string;
  readonly requirement: string;
  readonly unlocked: boolean;
  /** The toast shown when the badge is tapped. */
  readonly toast: string;
};

/** The six badges with their state and tap toast. */
export function achievements(facts: AchievementFacts): AchievementStatus[] {
  return ACHIEVEMENTS.map((a) => {
    const unlocked = a.isUnlocked(facts);
    return {
      id: a.id,
      name: a.name,
      requirement: a.requirement,
      unlocked,
      toast: unlocked ? `恭喜！你已解鎖「${a.name}」` : `尚未解鎖：${a.requirement}`,
    };
  });
}
