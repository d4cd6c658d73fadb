import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerPieces, gradeAnswer, requiredMatches } from './grading.ts';

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
  it('never throws on any strings', () => {
    fc.assert(
      fc.property(
        anyType,
        anyText,
        fc.option(fc.array(anyText), { nil: null }),
        anyText,
        (type, correctAnswer, keywords, answer) => {
          const result = gradeAnswer({ type, correctAnswer, keywords }, answer);
          expect(typeof result.isCorrect).toBe('boolean');
        },
      ),
    );
  });

  it('accepts the correct answer itself for every type', () => {
    fc.assert(
      fc.property(anyType, fc.string({ unit: 'grapheme', minLength: 1 }), (type, correctAnswer) => {
        fc.pre(correctAnswer.trim().length > 0);
        expect(gradeAnswer({ type, correctAnswer, keywords: null }, correctAnswer).isCorrect).toBe(true);
      }),
    );
  });

  it('needs between 70 % and 70 % plus one of the pieces', () => {
    fc.assert(
      fc.property(fc.nat(10_000), (count) => {
        const needed = requiredMatches(count);
        expect(needed * 100).toBeGreaterThanOrEqual(count * 70);
        expect((needed - 1) * 100).toBeLessThan(count * 70);
      }),
    );
  });

  it('keeps only pieces longer than one character', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        for (const piece of answerPieces(text)) expect([...piece].length).toBeGreaterThan(1);
      }),
    );
  });
});
