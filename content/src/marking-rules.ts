/**
 * The rules a free-text item's marking scheme must keep (content/README.md, "Marking schemes"), as
 * functions that list the problems of one item. The validation test runs them on every item; their
 * own tests prove each rule catches what it should.
 */
import { foldText, markAnswer, markingSource } from '@wenyan/domain';
import type { MarkingScheme } from './schema.ts';

/** A free-text item: a lesson's sentence translation or a paper's fill-in, short answer or 語譯. */
export type FreeTextItem = {
  readonly id: string;
  readonly type: string;
  readonly content: string;
  readonly targetText: string | null;
  readonly correctAnswer: string;
  readonly keywords?: unknown;
  readonly marking?: MarkingScheme | null;
};

type Schemed = FreeTextItem & { readonly marking: MarkingScheme };

/**
 * Negation characters, in both forms since the rules look at folded (Simplified) text; compounds
 * (不能、無法、未曾、沒有) are found by their first character.
 */
export const NEGATION_CHARACTERS = /[不沒没無无未非莫勿毋別别否]/gu;

const hasScheme = (item: FreeTextItem): item is Schemed => Array.isArray(item.marking?.points);

/** The item has a scheme, and no retired keywords. */
export function presenceProblems(item: FreeTextItem): string[] {
  const problems: string[] = [];
  if (!hasScheme(item)) problems.push(`${item.id}: no marking scheme`);
  if (item.keywords != null) problems.push(`${item.id}: still has keywords (set them to null)`);
  return problems;
}

/** Word, structure and negation points name characters of the source. */
export function pointSourceProblems(item: FreeTextItem): string[] {
  if (!hasScheme(item)) return [];
  const source = foldText(markingSource(item));
  return item.marking.points
    .filter((p) => p.kind !== 'content' && !source.includes(foldText(p.source)))
    .map((p) => `${item.id} ${p.id}: source 「${p.source}」 is not in 「${markingSource(item)}」`);
}

/** Rule 1: the model answer earns every point (and is no copy), and contains no reject entry. */
export function modelAnswerProblems(item: FreeTextItem): string[] {
  if (!hasScheme(item)) return [];
  const marking = markAnswer(item.marking, markingSource(item), item.correctAnswer, {
    type: item.type,
    model: item.correctAnswer,
  });
  const problems: string[] = [];
  if (marking.copied) problems.push(`${item.id}: the model answer reads as a copy of the source`);
  for (const point of marking.points.filter((p) => !p.earned)) {
    problems.push(`${item.id} ${point.id}: the model answer does not earn 「${point.label}」`);
  }
  const model = foldText(item.correctAnswer);
  for (const point of item.marking.points) {
    for (const reject of point.reject ?? []) {
      if (model.includes(foldText(reject)))
        problems.push(`${item.id} ${point.id}: the model answer contains reject 「${reject}」`);
    }
  }
  return problems;
}

/** Rule 2: no accepted rendering of a word, structure or content point is part of the source. */
export function sourceRenderingProblems(item: FreeTextItem): string[] {
  if (!hasScheme(item)) return [];
  const passages = markingSource(item).split('\n').map(foldText);
  return item.marking.points
    .filter((p) => p.kind !== 'negation')
    .flatMap((p) =>
      p.accept
        .filter((a) => passages.some((passage) => passage.includes(foldText(a))))
        .map((a) => `${item.id} ${p.id}: accepted 「${a}」 is part of the source`),
    );
}

/** Rule 3: there is a negation point if the model answer negates, and removing any negation loses a point. */
export function negationProblems(item: FreeTextItem): string[] {
  if (!hasScheme(item)) return [];
  const model = foldText(item.correctAnswer);
  const negations = [...model.matchAll(NEGATION_CHARACTERS)];
  if (negations.length === 0) return [];
  const problems: string[] = [];
  if (!item.marking.points.some((p) => p.kind === 'negation')) {
    const found = negations.map((m) => m[0]).join('');
    problems.push(`${item.id}: the model answer has 「${found}」 but no negation point`);
  }
  for (const negation of negations) {
    const at = negation.index ?? 0;
    const without = model.slice(0, at) + model.slice(at + 1);
    if (
      markAnswer(item.marking, markingSource(item), without, { type: item.type, model: item.correctAnswer })
        .isCorrect
    ) {
      const around = model.slice(Math.max(0, at - 3), at + 3);
      problems.push(`${item.id}: removing 「${negation[0]}」 in 「${around}」 keeps full marks`);
    }
  }
  return problems;
}

/**
 * Rule 4 (the part a machine can check): a translation's model answer is a written sentence ending in
 * 。！？ or 」, longer than its points' renderings put together. (A fill-in's answer is a word.)
 */
export function modelSentenceProblems(item: FreeTextItem): string[] {
  if (!hasScheme(item) || item.type !== 'sentence_translation') return [];
  const model = foldText(item.correctAnswer);
  const renderings = item.marking.points.map((p) => foldText(p.accept[0] ?? '')).join('');
  const ended = /[。！？」]$/u.test(item.correctAnswer.trim());
  return model.length < renderings.length || !ended
    ? [`${item.id}: 「${item.correctAnswer}」 is no full sentence`]
    : [];
}
