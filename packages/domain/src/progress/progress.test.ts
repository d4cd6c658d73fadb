import { describe, expect, it } from 'vitest';
import {
  activeDays,
  averageAccuracy,
  isLessonComplete,
  LESSON_COMPLETION_PERCENT,
  LESSON_PROGRESS_QUESTIONS,
  lessonCompletionPercent,
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

describe('lesson progress: questionsCompleted ÷ 20, capped at 100 %', () => {
  it('pins the denominator', () => {
    expect(LESSON_PROGRESS_QUESTIONS).toBe(20);
  });

  it.each([
    [0, 0],
    [1, 5],
    [7, 35],
    [20, 100],
    [35, 100],
    [-2, 0],
  ])('%i questions completed show %i %%', (done, shown) => {
    expect(lessonProgressPercent(done)).toBe(shown);
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

  it('shows completion against the lesson bank, capped', () => {
    expect(lessonCompletionPercent(6, 12)).toBe(50);
    expect(lessonCompletionPercent(15, 12)).toBe(100);
    expect(lessonCompletionPercent(3, 0)).toBe(0);
  });
});

describe('statistics', () => {
  it('rounds percentages and returns 0 with nothing to count', () => {
    expect(percent(2, 3)).toBe(67);
    expect(percent(0, 0)).toBe(0);
  });

  it('averages accuracy as a rounded mean, 0 without records', () => {
    expect(averageAccuracy([{ accuracy: 90 }, { accuracy: 85 }])).toBe(88);
    expect(averageAccuracy([])).toBe(0);
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
