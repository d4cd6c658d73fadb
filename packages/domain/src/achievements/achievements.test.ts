import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, achievements, MASTER_LESSON_COUNT } from './achievements.ts';

const none = { completedLessons: 0, averageAccuracy: 0, totalXP: 0 };
const unlocked = (facts: typeof none) =>
  achievements(facts)
    .filter((a) => a.unlocked)
    .map((a) => a.id);

describe('the six achievements', () => {
  it('pins the list and its Chinese names', () => {
    expect(ACHIEVEMENTS.map((a) => [a.id, a.name, a.requirement])).toEqual([
      ['first_lesson', '初試啼聲', '完成 1 課'],
      ['diligent', '勤奮好學', '完成 5 課'],
      ['scholar', '博學之士', '完成 10 課'],
      ['sharpshooter', '百發百中', '平均準確率達 90% 或以上'],
      ['experienced', '經驗豐富', '累積 2000 XP'],
      ['master', '文言大師', '完成 12 課'],
    ]);
    expect(MASTER_LESSON_COUNT).toBe(12);
  });

  it('unlocks nothing for a new learner', () => {
    expect(unlocked(none)).toEqual([]);
  });

  it('unlocks lesson achievements at 1, 5, 10 and 12 completed lessons', () => {
    expect(unlocked({ ...none, completedLessons: 1 })).toEqual(['first_lesson']);
    expect(unlocked({ ...none, completedLessons: 4 })).toEqual(['first_lesson']);
    expect(unlocked({ ...none, completedLessons: 5 })).toEqual(['first_lesson', 'diligent']);
    expect(unlocked({ ...none, completedLessons: 10 })).toEqual(['first_lesson', 'diligent', 'scholar']);
    expect(unlocked({ ...none, completedLessons: 11 })).not.toContain('master');
    expect(unlocked({ ...none, completedLessons: 12 })).toContain('master');
  });

  it('unlocks sharpshooter at 90 % average accuracy and experienced at 2000 XP', () => {
    expect(unlocked({ ...none, averageAccuracy: 89 })).toEqual([]);
    expect(unlocked({ ...none, averageAccuracy: 90 })).toEqual(['sharpshooter']);
    expect(unlocked({ ...none, totalXP: 1999 })).toEqual([]);
    expect(unlocked({ ...none, totalXP: 2000 })).toEqual(['experienced']);
  });

  it('tells the requirement of a locked badge and congratulates on an unlocked one', () => {
    const [first] = achievements({ ...none, completedLessons: 1 });
    expect(first?.toast).toBe('恭喜！你已解鎖「初試啼聲」');
    const [, second] = achievements(none);
    expect(second?.toast).toBe('尚未解鎖：完成 5 課');
  });
});
