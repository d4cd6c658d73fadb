import { describe, expect, it } from 'vitest';
import { seededRandom } from '../adaptive/adaptive.ts';
import {
  isRecitable,
  isValidRecitationRange,
  nextRecitablePosition,
  RECITATION_CHOICE_COUNT,
  RECITATION_GRADE_LABELS,
  RECITATION_GRADE_THRESHOLDS,
  RECITATION_PUNCTUATION,
  RECITATION_TIMINGS,
  RECITATION_TONES,
  RECITATION_WINDOW,
  recitableCount,
  recitationAccuracy,
  recitationChoices,
  recitationGrade,
  recitationWindow,
} from './recitation.ts';

const PASSAGE = '子曰：「學而時習之，不亦說乎？有朋自遠方來，不亦樂乎？人不知而不慍，不亦君子乎？」';
const COMMON = '之乎者也矣焉哉其而以於為所';

describe('recitation constants', () => {
  it('pins the spec figures', () => {
    expect(RECITATION_CHOICE_COUNT).toBe(12);
    expect(RECITATION_WINDOW).toBe(6);
    expect(RECITATION_TIMINGS).toEqual({ wrongFeedbackMs: 1500, correctAdvanceMs: 100, timerTickMs: 100 });
    expect(RECITATION_TONES).toEqual({
      correctHz: 800,
      wrongHz: 300,
      completeHz: 1000,
      durationSeconds: 0.2,
    });
    expect(RECITATION_GRADE_THRESHOLDS).toEqual({ excellent: 95, good: 85, pass: 70 });
  });
});

describe('recitationChoices', () => {
  it('gives 12 distinct choices including the correct character', () => {
    const choices = recitationChoices(PASSAGE, 4, COMMON, seededRandom(1));
    expect(choices).toHaveLength(12);
    expect(new Set(choices).size).toBe(12);
    expect(choices).toContain('學');
  });

  it('draws distractors from the passage and the common characters, never punctuation when enough', () => {
    const choices = recitationChoices(PASSAGE, 4, COMMON, seededRandom(7));
    for (const choice of choices) {
      expect(PASSAGE.includes(choice) || COMMON.includes(choice)).toBe(true);
      expect(isRecitable(choice)).toBe(true);
    }
  });

  it('accepts the common characters as a list of strings', () => {
    const choices = recitationChoices('學而', 0, ['之乎', '者也'], seededRandom(2));
    expect(choices).toEqual(expect.arrayContaining(['學', '而', '之', '乎', '者', '也']));
    expect(choices).toHaveLength(12);
  });

  it('fills with punctuation when characters run out', () => {
    const choices = recitationChoices('學而', 1, '', seededRandom(3));
    expect(choices).toHaveLength(12);
    expect(new Set(choices).size).toBe(12);
    expect(choices.filter((c) => (RECITATION_PUNCTUATION as readonly string[]).includes(c))).toHaveLength(10);
  });

  it('never offers the correct punctuation mark twice', () => {
    const choices = recitationChoices('學，', 1, '', seededRandom(4));
    expect(choices.filter((c) => c === '，')).toHaveLength(1);
    expect(new Set(choices).size).toBe(12);
  });

  it('is reproducible with the same seed and varies with another', () => {
    expect(recitationChoices(PASSAGE, 5, COMMON, seededRandom(42))).toEqual(
      recitationChoices(PASSAGE, 5, COMMON, seededRandom(42)),
    );
    expect(recitationChoices(PASSAGE, 5, COMMON, seededRandom(42))).not.toEqual(
      recitationChoices(PASSAGE, 5, COMMON, seededRandom(43)),
    );
  });

  it('places the correct character anywhere, even with a generator at its bounds', () => {
    expect(recitationChoices(PASSAGE, 4, COMMON, () => 0)[0]).toBe('學');
    expect(recitationChoices(PASSAGE, 4, COMMON, () => 0.999999)[11]).toBe('學');
    expect(recitationChoices(PASSAGE, 4, COMMON, () => 1)[11]).toBe('學');
    expect(recitationChoices(PASSAGE, 4, COMMON, () => Number.NaN)[0]).toBe('學');
  });

  it('is empty outside the text', () => {
    expect(recitationChoices(PASSAGE, 999, COMMON, seededRandom(1))).toEqual([]);
    expect(recitationChoices(PASSAGE, -1, COMMON, seededRandom(1))).toEqual([]);
  });
});

describe('recitationWindow: 6 characters either side', () => {
  it('shows the window', () => {
    expect(recitationWindow('一二三四五六七八九十甲乙丙丁', 7)).toEqual({
      before: '二三四五六七',
      current: '八',
      after: '九十甲乙丙丁',
    });
  });

  it('is cut at the edges', () => {
    expect(recitationWindow('一二三', 0)).toEqual({ before: '', current: '一', after: '二三' });
    expect(recitationWindow('一二三', 3)).toEqual({ before: '一二三', current: '', after: '' });
    expect(recitationWindow('一二三', -4)).toEqual({ before: '', current: '一', after: '二三' });
  });

  it('counts a character outside the Basic Multilingual Plane as one position', () => {
    expect(recitationWindow('𠀋文字', 1).current).toBe('文');
  });
});

describe('recitable characters and ranges', () => {
  it('skips punctuation and whitespace', () => {
    expect(isRecitable('學')).toBe(true);
    expect(isRecitable('，')).toBe(false);
    expect(isRecitable('\n')).toBe(false);
    expect(isRecitable('')).toBe(false);
    expect(nextRecitablePosition(PASSAGE, 2, 20)).toBe(4);
    expect(nextRecitablePosition('學，', 1, 2)).toBe(2);
    expect(nextRecitablePosition('學', -3, 1)).toBe(0);
    expect(nextRecitablePosition('學，', 1, 4)).toBe(4);
    expect(recitableCount(PASSAGE, 0, 10)).toBe(7);
  });

  it('needs start ≥ 0, end ≤ length and end > start', () => {
    expect(isValidRecitationRange(10, 0, 10)).toBe(true);
    expect(isValidRecitationRange(10, 3, 3)).toBe(false);
    expect(isValidRecitationRange(10, -1, 5)).toBe(false);
    expect(isValidRecitationRange(10, 0, 11)).toBe(false);
    expect(isValidRecitationRange(10, 0.5, 5)).toBe(false);
  });
});

describe('accuracy and grade', () => {
  it('is characters ÷ (characters + mistakes)', () => {
    expect(recitationAccuracy(20, 0)).toBe(100);
    expect(recitationAccuracy(19, 1)).toBe(95);
    expect(recitationAccuracy(10, 5)).toBe(67);
    expect(recitationAccuracy(0, 0)).toBe(0);
  });

  it.each([
    [100, 'excellent', '優秀'],
    [95, 'excellent', '優秀'],
    [94, 'good', '良好'],
    [85, 'good', '良好'],
    [84, 'pass', '合格'],
    [70, 'pass', '合格'],
    [69, 'needs_improvement', '有待改進'],
  ] as const)('%i%% grades %s', (accuracy, grade, label) => {
    expect(recitationGrade(accuracy)).toBe(grade);
    expect(RECITATION_GRADE_LABELS[grade]).toBe(label);
  });
});
