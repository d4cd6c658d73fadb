import { describe, expect, it } from 'vitest';
import {
  answerPieces,
  CHOICE_QUESTION_TYPES,
  gradeAnswer,
  KEYWORD_MATCH_PERCENT,
  keywordAlternatives,
  requiredMatches,
} from './grading.ts';

describe('choice questions: exact equality', () => {
  const question = { type: 'word_interpretation', correctAnswer: '喜悅', keywords: null };

  it('is correct only for the exact option', () => {
    expect(gradeAnswer(question, '喜悅')).toEqual({ isCorrect: true, method: 'choice' });
    expect(gradeAnswer(question, '喜悅 ').isCorrect).toBe(false);
    expect(gradeAnswer(question, '喜').isCorrect).toBe(false);
  });

  it('covers the choice types of the content and of past papers', () => {
    expect(CHOICE_QUESTION_TYPES).toEqual(
      expect.arrayContaining([
        'word_interpretation',
        'theme_understanding',
        'writing_techniques',
        'cultural_knowledge',
        'multiple_choice',
      ]),
    );
    expect(gradeAnswer({ type: 'multiple_choice', correctAnswer: 'A' }, 'a').isCorrect).toBe(false);
  });
});

describe('sentence_memorization, and sentence_translation without keywords: trimmed, lower-cased equality', () => {
  it('ignores surrounding spaces and case', () => {
    const q = { type: 'sentence_memorization', correctAnswer: '學而時習之', keywords: null };
    expect(gradeAnswer(q, '  學而時習之 ')).toEqual({ isCorrect: true, method: 'exact_text' });
    expect(
      gradeAnswer({ type: 'sentence_translation', correctAnswer: 'Learn It', keywords: [] }, 'learn it ')
        .isCorrect,
    ).toBe(true);
    expect(gradeAnswer(q, '學而時習').isCorrect).toBe(false);
  });
});

describe('sentence_translation with keywords: at least ceil(70 %) of the keywords', () => {
  const q = {
    type: 'sentence_translation',
    correctAnswer: '君子處於困境時仍堅守節操。',
    keywords: ['君子', '困境|窮困', '堅守|堅持', '節操|操守'],
  };

  it('needs 3 of 4 keywords, any alternative counting', () => {
    const result = gradeAnswer(q, '有德的君子即使窮困，也會堅持操守');
    expect(result).toEqual({
      isCorrect: true,
      method: 'keywords',
      matchedKeywords: ['君子', '困境|窮困', '堅守|堅持', '節操|操守'],
      requiredKeywords: 3,
      totalKeywords: 4,
    });
    expect(gradeAnswer(q, '君子處困境而不改').isCorrect).toBe(false);
    expect(gradeAnswer(q, '君子處困境而堅守').isCorrect).toBe(true);
  });

  it('ignores blank keywords and blank alternatives', () => {
    expect(keywordAlternatives(' 困境 | |窮困 ')).toEqual(['困境', '窮困']);
    const blanks = { type: 'sentence_translation', correctAnswer: '甲', keywords: ['  ', '|'] };
    expect(gradeAnswer(blanks, '甲').method).toBe('exact_text');
  });
});

describe('other free text: the pieces of the correct answer, ceil(70 %) of them', () => {
  it('splits on ，。、 and whitespace and drops pieces of one character', () => {
    expect(answerPieces('學而時習之，不亦說乎。有朋、自遠方來 人不知而不慍 乎')).toEqual([
      '學而時習之',
      '不亦說乎',
      '有朋',
      '自遠方來',
      '人不知而不慍',
    ]);
  });

  it('is correct when enough pieces appear in the answer', () => {
    const q = { type: 'short_answer', correctAnswer: '仁者愛人，克己復禮，天下歸仁' };
    const result = gradeAnswer(q, '仁者愛人，而且要克己復禮');
    expect(result).toMatchObject({
      isCorrect: false,
      requiredKeywords: 3,
      matchedKeywords: ['仁者愛人', '克己復禮'],
    });
    expect(gradeAnswer(q, '仁者愛人；克己復禮；天下歸仁').isCorrect).toBe(true);
    expect(gradeAnswer({ type: 'fill_in_blank', correctAnswer: '三顧，茅廬' }, '三顧茅廬').method).toBe(
      'answer_pieces',
    );
  });

  it('falls back to trimmed equality when no piece is left', () => {
    const q = { type: 'fill_in_blank', correctAnswer: '仁' };
    expect(gradeAnswer(q, ' 仁 ')).toEqual({ isCorrect: true, method: 'exact_text' });
    expect(gradeAnswer(q, '義').isCorrect).toBe(false);
    expect(gradeAnswer(q, '').isCorrect).toBe(false);
  });

  it('never accepts an empty answer', () => {
    expect(gradeAnswer({ type: 'short_answer', correctAnswer: '學而時習之' }, '').isCorrect).toBe(false);
  });
});

describe('the 70 % rounding', () => {
  it('pins the ratio', () => {
    expect(KEYWORD_MATCH_PERCENT).toBe(70);
  });

  it.each([
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 3],
    [5, 4],
    [6, 5],
    [7, 5],
    [10, 7],
    [20, 14],
    [0, 0],
  ])('%i pieces need %i', (count, needed) => {
    expect(requiredMatches(count)).toBe(needed);
  });
});
