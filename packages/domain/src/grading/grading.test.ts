import { describe, expect, it } from 'vitest';
import { CHOICE_QUESTION_TYPES, gradeAnswer, markingSource } from './grading.ts';

describe('choice questions: exact equality', () => {
  const question = { type: 'word_interpretation', correctAnswer: '喜悅' };

  it('is correct only for the exact option', () => {
    expect(gradeAnswer(question, '喜悅')).toEqual({ isCorrect: true, method: 'choice' });
    expect(gradeAnswer(question, '喜悅 ').isCorrect).toBe(false);
    expect(gradeAnswer(question, '喜').isCorrect).toBe(false);
  });

  it('covers the choice types of the content and of the papers', () => {
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

describe('free text with a marking scheme: scoring points', () => {
  const question = {
    type: 'sentence_translation',
    targetText: '不仁者，不可以久處約',
    content: '試把「不仁者，不可以久處約」譯為白話文。',
    correctAnswer: '沒有仁德的人，不能長久處於窮困之中。',
    marking: {
      points: [
        { id: 'p1', kind: 'word' as const, source: '約', label: '「約」解作窮困', accept: ['窮困', '貧困'] },
        {
          id: 'p2',
          kind: 'negation' as const,
          source: '不可以',
          label: '保留否定',
          accept: ['不能', '不可'],
        },
      ],
    },
  };

  it('given the model answer, when graded, then it is correct with every point', () => {
    const grading = gradeAnswer(question, question.correctAnswer);
    expect(grading).toMatchObject({ isCorrect: true, method: 'points' });
    expect(grading.marking).toMatchObject({ earned: 2, available: 2, verdict: 'correct' });
  });

  it('given a paste of the quoted passage, when graded, then nothing is earned', () => {
    const grading = gradeAnswer(question, '不仁者不可以久處約');
    expect(grading.marking).toMatchObject({ earned: 0, copied: true, verdict: 'incorrect' });
  });

  it('given one word missed, when graded, then it is partial and not correct', () => {
    const grading = gradeAnswer(question, '沒有仁德的人，不能長久處於快樂之中');
    expect(grading.isCorrect).toBe(false);
    expect(grading.marking).toMatchObject({ earned: 1, available: 2, verdict: 'partial' });
  });

  it('given the required negation dropped, when graded, then the sentence is 未達要求', () => {
    const grading = gradeAnswer(question, '沒有仁德的人，能長久處於貧困之中');
    expect(grading.isCorrect).toBe(false);
    expect(grading.marking).toMatchObject({ earned: 0, available: 2, verdict: 'incorrect' });
    expect(grading.marking?.notes.map((n) => n.code)).toContain('negation_missing');
  });

  it('given another sentence altogether, when graded, then nothing is earned and no note says a negation was dropped', () => {
    const grading = gradeAnswer(question, '老師是用來傳授道理、教授學業、解答疑惑的人。');
    expect(grading.isCorrect).toBe(false);
    expect(grading.marking).toMatchObject({ earned: 0, available: 2, verdict: 'incorrect' });
    expect(grading.marking?.notes.map((n) => n.code)).not.toContain('negation_missing');
  });

  it('given only the negated words, without their negation, when graded, then the note says the negation was dropped', () => {
    const calm = {
      type: 'sentence_translation',
      targetText: '波瀾不驚',
      content: '試把「波瀾不驚」譯為白話文。',
      correctAnswer: '湖面平靜，沒有波浪起伏。',
      marking: {
        points: [
          {
            id: 'p1',
            kind: 'negation' as const,
            source: '波瀾不驚',
            label: '保留否定「波瀾不驚」',
            accept: ['沒有波浪起伏', '沒有波浪'],
          },
        ],
      },
    };
    const grading = gradeAnswer(calm, '湖面波浪起伏。');
    expect(grading.marking).toMatchObject({ earned: 0, verdict: 'incorrect' });
    expect(grading.marking?.notes.map((n) => n.code)).toContain('negation_missing');
    expect(gradeAnswer(calm, '老師是傳授道理的人。').marking?.notes.map((n) => n.code)).not.toContain(
      'negation_missing',
    );
  });
});

describe('free text without a scheme: folded equality', () => {
  it('ignores punctuation, spaces and Simplified forms, nothing else', () => {
    const q = { type: 'sentence_memorization', correctAnswer: '學而時習之，不亦說乎？' };
    expect(gradeAnswer(q, '  学而时习之 不亦说乎')).toEqual({ isCorrect: true, method: 'exact_text' });
    expect(gradeAnswer(q, '學而時習之').isCorrect).toBe(false);
    expect(gradeAnswer({ type: 'short_answer', correctAnswer: '仁' }, '').isCorrect).toBe(false);
  });

  it('no longer passes a translation by keywords when it has no scheme', () => {
    const q = { type: 'sentence_translation', correctAnswer: '君子處於困境時仍堅守節操' };
    expect(gradeAnswer(q, '君子困境堅守節操').isCorrect).toBe(false);
  });
});

describe('markingSource', () => {
  it('is the targetText and the passages the wording quotes, none repeated', () => {
    expect(markingSource({ targetText: '學而時習之', content: '試把「學而時習之」譯為白話文。' })).toBe(
      '學而時習之',
    );
    expect(
      markingSource({ targetText: '位卑則足羞', content: '〈師說〉「位卑則足羞，官盛則近諛」中「諛」字' }),
    ).toBe('位卑則足羞，官盛則近諛');
    expect(markingSource({ targetText: null, content: '「三人」指誰？「舉杯邀明月」' })).toBe(
      '三人\n舉杯邀明月',
    );
  });

  it('keeps one of two equal quoted passages, and none inside it', () => {
    expect(markingSource({ targetText: null, content: '「學而時習之」一句中，「學而時習之」的「習」' })).toBe(
      '學而時習之',
    );
  });

  it('is the targetText alone when the question has no wording', () => {
    expect(markingSource({ targetText: '學而時習之', content: null })).toBe('學而時習之');
  });
});
