/**
 * The marker on the real content: for every free-text item that has a scheme, the model answer earns
 * full marks whatever its punctuation marks, a paste of the source never earns a point, and removing any
 * negation of the model answer never keeps full marks.
 */
import { readFileSync } from 'node:fs';
import { foldText, markAnswer, markingSource } from '@wenyan/domain';
import fc from 'fast-check';
import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { type FreeTextItem, NEGATION_CHARACTERS } from './marking-rules.ts';
import { DSE_MARKED_TYPES, type MarkingScheme } from './schema.ts';

const dataDir = new URL('../data/', import.meta.url);
const readJson = (file: string): unknown => JSON.parse(readFileSync(new URL(file, dataDir), 'utf8'));
const lessonFiles = Array.from(
  { length: 16 },
  (_, i) => `questions/lesson-${String(i + 1).padStart(2, '0')}.json`,
);

type Schemed = FreeTextItem & { marking: MarkingScheme };
const items: Schemed[] = [
  ...lessonFiles.flatMap((file) => readJson(file) as FreeTextItem[]),
  ...(readJson('dse-papers.json') as { questions: FreeTextItem[] }[]).flatMap((p) => p.questions),
].filter(
  (q): q is Schemed =>
    (q.type === 'sentence_translation' || (DSE_MARKED_TYPES as readonly string[]).includes(q.type)) &&
    Array.isArray(q.marking?.points),
);

const punctuation = fc.constantFrom('，', '。', ' ', '；', '！', '\n', '', '，  ');
/** The text with each of its punctuation marks changed for another (or none): its clauses stay. */
const punctuate = (text: string) => {
  const clauses = text.split(/[\s\p{P}]+/u).filter((c) => c.length > 0);
  return fc
    .array(punctuation, { minLength: clauses.length, maxLength: clauses.length })
    .map((marks) => clauses.map((clause, i) => clause + (marks[i] ?? '')).join(''));
};
/** The text with a random mark (or none) after each character. */
const punctuateAnywhere = (text: string) =>
  fc
    .array(punctuation, { minLength: [...text].length, maxLength: [...text].length })
    .map((marks) => [...text].map((ch, i) => ch + (marks[i] ?? '')).join(''));
const anItem = fc.constantFrom(...items);
/** Several hundred markings each: CPU-bound, so a busy machine gets time (no speed is asserted). */
const PROPERTY_TIMEOUT_MS = 60_000;

describe('the marker on the content', () => {
  it('has items with schemes to check', () => {
    expect(items.length).toBeGreaterThan(0);
  });

  it(
    'the model answer always earns full marks, whatever its punctuation marks',
    () => {
      fc.assert(
        fc.property(
          anItem.chain((item) => fc.tuple(fc.constant(item), punctuate(item.correctAnswer))),
          ([item, answer]) => {
            const marking = markAnswer(item.marking, markingSource(item), answer, {
              type: item.type,
              model: item.correctAnswer,
            });
            expect(marking.isCorrect, `${item.id}: 「${answer}」`).toBe(true);
          },
        ),
        { numRuns: Math.max(200, items.length * 3) },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'the model answer written in Simplified characters earns full marks too',
    () => {
      const toSimplified = OpenCC.Converter({ from: 'hk', to: 'cn' });
      const offenders = items
        .map((item) => ({ item, simplified: toSimplified(item.correctAnswer) }))
        .filter(
          ({ item, simplified }) =>
            !markAnswer(item.marking, markingSource(item), simplified, {
              type: item.type,
              model: item.correctAnswer,
            }).isCorrect,
        )
        .map(({ item, simplified }) => `${item.id}: 「${simplified}」`);
      expect(offenders, offenders.join('\n')).toEqual([]);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'a paste of the source never earns a point',
    () => {
      const translations = items.filter((item) => item.targetText);
      fc.assert(
        fc.property(
          fc
            .constantFrom(...translations)
            .chain((item) => fc.tuple(fc.constant(item), punctuateAnywhere(foldText(item.targetText ?? '')))),
          ([item, pasted]) => {
            const marking = markAnswer(item.marking, markingSource(item), pasted, {
              type: item.type,
              model: item.correctAnswer,
            });
            expect(marking.earned, `${item.id}: 「${pasted}」`).toBe(0);
          },
        ),
        { numRuns: Math.max(200, translations.length * 3) },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'removing a negation of the model answer never keeps full marks',
    () => {
      const withNegation = items.filter((item) => foldText(item.correctAnswer).match(NEGATION_CHARACTERS));
      expect(withNegation.length).toBeGreaterThan(0);
      fc.assert(
        fc.property(
          fc.constantFrom(...withNegation).chain((item) => {
            const model = foldText(item.correctAnswer);
            const at = [...model.matchAll(NEGATION_CHARACTERS)].map((m) => m.index ?? 0);
            return fc.tuple(fc.constant(item), fc.constantFrom(...at));
          }),
          ([item, at]) => {
            const model = foldText(item.correctAnswer);
            const without = model.slice(0, at) + model.slice(at + 1);
            expect(
              markAnswer(item.marking, markingSource(item), without, {
                type: item.type,
                model: item.correctAnswer,
              }).isCorrect,
              `${item.id}: 「${without}」`,
            ).toBe(false);
          },
        ),
        { numRuns: Math.max(100, withNegation.length * 3) },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
