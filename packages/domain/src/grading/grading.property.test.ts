import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gradeAnswer } from './grading.ts';

const anyText = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }));
const anyType = fc.oneof(
  fc.constantFrom(
    'word_interpretation',
    'sentence_translation',
    'sentence_memorization',
    'short_answer',
    'fill_in_blank',
  ),
  fc.string(),
);

describe('grading properties', () => {
  it('never throws on any strings, with or without a scheme', () => {
    fc.assert(
      fc.property(
        anyType,
        anyText,
        fc.option(fc.array(anyText, { maxLength: 4 }), { nil: null }),
        anyText,
        (type, correctAnswer, accept, answer) => {
          const marking = accept
            ? { points: [{ id: 'p1', kind: 'word' as const, source: 'x', label: 'x', accept }] }
            : null;
          const result = gradeAnswer({ type, correctAnswer, targetText: correctAnswer, marking }, answer);
          expect(typeof result.isCorrect).toBe('boolean');
        },
      ),
    );
  });

  it('accepts the correct answer itself when there is no scheme and it has words', () => {
    fc.assert(
      fc.property(anyType, fc.string({ unit: 'grapheme', minLength: 1 }), (type, correctAnswer) => {
        fc.pre(/[\p{L}\p{N}]/u.test(correctAnswer));
        expect(gradeAnswer({ type, correctAnswer }, correctAnswer).isCorrect).toBe(true);
      }),
    );
  });
});
