import { describe, expect, it } from 'vitest';
import {
  activeDays,
  errorBookStats,
  isLessonComplete,
  LESSON_COMPLETION_PERCENT,
  learnerAccuracy,
  lessonProgressPercent,
  minutesFromSeconds,
  nodeAvailabilityLabel,
  percent,
  QUICK_PRACTICE,
  quickPracticeGuidance,
  quickPracticeMinutes,
  READING_CHARACTERS_PER_MINUTE,
  readingMinutes,
  SESSION_QUESTION_LIMIT,
} from './progress.ts';

describe("lesson progress: questions completed ÷ the lesson's questions, capped at 100 %", () => {
  it.each([
    [0, 37, 0],
    [8, 37, 22],
    [6, 12, 50],
    [16, 20, 80],
    [15, 12, 100],
    [3, 0, 0],
    [-2, 20, 0],
  ])('%i of %i questions show %i %%', (done, total, shown) => {
    expect(lessonProgressPercent(done, total)).toBe(shown);
  });

  it('shows 80 % exactly when the completion rule is met', () => {
    for (const total of [5, 10, 20, 37]) {
      for (let done = 0; done <= total; done++) {
        expect(lessonProgressPercent(done, total) >= LESSON_COMPLETION_PERCENT).toBe(
          isLessonComplete(done, total),
        );
      }
    }
  });
});

describe('reading minutes: characters ÷ 200, rounded up', () => {
  it('pins the reading speed and rounds up', () => {
    expect(READING_CHARACTERS_PER_MINUTE).toBe(200);
    expect(readingMinutes(0)).toBe(0);
    expect(readingMinutes(1)).toBe(1);
    expect(readingMinutes(200)).toBe(1);
    expect(readingMinutes(201)).toBe(2);
    expect(readingMinutes(-5)).toBe(0);
  });
});

describe('lesson completion at 80 %', () => {
  it('pins the threshold', () => {
    expect(LESSON_COMPLETION_PERCENT).toBe(80);
  });

  it('completes at exactly 80 % and not below', () => {
    expect(isLessonComplete(16, 20)).toBe(true);
    expect(isLessonComplete(15, 20)).toBe(false);
    expect(isLessonComplete(4, 5)).toBe(true);
    expect(isLessonComplete(3, 5)).toBe(false);
    expect(isLessonComplete(8, 10)).toBe(true);
  });

  it('never completes a lesson without questions', () => {
    expect(isLessonComplete(0, 0)).toBe(false);
  });
});

describe('statistics', () => {
  it('rounds percentages and returns 0 with nothing to count', () => {
    expect(percent(2, 3)).toBe(67);
    expect(percent(0, 0)).toBe(0);
  });

  it("takes a learner's accuracy as the mean of the lessons answered, to one decimal, 0 without any", () => {
    expect(learnerAccuracy([{ accuracy: 90 }, { accuracy: 85 }])).toBe(87.5);
    expect(learnerAccuracy([{ accuracy: 100 }, { accuracy: 50 }, { accuracy: 50 }])).toBe(66.7);
    expect(learnerAccuracy([])).toBe(0);
  });

  it("counts the error book's open and mastered records and the share mastered", () => {
    expect(errorBookStats([{ isActive: true }, { isActive: false }, { isActive: false }])).toEqual({
      activeCount: 1,
      masteredCount: 2,
      improvementRate: 67,
      totalErrors: 3,
    });
    expect(errorBookStats([])).toEqual({
      activeCount: 0,
      masteredCount: 0,
      improvementRate: 0,
      totalErrors: 0,
    });
  });

  it('counts active days as records with questions completed', () => {
    expect(
      activeDays([{ questionsCompleted: 0 }, { questionsCompleted: 2 }, { questionsCompleted: 1 }]),
    ).toBe(2);
  });

  it('shows vocabulary time as rounded minutes', () => {
    expect(minutesFromSeconds(89)).toBe(1);
    expect(minutesFromSeconds(90)).toBe(2);
  });
});

describe('roadmap node availability', () => {
  it('wants 8 questions per session', () => {
    expect(SESSION_QUESTION_LIMIT).toBe(8);
    expect(nodeAvailabilityLabel(8)).toBe('8 個練習');
    expect(nodeAvailabilityLabel(12)).toBe('8 個練習');
    expect(nodeAvailabilityLabel(5)).toBe('尚需 3 題 (5/8)');
    expect(nodeAvailabilityLabel(-1)).toBe('尚需 8 題 (0/8)');
  });
});

describe('quick practice', () => {
  it('pins the slider', () => {
    expect(QUICK_PRACTICE).toEqual({ min: 5, max: 20, step: 5, default: 10, minutesPerQuestion: 1.5 });
  });

  it('estimates ceil(count × 1.5) minutes', () => {
    expect(quickPracticeMinutes(5)).toBe(8);
    expect(quickPracticeMinutes(10)).toBe(15);
    expect(quickPracticeMinutes(15)).toBe(23);
    expect(quickPracticeMinutes(20)).toBe(30);
  });

  it('guides by count', () => {
    expect(quickPracticeGuidance(5)).toBe('快速複習');
    expect(quickPracticeGuidance(10)).toBe('快速複習');
    expect(quickPracticeGuidance(15)).toBe('標準練習');
    expect(quickPracticeGuidance(20)).toBe('深度練習');
  });
});
