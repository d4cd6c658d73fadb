import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldText } from './fold.ts';
import { type MarkingPoint, type MarkingScheme, markAnswer } from './marker.ts';

const anyText = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }));
const hanzi = fc.string({
  unit: fc.integer({ min: 0x4e00, max: 0x9fa5 }).map((code) => String.fromCodePoint(code)),
  minLength: 1,
  maxLength: 6,
});
const point = (id: string): fc.Arbitrary<MarkingPoint> =>
  fc.record({
    id: fc.constant(id),
    kind: fc.constantFrom('word', 'structure', 'negation', 'content'),
    source: hanzi,
    label: hanzi,
    accept: fc.array(hanzi, { minLength: 1, maxLength: 4 }),
    reject: fc.option(fc.array(hanzi, { minLength: 1, maxLength: 3 }), { nil: undefined }),
  });
const scheme: fc.Arbitrary<MarkingScheme> = fc
  .integer({ min: 1, max: 5 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => point(`p${i + 1}`))))
  .map((points) => ({ points }));
const punctuation = fc.constantFrom('，', '。', ' ', '、', '！', '？', '「', '」', '\n');

/** Inserts punctuation and spaces between the characters of a text. */
const repunctuated = (text: string) =>
  fc
    .array(fc.option(punctuation, { nil: '' }), { minLength: [...text].length, maxLength: [...text].length })
    .map((marks) => [...text].map((ch, i) => ch + (marks[i] ?? '')).join(''));

describe('marking properties', () => {
  it('never throws, and earned never exceeds available, whatever comes in', () => {
    fc.assert(
      fc.property(scheme, fc.option(anyText, { nil: null }), anyText, (s, source, answer) => {
        const marking = markAnswer(s, source, answer);
        expect(marking.earned).toBeLessThanOrEqual(marking.available);
        expect(marking.isCorrect).toBe(
          marking.available > 0 && marking.earned === marking.available && !marking.uncertain,
        );
        expect(marking.verdict === 'correct').toBe(marking.isCorrect);
        expect(marking.uncertain && marking.isCorrect).toBe(false);
      }),
    );
  });

  it('a paste of the source, however punctuated, never earns a point', () => {
    fc.assert(
      fc.property(
        scheme,
        fc.string({
          unit: fc.integer({ min: 0x4e00, max: 0x9fa5 }).map((c) => String.fromCodePoint(c)),
          minLength: 2,
          maxLength: 40,
        }),
        (s, source) =>
          fc.assert(
            fc.property(repunctuated(source), (pasted) => {
              const marking = markAnswer(s, source, pasted);
              expect(marking.earned).toBe(0);
              expect(marking.copied).toBe(true);
            }),
            { numRuns: 5 },
          ),
      ),
      { numRuns: 50 },
    );
  });

  it('an answer that holds no rendering of a point is never correct', () => {
    fc.assert(
      fc.property(scheme, fc.nat(), (s, pick) => {
        const dropped = s.points[pick % s.points.length] as MarkingPoint;
        const answer = s.points
          .filter((p) => p !== dropped)
          .map((p) => p.accept[0])
          .join('，');
        const folded = foldText(answer);
        // Not even with one character written otherwise (a 錯別字 may still earn a point).
        const near = (rendering: string) =>
          [...folded].some((_, start) => {
            const window = folded.slice(start, start + rendering.length);
            return (
              window.length === rendering.length &&
              [...window].filter((ch, i) => ch !== rendering[i]).length <= 1
            );
          });
        fc.pre(!dropped.accept.map(foldText).some((r) => folded.includes(r) || (r.length > 1 && near(r))));
        expect(markAnswer(s, '〇〇〇', answer).isCorrect).toBe(false);
      }),
    );
  });
});
