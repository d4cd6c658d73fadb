/**
 * Option length must not give the key away (issue 20): in each lesson's bank, the key is the longest
 * option (ties included) in no more than a third of the choice items, and a student who always picks
 * the option of one length rank scores well below what knowing the text gives.
 */
import { describe, expect, it } from 'vitest';
import { type ContentQuestion, lessonQuestionBanks } from './index.ts';

const length = (text: string) => [...text].length;

/** Whether the key is at least as long as every other option. */
export function keyIsLongest(question: Pick<ContentQuestion, 'options' | 'correctAnswer'>): boolean {
  const options = question.options ?? [];
  return options.every((option) => length(option) <= length(question.correctAnswer));
}

/** The share of items a student answers right by always picking the option of a given length rank (0 = longest). */
function rankStrategyScore(items: readonly ContentQuestion[], rank: number): number {
  const right = items.filter((q) => {
    const byLength = [...(q.options ?? [])].sort((a, b) => length(b) - length(a));
    return byLength[Math.min(rank, byLength.length - 1)] === q.correctAnswer;
  }).length;
  return right / items.length;
}

const choiceItemsOf = (lessonId: number) =>
  (lessonQuestionBanks[lessonId] ?? []).filter((q) => q.options !== null && q.options.length > 1);

describe('option lengths', () => {
  it('in every lesson the key is the longest option in no more than a third of the choice items', () => {
    const offenders = Object.keys(lessonQuestionBanks).flatMap((id) => {
      const items = choiceItemsOf(Number(id));
      const longest = items.filter(keyIsLongest).length;
      return longest * 3 > items.length ? [`lesson ${id}: key longest in ${longest} of ${items.length}`] : [];
    });
    expect(offenders).toEqual([]);
  });

  it('no length rank pays: always picking the longest, second, third or shortest scores under 40 % overall', () => {
    const all = Object.keys(lessonQuestionBanks).flatMap((id) => choiceItemsOf(Number(id)));
    for (const rank of [0, 1, 2, 3]) {
      expect(rankStrategyScore(all, rank), `rank ${rank}`).toBeLessThan(0.4);
    }
  });

  it('counts ties with the key as the key being longest', () => {
    expect(keyIsLongest({ options: ['甲乙', '丙丁', '戊'], correctAnswer: '甲乙' })).toBe(true);
    expect(keyIsLongest({ options: ['甲乙丙', '丁戊', '己'], correctAnswer: '丁戊' })).toBe(false);
  });
});
